import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CatalogInput, type CompanyCaller, ItemSubjects, type ListQuery } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { CatalogsService } from './catalogs.service';

@BusController()
export class CatalogsHandler {
  constructor(private readonly catalogs: CatalogsService) {}

  @MessagePattern(ItemSubjects.listCatalogs)
  list(@Payload() p: { caller: CompanyCaller; supplierId: number; query: ListQuery }) {
    return this.catalogs.list(p.caller, p.supplierId, p.query);
  }

  @MessagePattern(ItemSubjects.getCatalog)
  get(@Payload() p: { caller: CompanyCaller; supplierId: number; catalogId: number }) {
    return this.catalogs.get(p.caller, p.supplierId, p.catalogId);
  }

  @MessagePattern(ItemSubjects.createCatalog)
  create(@Payload() p: { caller: CompanyCaller; supplierId: number; input: CatalogInput }) {
    return this.catalogs.create(p.caller, p.supplierId, p.input);
  }

  @MessagePattern(ItemSubjects.updateCatalog)
  update(@Payload() p: { caller: CompanyCaller; supplierId: number; catalogId: number; input: CatalogInput }) {
    return this.catalogs.update(p.caller, p.supplierId, p.catalogId, p.input);
  }

  @MessagePattern(ItemSubjects.deleteCatalog)
  async remove(@Payload() p: { caller: CompanyCaller; supplierId: number; catalogId: number }): Promise<null> {
    await this.catalogs.remove(p.caller, p.supplierId, p.catalogId);
    return null;
  }
}
