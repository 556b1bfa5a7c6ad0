import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@kanban/access';
import { type CatalogChanged, type CatalogDto, type CatalogInput, type CompanyCaller, ItemEvents, type ListQuery, type Page } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { allowedBy, assertParent } from '../items/item-visibility';
import { mayAccess } from '../restrictions/restriction-scope';
import { MasterDataService } from '../shared/master-data.service';
import { Catalog } from './catalog.entity';
import { CatalogsRepository } from './catalogs.repository';
import { applyCatalogInput, catalogSortProperty, normalizeCatalogInput, toCatalogDto } from './catalog.rules';

/**
 * Catalogs of a supplier: the shared master-data behaviour scoped to the supplier (which must exist and be
 * visible to the caller: else 404). A name used by another catalog of the supplier answers 1059; a catalog
 * that still has items cannot be deleted (1007).
 */
@Injectable()
export class CatalogsService {
  private readonly data: MasterDataService<Catalog, CatalogDto, CatalogInput>;

  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly catalogs: CatalogsRepository = new CatalogsRepository(),
  ) {
    this.data = new MasterDataService<Catalog, CatalogDto, CatalogInput>(uow, {
      entity: Catalog,
      kind: 'supplier',
      alias: 'catalog',
      activeOnly: {},
      isActive: () => true,
      markActive: () => undefined,
      sortProperty: catalogSortProperty,
      normalize: normalizeCatalogInput,
      apply: applyCatalogInput,
      toDto: toCatalogDto,
      event: ItemEvents.catalogChanged,
      changed: (c): CatalogChanged & Record<string, unknown> => ({ id: c.id, company_id: c.companyId, supplier_id: c.supplierId, name: c.name, ext_system_id: c.extSystemId }),
      visible: (alias, caller, known) => allowedBy('supplier', `${alias}.supplier_id`, caller, known),
      mayAccess: (em, caller, c) => mayAccess(em, 'supplier', caller, c.supplierId),
      validate: async (em, c) => {
        if (await catalogs.nameTaken(em, c, c.id)) throw new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field: 'name' });
      },
      dependents: [{ what: 'items', count: (em, c) => catalogs.itemCount(em, c.id) }],
    });
  }

  private async parent(caller: CompanyCaller, supplierId: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).read((em) => assertParent(em, 'supplier', caller, supplierId));
  }

  async list(caller: CompanyCaller, supplierId: number, query: ListQuery): Promise<Page<CatalogDto>> {
    await this.parent(caller, supplierId);
    // q matches part of the name, contract name or external id (applied here: the shared filter knows name, nr, city).
    const sql: [string, unknown[]][] = query.q ? [this.catalogs.searchCondition(query.q)] : [];
    return this.data.list(caller, { ...query, q: undefined, all: true }, undefined, { where: { supplierId }, sql });
  }

  async get(caller: CompanyCaller, supplierId: number, id: number): Promise<CatalogDto> {
    return this.data.get(caller, id, undefined, { where: { supplierId } });
  }

  async create(caller: CompanyCaller, supplierId: number, input: CatalogInput): Promise<CatalogDto> {
    await this.parent(caller, supplierId);
    return this.data.create(caller, input, undefined, { where: { supplierId } });
  }

  async update(caller: CompanyCaller, supplierId: number, id: number, input: CatalogInput): Promise<CatalogDto> {
    return this.data.update(caller, id, input, undefined, { where: { supplierId } });
  }

  async remove(caller: CompanyCaller, supplierId: number, id: number): Promise<void> {
    await this.data.remove(caller, id, undefined, { where: { supplierId } });
  }
}
