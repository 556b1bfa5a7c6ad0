import type { CompanyCaller, CompanyUserDto, ListQuery, RestrictionDto } from './identity';

/**
 * Users administration (spec 7 "Users"): subjects that join identity's users and access restrictions
 * with the catalog's customers, locations and suppliers. The names stay in the catalog; the gateway asks
 * for them over the bus when it answers (no copy in identity).
 */
export const UserAdminSubjects = {
  /** catalog: names (and a location's customer) of restriction targets in the caller's company */
  targets: 'catalog.user_admin.targets',
  /** identity: the users who may see one customer, location or supplier */
  usersOfTarget: 'identity.user_admin.users_of_target',
} as const;

export type RestrictionKind = 'customer' | 'location' | 'supplier';

/** Request of `catalog.user_admin.targets`: ids per kind; `locations_of` also lists a customer's locations. */
export interface TargetsRequest {
  caller: CompanyCaller;
  customer_ids?: number[];
  location_ids?: number[];
  supplier_ids?: number[];
  /** a customer whose location ids are wanted too (for the customer-level user page) */
  locations_of?: number;
}

export interface TargetName {
  id: number;
  name: string;
  /** a location's customer */
  customer_id?: number;
}

/**
 * Reply: only the ids that exist in the company and that the caller may see; unknown ids are left out.
 * `location_ids` holds the locations of `locations_of`.
 */
export interface TargetsReply {
  customers: TargetName[];
  locations: TargetName[];
  suppliers: TargetName[];
  location_ids: number[];
}

/** An access restriction with the name of what it points to (null when the catalog no longer has it). */
export interface NamedRestrictionDto extends RestrictionDto {
  kind: RestrictionKind;
  name: string | null;
}

/**
 * Which entity a user list is about: the restrictions that grant access to it (a customer: on it or one
 * of its locations; a location: on it or its customer; a supplier: on it).
 */
export interface UsersOfTargetScope {
  kind: RestrictionKind;
  customer_ids: number[];
  location_ids: number[];
  supplier_ids: number[];
}

export interface UsersOfTargetQuery extends ListQuery {
  role?: number;
  /** true (default): only users whose restrictions grant the entity; false: also the unrestricted users who see it */
  restricted?: boolean;
}

export interface UsersOfTargetRequest {
  caller: CompanyCaller;
  scope: UsersOfTargetScope;
  query: UsersOfTargetQuery;
}

/** A user who may see the entity; `grants` are the restrictions that allow it (empty: not restricted). */
export interface TargetUserDto extends CompanyUserDto {
  grants: RestrictionDto[];
}
