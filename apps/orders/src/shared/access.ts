import { AppError, ErrorCode, Role } from '@kanban/access';
import type { CompanyCaller } from '@kanban/contracts';
import { restrictedRowsCondition } from '@kanban/persistence';

export { containsPattern, pageOf, raw } from '@kanban/persistence';

/**
 * Which rows a caller may see, over the orders service's copy of the access restrictions (restrictedRowsCondition);
 * without `supplier` only customer and location restrictions apply.
 */
export function visibleCondition(caller: CompanyCaller, columns: { customer: string; location: string; supplier?: string }): [string, unknown[]] {
  return restrictedRowsCondition('orders', caller, columns);
}

/** Stock may be reported by staff who may change data and by customer users (the scanner app), not by read-only users. */
export function assertMayReportStock(caller: CompanyCaller): void {
  if (caller.role === Role.Readonly) throw new AppError(ErrorCode.NoPermission, 'read-only users cannot report stock');
}
