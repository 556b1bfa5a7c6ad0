import { AccessGroup, type AccessGroupName, hasRole, Role } from '@kanban/access';

/**
 * What a route (and so the menu entry leading to it) needs: a role group of spec 6, company membership (any role in
 * the company), `ordering` (the customer group without read-only users: who may order by hand and enter stock, as the
 * orders service decides), the platform operator flag, a session, or nothing.
 */
export type Auth = AccessGroupName | 'member' | 'ordering' | 'operator' | 'session' | 'public';

export interface Viewer {
  authenticated: boolean;
  operator: boolean;
  /** role in the current company; undefined when not a member or no company selected */
  role: Role | undefined;
}

export function passes(auth: Auth | undefined, viewer: Viewer): boolean {
  switch (auth) {
    case undefined:
    case 'public':
      return true;
    case 'session':
      return viewer.authenticated;
    case 'operator':
      return viewer.authenticated && viewer.operator;
    case 'member':
      return viewer.authenticated && viewer.role !== undefined;
    case 'ordering':
      return passes('customer', viewer) && viewer.role !== Role.Readonly;
    case 'admin':
    case 'owner':
    case 'user':
    case 'customer':
    case 'supplier':
    case 'guest':
      // a menu or route inside a company: the role must be in the group (spec 6)
      return viewer.authenticated && viewer.role !== undefined && hasRole(viewer.role, AccessGroup[auth]);
  }
}
