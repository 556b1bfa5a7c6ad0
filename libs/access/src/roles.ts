/** Role codes of spec section 6. The platform operator is a flag on the user, not a role code. */
export enum Role {
  Undefined = 0,
  Readonly = 1,
  Writer = 2,
  Admin = 3,
  Customer = 4,
  Supplier = 5,
  Owner = 6,
}

export const ALL_ROLES: readonly Role[] = [
  Role.Undefined,
  Role.Readonly,
  Role.Writer,
  Role.Admin,
  Role.Customer,
  Role.Supplier,
  Role.Owner,
];

/** Access groups of spec section 6: a group is the list of roles that pass it. */
export const AccessGroup = {
  admin: [Role.Admin],
  owner: [Role.Admin, Role.Owner],
  user: [Role.Admin, Role.Owner, Role.Writer],
  customer: [Role.Admin, Role.Owner, Role.Writer, Role.Readonly, Role.Customer],
  supplier: [Role.Admin, Role.Owner, Role.Writer, Role.Readonly, Role.Supplier],
  guest: [Role.Undefined],
} as const satisfies Record<string, readonly Role[]>;

export type AccessGroupName = keyof typeof AccessGroup;

/**
 * A check passes if no restriction is set or the role is in the list (spec 6).
 * `requirement` may be a group's role list or undefined/empty for "no restriction".
 */
export function hasRole(role: Role | undefined | null, requirement?: readonly Role[] | null): boolean {
  if (!requirement || requirement.length === 0) return true;
  return role !== undefined && role !== null && requirement.includes(role);
}

/** A list requirement passes if any of the user's roles matches. */
export function hasAnyRole(roles: readonly Role[], requirement?: readonly Role[] | null): boolean {
  if (!requirement || requirement.length === 0) return true;
  return roles.some((role) => requirement.includes(role));
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}

/** Roles that count as company staff ("users") for licences and app usage. */
export const STAFF_ROLES: readonly Role[] = [Role.Writer, Role.Admin, Role.Owner];

/** Licence and app-usage kind of a role. */
export type SeatKind = 'user' | 'customer' | 'supplier' | 'readonly';

export function seatKindOf(role: Role): SeatKind | null {
  switch (role) {
    case Role.Writer:
    case Role.Admin:
    case Role.Owner:
      return 'user';
    case Role.Customer:
      return 'customer';
    case Role.Supplier:
      return 'supplier';
    case Role.Readonly:
      return 'readonly';
    case Role.Undefined:
      return null;
  }
}

/**
 * Mobile app use (spec 6): only if the user is a user or a customer (not both, not supplier, not read-only)
 * according to the app usage counts.
 */
export function appUseAllowed(counts: Record<SeatKind, number>): boolean {
  const isUser = counts.user > 0;
  const isCustomer = counts.customer > 0;
  return isUser !== isCustomer && counts.supplier === 0 && counts.readonly === 0;
}
