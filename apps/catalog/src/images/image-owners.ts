import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessGroup, type AccessGroupName, AppError, ErrorCode, hasRole, ProtocolCode } from '@kanban/access';
import type { CompanyCaller, ImageOwnerField } from '@kanban/contracts';
import { itemAccessible } from '../items/item-visibility';
import { mayAccess } from '../restrictions/restriction-scope';

/**
 * The kinds of entity that may own images. Each names its table, the role groups that may read it (spec 6;
 * any one of them suffices) and whether a caller may see one row (access restrictions, and for items the
 * side the caller reads them from). Storages and storage locations belong to the storage service's issue.
 */
export interface ImageOwnerKind {
  /** the table, schema-qualified, holding `id` and `company_id` */
  table: string;
  readGroups: AccessGroupName[];
  visible(em: EntityManager, caller: CompanyCaller, id: number): Promise<boolean>;
}

/**
 * Items are read from the customer side (customer group) or from the supplier side (supplier group, only
 * items of a supplier's catalog): a caller outside the customer group sees the images of catalog items only,
 * and in any case only items their restrictions allow (as the item calls themselves).
 */
async function itemImagesVisible(em: EntityManager, caller: CompanyCaller, id: number): Promise<boolean> {
  if (!(await itemAccessible(em, caller, id))) return false;
  if (hasRole(caller.role, AccessGroup.customer)) return true;
  const rows = await em.execute<{ ok: number }[]>('select 1 as ok from catalog.item where id = ? and supplier_id is not null', [id]);
  return rows.length > 0;
}

export const IMAGE_OWNER_KINDS: Partial<Record<ImageOwnerField, ImageOwnerKind>> = {
  customer_id: { table: 'catalog.customer', readGroups: ['customer'], visible: (em, caller, id) => mayAccess(em, 'customer', caller, id) },
  supplier_id: { table: 'catalog.supplier', readGroups: ['supplier'], visible: (em, caller, id) => mayAccess(em, 'supplier', caller, id) },
  location_id: { table: 'catalog.location', readGroups: ['customer'], visible: (em, caller, id) => mayAccess(em, 'location', caller, id) },
  item_id: { table: 'catalog.item', readGroups: ['customer', 'supplier'], visible: itemImagesVisible },
};

export function ownerKind(field: ImageOwnerField): ImageOwnerKind {
  const kind = Object.hasOwn(IMAGE_OWNER_KINDS, field) ? IMAGE_OWNER_KINDS[field] : undefined;
  if (!kind) throw AppError.validation(field, 'images of this kind of entity are not available yet');
  return kind;
}

/** Read access to the owner: one of the role groups of its kind (1020 otherwise). */
export function assertMayRead(caller: CompanyCaller, kind: ImageOwnerKind): void {
  if (!kind.readGroups.some((group) => hasRole(caller.role, AccessGroup[group]))) throw new AppError(ErrorCode.NoPermission);
}

/**
 * The owner row must exist in the caller's company and be visible to the caller (404 otherwise). With
 * `lock`, the row is locked until the transaction ends so concurrent changes of its images serialise.
 */
export async function assertOwner(
  em: EntityManager,
  caller: CompanyCaller,
  field: ImageOwnerField,
  id: number,
  lock = false,
): Promise<ImageOwnerKind> {
  const kind = ownerKind(field);
  const rows = await em.execute<{ id: number }[]>(
    `select id from ${kind.table} where id = ? and company_id = ?${lock ? ' for update' : ''}`,
    [id, caller.companyId],
  );
  if (rows.length === 0 || !(await kind.visible(em, caller, id))) {
    throw new AppError(ProtocolCode.NotFound, `${field.replace(/_id$/, '')} not found`);
  }
  return kind;
}
