import { Role } from '@kanban/access';
import type { CompanyCaller } from '@kanban/contracts';

/**
 * The caller the delivery reads and renders as: the company's owner without access restrictions, no person (user 0).
 * The orders, catalog and identity services answer it as they would the owner.
 */
export function systemCaller(companyId: number): CompanyCaller {
  return { userId: 0, operator: false, companyId, role: Role.Owner };
}
