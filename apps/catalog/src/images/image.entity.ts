import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { ImageOwnerField } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * An image of a master-data entity (spec 3 Image). The bytes live in the blob store under
 * `images/<blob_key>`; the random key is also the public address `/api/image/<blob_key>`. Exactly one of
 * the entity ids is set; `owner_field`/`owner_id` repeat it so "one selected and one label-selected image
 * per entity" is a unique index, whatever kind of entity owns the image.
 */
@Entity({ tableName: 'image' })
@TenantOwned()
@Index({ properties: ['companyId', 'ownerField', 'ownerId'] })
@Index({
  name: 'image_one_selected',
  expression: 'create unique index "image_one_selected" on "catalog"."image" ("company_id", "owner_field", "owner_id") where "selected"',
})
@Index({
  name: 'image_one_selected_label',
  expression:
    'create unique index "image_one_selected_label" on "catalog"."image" ("company_id", "owner_field", "owner_id") where "selected_label"',
})
export class EntityImage extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'owner_field', type: 'text' })
  ownerField!: ImageOwnerField;

  @Property({ fieldName: 'owner_id', type: 'int' })
  ownerId!: number;

  @Property({ fieldName: 'customer_id', type: 'int', nullable: true })
  customerId: number | null = null;

  @Property({ fieldName: 'location_id', type: 'int', nullable: true })
  locationId: number | null = null;

  @Property({ fieldName: 'storage_id', type: 'int', nullable: true })
  storageId: number | null = null;

  @Property({ fieldName: 'storage_location_id', type: 'int', nullable: true })
  storageLocationId: number | null = null;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  @Property({ fieldName: 'item_id', type: 'int', nullable: true })
  itemId: number | null = null;

  @Property({ fieldName: 'blob_key', type: 'text', unique: true })
  blobKey!: string;

  @Property({ type: 'int' })
  width!: number;

  @Property({ type: 'int' })
  height!: number;

  @Property({ fieldName: 'content_type', type: 'text' })
  contentType!: string;

  @Property({ type: 'boolean', default: false })
  selected: boolean = false;

  @Property({ fieldName: 'selected_label', type: 'boolean', default: false })
  selectedLabel: boolean = false;

  @Property({ fieldName: 'created_at', type: 'timestamptz' })
  createdAt: Date = new Date();
}

/** The entity property holding the id named by an owner field. */
export const OWNER_PROPERTY = {
  customer_id: 'customerId',
  location_id: 'locationId',
  storage_id: 'storageId',
  storage_location_id: 'storageLocationId',
  supplier_id: 'supplierId',
  item_id: 'itemId',
} as const satisfies Record<ImageOwnerField, keyof EntityImage>;
