import { Role } from '@kanban/access';
import { type Auth, passes, type Viewer } from './access';

const anonymous: Viewer = { authenticated: false, operator: false, role: undefined };
const member = (role: Role): Viewer => ({ authenticated: true, operator: false, role });
const operator: Viewer = { authenticated: true, operator: true, role: undefined };
const signedInNoCompany: Viewer = { authenticated: true, operator: false, role: undefined };

const GROUPS = ['admin', 'owner', 'user', 'customer', 'supplier', 'guest'] as const;

/** Spec 6: admin [3]; owner [3,6]; user [3,6,2]; customer [3,6,2,1,4]; supplier [3,6,2,1,5]; guest only [0]. */
const EXPECTED: Record<Role, readonly (typeof GROUPS)[number][]> = {
  [Role.Undefined]: ['guest'],
  [Role.Readonly]: ['customer', 'supplier'],
  [Role.Writer]: ['user', 'customer', 'supplier'],
  [Role.Admin]: ['admin', 'owner', 'user', 'customer', 'supplier'],
  [Role.Customer]: ['customer'],
  [Role.Supplier]: ['supplier'],
  [Role.Owner]: ['owner', 'user', 'customer', 'supplier'],
};

describe('menu and route access (spec 6)', () => {
  it.each(Object.entries(EXPECTED).map(([role, groups]) => [Number(role) as Role, groups]))(
    'role %i passes exactly the groups %j',
    (role, groups) => {
      for (const group of GROUPS)
        expect([group, passes(group, member(role))]).toEqual([group, groups.includes(group)]);
    },
  );

  it('read-only (1) sees customer- and supplier-group entries but not user-, owner- or admin-group ones', () => {
    const readonly = member(Role.Readonly);
    expect(passes('customer', readonly)).toBe(true);
    expect(passes('supplier', readonly)).toBe(true);
    expect(passes('user', readonly)).toBe(false);
    expect(passes('owner', readonly)).toBe(false);
    expect(passes('admin', readonly)).toBe(false);
  });

  it('entries without a restriction (or public ones) pass for everybody, signed in or not', () => {
    for (const viewer of [
      anonymous,
      operator,
      signedInNoCompany,
      member(Role.Supplier),
      member(Role.Undefined),
    ]) {
      expect(passes(undefined, viewer)).toBe(true);
      expect(passes('public', viewer)).toBe(true);
    }
  });

  it('ordering (order by hand, enter stock): the customer group without read-only users', () => {
    const ordering = [Role.Writer, Role.Admin, Role.Customer, Role.Owner];
    for (const role of [Role.Undefined, Role.Readonly, Role.Writer, Role.Admin, Role.Customer, Role.Supplier, Role.Owner])
      expect([role, passes('ordering', member(role))]).toEqual([role, ordering.includes(role)]);
    expect(passes('ordering', operator)).toBe(false);
    expect(passes('ordering', { ...member(Role.Admin), authenticated: false })).toBe(false);
  });

  it('a session needs authentication, nothing else', () => {
    expect(passes('session', anonymous)).toBe(false);
    expect(passes('session', signedInNoCompany)).toBe(true);
    expect(passes('session', operator)).toBe(true);
  });

  it('the operator flag is not a company role, and a company role is not the operator flag', () => {
    expect(passes('operator', operator)).toBe(true);
    expect(passes('operator', member(Role.Owner))).toBe(false);
    expect(passes('operator', { ...operator, authenticated: false })).toBe(false);
    for (const group of GROUPS) expect(passes(group, operator)).toBe(false);
    expect(passes('member', operator)).toBe(false);
  });

  it('member: any role in the current company', () => {
    for (const role of [Role.Readonly, Role.Writer, Role.Admin, Role.Customer, Role.Supplier, Role.Owner])
      expect(passes('member', member(role))).toBe(true);
    expect(passes('member', signedInNoCompany)).toBe(false);
    expect(passes('member', anonymous)).toBe(false);
  });

  it('nothing that needs a role passes without a session, even with a role at hand', () => {
    const stale: Viewer = { authenticated: false, operator: true, role: Role.Admin };
    for (const auth of [...GROUPS, 'member', 'operator', 'session'] satisfies Auth[])
      expect(passes(auth, stale)).toBe(false);
  });

  it('a group check without a company role fails', () => {
    for (const group of GROUPS) expect(passes(group, signedInNoCompany)).toBe(false);
  });
});
