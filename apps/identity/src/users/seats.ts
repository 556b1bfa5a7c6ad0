import { AppError, ErrorCode, type Role, type SeatKind, seatKindOf } from '@kanban/access';
import type { Company } from '../companies/company.entity';
import type { Membership } from './membership.entity';

/**
 * Licence check (1058) in a company: the company's limit for the role's kind and for app users, given the seats
 * used now (`UsersRepository.seatCounts`), with `current` (a membership whose role or app flag changes) not
 * counted twice.
 */
export function assertSeatFree(counts: Record<SeatKind | 'app', number>, company: Company, role: Role, app: boolean, current: Membership | null): void {
  const used = { ...counts };
  const kind = seatKindOf(role);
  if (current) {
    const currentKind = seatKindOf(current.role);
    if (currentKind) used[currentKind]--;
    if (current.app) used.app--;
  }
  const limits = { user: company.maxUsers, customer: company.maxCustomers, supplier: company.maxSuppliers, readonly: company.maxReadonly };
  if (kind && used[kind] + 1 > limits[kind]) throw new AppError(ErrorCode.LicenseLimit);
  if (app && used.app + 1 > company.maxAppUsers) throw new AppError(ErrorCode.LicenseLimit);
}
