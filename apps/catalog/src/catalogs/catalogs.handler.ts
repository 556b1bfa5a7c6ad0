import { Payload } from '@nestjs/microservices';
import { type BusRequest, ItemSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { CatalogsService } from './catalogs.service';

@BusController()
export class CatalogsHandler {
  constructor(private readonly catalogs: CatalogsService) {}

  @Handles(ItemSubjects.listCatalogs)
  list(@Payload() p: BusRequest<'catalog.catalog.list'>) {
    return this.catalogs.list(p.caller, p.supplierId, p.query);
  }

  @Handles(ItemSubjects.getCatalog)
  get(@Payload() p: BusRequest<'catalog.catalog.get'>) {
    return this.catalogs.get(p.caller, p.supplierId, p.catalogId);
  }

  @Handles(ItemSubjects.createCatalog)
  create(@Payload() p: BusRequest<'catalog.catalog.create'>) {
    return this.catalogs.create(p.caller, p.supplierId, p.input);
  }

  @Handles(ItemSubjects.updateCatalog)
  update(@Payload() p: BusRequest<'catalog.catalog.update'>) {
    return this.catalogs.update(p.caller, p.supplierId, p.catalogId, p.input);
  }

  @Handles(ItemSubjects.deleteCatalog)
  async remove(@Payload() p: BusRequest<'catalog.catalog.delete'>): Promise<null> {
    await this.catalogs.remove(p.caller, p.supplierId, p.catalogId);
    return null;
  }
}
