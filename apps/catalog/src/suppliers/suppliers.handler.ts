import { Payload } from '@nestjs/microservices';
import { type BusRequest, CatalogSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { SuppliersService } from './suppliers.service';

@BusController()
export class SuppliersHandler {
  constructor(private readonly suppliers: SuppliersService) {}

  @Handles(CatalogSubjects.listSuppliers)
  list(@Payload() p: BusRequest<'catalog.supplier.list'>) {
    return this.suppliers.list(p.caller, p.query);
  }

  @Handles(CatalogSubjects.getSupplier)
  get(@Payload() p: BusRequest<'catalog.supplier.get'>) {
    return this.suppliers.get(p.caller, p.supplierId);
  }

  @Handles(CatalogSubjects.createSupplier)
  create(@Payload() p: BusRequest<'catalog.supplier.create'>) {
    return this.suppliers.create(p.caller, p.input);
  }

  @Handles(CatalogSubjects.updateSupplier)
  update(@Payload() p: BusRequest<'catalog.supplier.update'>) {
    return this.suppliers.update(p.caller, p.supplierId, p.input);
  }

  @Handles(CatalogSubjects.toggleSupplier)
  toggle(@Payload() p: BusRequest<'catalog.supplier.toggle_active'>) {
    return this.suppliers.setActive(p.caller, p.supplierId, p.active);
  }

  @Handles(CatalogSubjects.deleteSupplier)
  /** `confirm`: also delete its images (else 1002 when it has some); answers the blob keys to remove. */
  remove(@Payload() p: BusRequest<'catalog.supplier.delete'>): Promise<{ released: string[] }> {
    return this.suppliers.remove(p.caller, p.supplierId, undefined, { confirm: p.confirm });
  }
}
