import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogSubjects, type CompanyCaller, type SupplierInput, type SupplierListQuery } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { SuppliersService } from './suppliers.service';

@BusController()
export class SuppliersHandler {
  constructor(private readonly suppliers: SuppliersService) {}

  @MessagePattern(CatalogSubjects.listSuppliers)
  list(@Payload() p: { caller: CompanyCaller; query: SupplierListQuery }) {
    return this.suppliers.list(p.caller, p.query);
  }

  @MessagePattern(CatalogSubjects.getSupplier)
  get(@Payload() p: { caller: CompanyCaller; supplierId: number }) {
    return this.suppliers.get(p.caller, p.supplierId);
  }

  @MessagePattern(CatalogSubjects.createSupplier)
  create(@Payload() p: { caller: CompanyCaller; input: SupplierInput }) {
    return this.suppliers.create(p.caller, p.input);
  }

  @MessagePattern(CatalogSubjects.updateSupplier)
  update(@Payload() p: { caller: CompanyCaller; supplierId: number; input: SupplierInput }) {
    return this.suppliers.update(p.caller, p.supplierId, p.input);
  }

  @MessagePattern(CatalogSubjects.toggleSupplier)
  toggle(@Payload() p: { caller: CompanyCaller; supplierId: number; active: boolean }) {
    return this.suppliers.setActive(p.caller, p.supplierId, p.active);
  }

  @MessagePattern(CatalogSubjects.deleteSupplier)
  /** `confirm`: also delete its images (else 1002 when it has some); answers the blob keys to remove. */
  remove(@Payload() p: { caller: CompanyCaller; supplierId: number; confirm?: boolean }): Promise<{ released: string[] }> {
    return this.suppliers.remove(p.caller, p.supplierId, undefined, { confirm: p.confirm });
  }
}
