import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessGroup, type AccessGroupName, AppError, ErrorCode, hasRole, ProtocolCode } from '@kanban/access';
import type { CompanyCaller, ImageOwnerField } from '@kanban/contracts';
import { mayAccess } from '../restrictions/restriction-scope';

/**
 * The kinds of entity that may own images. Each names its table, the role group that may read it (spec 6)
 * and whether a caller may see one row (access restrictions). Locations and items add their row here
 * when they arrive; storages and storage locations belong to the storage service's issue.
 */
export interface ImageOwnerKind {
  /** the table, schema-qualified, holding `id` and `company_id` */
  table: string;
  readGroup: AccessGroupName;
  visible(em: EntityManager, caller: CompanyCaller, id: number): Promise<boolean>;
}

export const IMAGE_OWNER_KINDS: Partial<Record<ImageOwnerField, ImageOwnerKind>> = {
  customer_id: { table: 'catalog.customer', readGroup: 'customer', visible: (em, caller, id) => mayAccess(em, 'customer', caller, id) },
  supplier_id: { table: 'catalog.supplier', readGroup: 'supplier', visible: (em, caller, id) => mayAccess(em, 'supplier', caller, id) },
};

export function ownerKind(field: ImageOwnerField): ImageOwnerKind {
  const kind = IMAGE_OWNER_KINDS[field];
  if (!kind) throw AppError.validation(field, 'images of this kind of entity are not available yet');
  return kind;
}

/** Read access to the owner: the role group of its kind (1020 otherwise). */
export function assertMayRead(caller: CompanyCaller, kind: ImageOwnerKind): void {
  if (!hasRole(caller.role, AccessGroup[kind.readGroup])) throw new AppError(ErrorCode.NoPermission);
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
