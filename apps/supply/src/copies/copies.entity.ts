import { Entity, Index, Property } from '@mikro-orm/core';
import { CopiedRecord, NamedCopy, RestrictionCopyColumns, TenantOwned } from '@kanban/persistence';

/**
 * The supply service's copy of what it needs from the catalog to describe a supply (names and the catalog's
 * external id), fed by the catalog's events, and filled by one snapshot call for records it has seen no event
 * of (demo data, records older than the service). Id, name and `version` (an older state never overwrites a
 * newer one) come from the shared copy columns of libs/persistence.
 */
@Entity({ tableName: 'customer_copy' })
@TenantOwned()
export class CustomerCopy extends NamedCopy {}

@Entity({ tableName: 'supplier_copy' })
@TenantOwned()
export class SupplierCopy extends NamedCopy {}

@Entity({ tableName: 'location_copy' })
@TenantOwned()
export class LocationCopy extends NamedCopy {
  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;
}

@Entity({ tableName: 'catalog_copy' })
@TenantOwned()
export class CatalogCopy extends NamedCopy {
  @Property({ fieldName: 'supplier_id', type: 'int' })
  supplierId!: number;

  @Property({ fieldName: 'ext_system_id', type: 'text', default: '' })
  extSystemId: string = '';
}

/** An item's catalog (the supply line shows it). */
@Entity({ tableName: 'item_copy' })
@TenantOwned()
export class ItemCopy extends CopiedRecord {
  @Property({ fieldName: 'catalog_id', type: 'int', nullable: true })
  catalogId: number | null = null;
}

/** The supply service's copy of identity's access restrictions (like the catalog's and the orders service's). */
@Entity({ tableName: 'access_restriction' })
@TenantOwned()
@Index({ properties: ['companyId', 'userId'] })
export class RestrictionCopy extends RestrictionCopyColumns {}

export const COPY_ENTITIES = [CustomerCopy, SupplierCopy, LocationCopy, CatalogCopy, ItemCopy, RestrictionCopy];
