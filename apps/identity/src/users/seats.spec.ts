import { AppError, ErrorCode, Role } from '@kanban/access';
import type { Company } from '../companies/company.entity';
import type { Membership } from './membership.entity';
import { assertSeatFree } from './seats';

const company = { maxUsers: 2, maxCustomers: 1, maxSuppliers: 1, maxReadonly: 0, maxAppUsers: 1 } as Company;
const full = { user: 2, customer: 1, supplier: 0, readonly: 0, app: 1 };

function code(run: () => void): ErrorCode | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? (error.code as ErrorCode) : null;
  }
}

describe('assertSeatFree (licence check, 1058)', () => {
  it('refuses a seat of a kind at its limit and an app user at the app limit', () => {
    expect(code(() => assertSeatFree(full, company, Role.Writer, false, null))).toBe(ErrorCode.LicenseLimit);
    expect(code(() => assertSeatFree(full, company, Role.Customer, false, null))).toBe(ErrorCode.LicenseLimit);
    expect(code(() => assertSeatFree(full, company, Role.Readonly, false, null))).toBe(ErrorCode.LicenseLimit);
    expect(code(() => assertSeatFree(full, company, Role.Supplier, true, null))).toBe(ErrorCode.LicenseLimit);
    expect(code(() => assertSeatFree(full, company, Role.Supplier, false, null))).toBeNull();
    expect(code(() => assertSeatFree(full, company, Role.Undefined, false, null))).toBeNull();
  });

  it("does not count the changing membership's own seat and app use twice", () => {
    const user = { role: Role.Writer, app: true } as Membership;
    expect(code(() => assertSeatFree(full, company, Role.Owner, true, user))).toBeNull();
    const customer = { role: Role.Customer, app: false } as Membership;
    expect(code(() => assertSeatFree(full, company, Role.Writer, false, customer))).toBe(ErrorCode.LicenseLimit);
    expect(code(() => assertSeatFree(full, company, Role.Customer, true, customer))).toBe(ErrorCode.LicenseLimit);
  });

  it('leaves the counts it is given as they were', () => {
    const counts = { ...full };
    assertSeatFree(counts, company, Role.Owner, true, { role: Role.Writer, app: true } as Membership);
    expect(counts).toEqual(full);
  });
});
