import { AccessGroup, appUseAllowed, hasAnyRole, hasRole, Role, seatKindOf } from './roles';
import { AppError, ErrorCode, httpStatusOf, ProtocolCode } from './errors';

describe('roles and access groups (spec 6)', () => {
  it('has the exact groups', () => {
    expect(AccessGroup.admin).toEqual([3]);
    expect(AccessGroup.owner).toEqual([3, 6]);
    expect(AccessGroup.user).toEqual([3, 6, 2]);
    expect(AccessGroup.customer).toEqual([3, 6, 2, 1, 4]);
    expect(AccessGroup.supplier).toEqual([3, 6, 2, 1, 5]);
    expect(AccessGroup.guest).toEqual([0]);
  });

  it('passes a check without restriction or with the role in the list', () => {
    expect(hasRole(Role.Readonly, undefined)).toBe(true);
    expect(hasRole(Role.Readonly, [])).toBe(true);
    expect(hasRole(Role.Readonly, AccessGroup.customer)).toBe(true);
    expect(hasRole(Role.Supplier, AccessGroup.customer)).toBe(false);
    expect(hasRole(Role.Writer, AccessGroup.owner)).toBe(false);
    expect(hasRole(undefined, AccessGroup.guest)).toBe(false);
  });

  it('passes a list requirement if any role matches', () => {
    expect(hasAnyRole([Role.Customer, Role.Supplier], AccessGroup.admin)).toBe(false);
    expect(hasAnyRole([Role.Customer, Role.Admin], AccessGroup.admin)).toBe(true);
  });

  it('allows the app only to users or customers, not both, not suppliers or read-only', () => {
    const none = { user: 0, customer: 0, supplier: 0, readonly: 0 };
    expect(appUseAllowed({ ...none, user: 1 })).toBe(true);
    expect(appUseAllowed({ ...none, customer: 2 })).toBe(true);
    expect(appUseAllowed({ ...none, user: 1, customer: 1 })).toBe(false);
    expect(appUseAllowed({ ...none, user: 1, supplier: 1 })).toBe(false);
    expect(appUseAllowed({ ...none, customer: 1, readonly: 1 })).toBe(false);
    expect(appUseAllowed(none)).toBe(false);
  });

  it('maps roles to seat kinds', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((r) => seatKindOf(r as Role))).toEqual([null, 'readonly', 'user', 'user', 'customer', 'supplier', 'user']);
  });
});

describe('error catalogue', () => {
  it('gives every catalogue code an HTTP status and a message', () => {
    const codes = Object.values(ErrorCode).filter((v): v is ErrorCode => typeof v === 'number');
    expect(codes).toHaveLength(21);
    for (const code of codes) {
      expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
      expect(new AppError(code).message).not.toBe('unknown error');
    }
    expect(httpStatusOf(ErrorCode.NoPermission)).toBe(403);
    expect(httpStatusOf(ErrorCode.WrongCredentials)).toBe(401);
    expect(httpStatusOf(ProtocolCode.NotFound)).toBe(404);
  });

  it('carries the field of a validation error across the wire', () => {
    const error = AppError.validation('initials', 'at most 2 characters');
    const copy = AppError.fromBody(JSON.parse(JSON.stringify(error.toBody())));
    expect(copy).toMatchObject({ code: 1000, field: 'initials', errors: [{ field: 'initials', message: 'at most 2 characters' }] });
  });

  it('carries the data of an error (the rules of a 1007) across the wire', () => {
    const error = new AppError(ErrorCode.HasDependencies, 'used by 1 kanban rule(s)', { data: { rules: [{ id: 7, location_name: 'Hall A' }] } });
    const copy = AppError.fromBody(JSON.parse(JSON.stringify(error.toBody())));
    expect(copy).toMatchObject({ code: 1007, data: { rules: [{ id: 7, location_name: 'Hall A' }] } });
  });
});
