import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * The supply service's copy of what it needs from the catalog to describe a supply (names and the catalog's
 * external id), fed by the catalog's events, and filled by one snapshot call for records it has seen no event
 * of (demo data, records older than the service). `version`: an older state never overwrites a newer one.
 */
@Entity({ tableName: 'customer_copy' })
@TenantOwned()
export class CustomerCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

@Entity({ tableName: 'supplier_copy' })
@TenantOwned()
export class SupplierCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

@Entity({ tableName: 'location_copy' })
@TenantOwned()
export class LocationCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

@Entity({ tableName: 'catalog_copy' })
@TenantOwned()
export class CatalogCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ fieldName: 'supplier_id', type: 'int' })
  supplierId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ fieldName: 'ext_system_id', type: 'text', default: '' })
  extSystemId: string = '';

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

/** An item's catalog (the supply line shows it). */
@Entity({ tableName: 'item_copy' })
@TenantOwned()
export class ItemCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: false })
  id!: number;

  @Property({ fieldName: 'catalog_id', type: 'int', nullable: true })
  catalogId: number | null = null;

  @Property({ type: 'datetime', length: 6 })
  version!: Date;
}

/** The supply service's copy of identity's access restrictions (like the catalog's and the orders service's). */
@Entity({ tableName: 'access_restriction' })
@TenantOwned()
@Index({ properties: ['companyId', 'userId'] })
export class RestrictionCopy extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;
}

export const COPY_ENTITIES = [CustomerCopy, SupplierCopy, LocationCopy, CatalogCopy, ItemCopy, RestrictionCopy];
