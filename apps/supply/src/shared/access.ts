import { AppError, ErrorCode, Role } from '@kanban/access';
import type { CompanyCaller } from '@kanban/contracts';
import { restrictedRowsCondition } from '@kanban/persistence';

export { containsPattern, pageOf, raw } from '@kanban/persistence';

/** Which rows a caller may see, over the supply service's copy of the access restrictions (restrictedRowsCondition). */
export function visibleCondition(caller: CompanyCaller, columns: { customer: string; location: string; supplier: string }): [string, unknown[]] {
  return restrictedRowsCondition('supply', caller, columns);
}

/** Supplies are marked delivered (or taken back) by staff who may change data and by supplier users, not by read-only users. */
export function assertMayMarkDelivered(caller: CompanyCaller): void {
  if (caller.role === Role.Readonly) throw new AppError(ErrorCode.NoPermission, 'read-only users cannot mark supplies delivered');
}
