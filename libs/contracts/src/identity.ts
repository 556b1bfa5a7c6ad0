import type { Role } from '@kanban/access';

/** Request/reply subjects served by the identity service. */
export const IdentitySubjects = {
  health: 'identity.health',
  authenticate: 'identity.auth.authenticate',
  refresh: 'identity.auth.refresh',
  logout: 'identity.auth.logout',
  register: 'identity.auth.register',
  confirm: 'identity.auth.confirm',
  resetRequest: 'identity.auth.reset_request',
  resetPassword: 'identity.auth.reset_password',
  changePassword: 'identity.user.change_password',
  updateProfile: 'identity.user.update_profile',
  getProfile: 'identity.user.get_profile',
  setImage: 'identity.user.set_image',
  appUsage: 'identity.user.app_usage',
  listMyCompanies: 'identity.company.list_mine',
  getCompany: 'identity.company.get',
  updateCompany: 'identity.company.update',
  licenseStats: 'identity.company.license_stats',
  support: 'identity.company.support',
  listUsers: 'identity.users.list',
  getUser: 'identity.users.get',
  createUser: 'identity.users.create',
  updateUser: 'identity.users.update',
  deleteUser: 'identity.users.delete',
  resendInvitation: 'identity.users.resend',
  listInvitations: 'identity.invitations.list',
  withdrawInvitation: 'identity.invitations.withdraw',
  showInvitation: 'identity.invitations.show',
  acceptInvitation: 'identity.invitations.accept',
  listRestrictions: 'identity.restrictions.list',
  addRestriction: 'identity.restrictions.add',
  removeRestriction: 'identity.restrictions.remove',
  platformListCompanies: 'identity.platform.companies.list',
  platformCreateCompany: 'identity.platform.companies.create',
  platformUpdateCompany: 'identity.platform.companies.update',
} as const;

/** Durable events published by the identity service (JetStream stream EVT_identity). */
export const IdentityEvents = {
  mailRequested: 'evt.identity.mail_requested',
  userDeleted: 'evt.identity.user_deleted',
  membershipChanged: 'evt.identity.membership_changed',
  restrictionsChanged: 'evt.identity.restrictions_changed',
  companyCreated: 'evt.identity.company_created',
} as const;

export type ClientKind = 'web' | 'app';

/** Who is calling: set by the gateway from the verified access token. */
export interface Caller {
  userId: number;
  operator: boolean;
}

/** A company-scoped call: the gateway has already checked membership and role group. */
export interface CompanyCaller extends Caller {
  companyId: number;
  role: Role;
}

export interface UserData {
  shortcuts?: string[];
  [key: string]: unknown;
}

/** User as returned by the API (spec 3). */
export interface UserDto {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  initials: string;
  job_title: string;
  salutation: string;
  pref_language: 'de' | 'en';
  operator: boolean;
  email_confirmed: boolean;
  img: { url: string } | null;
  image_id: number | null;
  data: UserData;
  created_at: string;
}

/** Where the gateway serves a stored image: public, the random key makes the address unguessable. */
export function imageUrl(key: string): string {
  return `/api/image/${key}`;
}

/** Metadata of a profile image whose bytes the gateway has already stored in the blob store. */
export interface UserImageInput {
  /** 32 hex characters, random. */
  key: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

/** identity.user.set_image: `image` null removes the profile image. */
export interface SetUserImageRequest {
  caller: Caller;
  image: UserImageInput | null;
}

export interface SetUserImageReply {
  user: UserDto;
  /** Keys of images no longer referenced: the gateway removes their blobs. */
  released: string[];
}

/** A user as seen inside a company: with role, app use and restriction count. */
export interface CompanyUserDto extends UserDto {
  role: Role;
  app: boolean;
  access_restrictions: number;
  invitation_pending: boolean;
}

/**
 * An open invitation of an existing account (docs/users.md): `POST user/` answers it for an address that already has
 * an account, and `GET user/invitation` lists them. Only what the inviting company may see: no names or other
 * profile data of the person, no user id.
 */
export interface InvitationDto {
  invitation_id: number;
  email: string;
  role: Role;
  app: boolean;
  invitation_pending: true;
  invited_at: string;
  expires_at: string;
  /** the link is no longer valid (the admin may invite again) */
  expired: boolean;
}

/** What the invited person sees of an invitation before accepting it (`GET invitation?token=`). */
export interface InvitationPreviewDto {
  company_id: number;
  company: string;
  role: Role;
  app: boolean;
  expires_at: string;
}

export interface CompanyDto {
  id: number;
  name: string;
  nr: string;
  extended: string;
  street: string;
  postal: string;
  city: string;
  state: string;
  country_iso: string;
  timezone: string;
  user_role: Role | null;
  /** whether the caller's membership may use the mobile app (granted per user, licence-limited) */
  user_app: boolean;
  images: { url: string; selected: boolean }[];
  created_at: string;
}

export interface LicenseLimits {
  max_users: number;
  max_customers: number;
  max_suppliers: number;
  max_readonly: number;
  max_app_users: number;
}

export interface PlatformCompanyDto extends CompanyDto {
  license: LicenseLimits;
  user_count: number;
}

export interface LicenseStatsDto {
  kinds: { kind: 'user' | 'customer' | 'supplier' | 'readonly' | 'app'; used: number; limit: number }[];
}

export interface AppUsageDto {
  user: number;
  customer: number;
  supplier: number;
  readonly: number;
  allowed: boolean;
}

/** Access token claims: memberships travel in the token so the gateway checks tenancy without a call. */
export interface AccessClaims {
  sub: number;
  op?: 1;
  /** company id -> role */
  c: Record<string, Role>;
  ck: ClientKind;
}

export interface LoginResult {
  user: UserDto;
  token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_at: string;
}

export interface AuthenticateRequest {
  email: string;
  password: string;
  client: ClientKind;
  ip?: string;
}

/** One access restriction as events carry it: exactly one of the ids is set. */
export interface RestrictionTarget {
  customer_id: number | null;
  location_id: number | null;
  supplier_id: number | null;
}

/**
 * evt.identity.restrictions_changed: the full current set of a user's access restrictions in a company,
 * published in the transaction that changed it (an empty set: no restrictions, or no longer a member).
 */
export interface RestrictionsChanged {
  company_id: number;
  user_id: number;
  restrictions: RestrictionTarget[];
}

export interface RestrictionDto {
  id: number;
  user_id: number;
  customer_id: number | null;
  location_id: number | null;
  supplier_id: number | null;
  created_at: string;
}

export interface MailRequested {
  to: string;
  template: 'password_reset' | 'confirm_email' | 'invitation' | 'join_invitation' | 'support_request';
  language: 'de' | 'en';
  params: Record<string, string>;
}

export interface ListQuery {
  page?: number;
  per_page?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  q?: string;
}

/** Page and page size only (histories). */
export type PageQuery = Pick<ListQuery, 'page' | 'per_page'>;

/** identity.users.list: `restricted` only members with access restrictions, `role` only that role. */
export interface CompanyUserListQuery extends ListQuery {
  restricted?: boolean;
  role?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

/** identity.auth.register: with an invitation `token` the invited user sets a password; without, a new company opens. */
export interface RegisterRequest {
  token?: string;
  email?: string;
  password: string;
  first_name: string;
  last_name: string;
  company_name?: string;
  pref_language?: 'de' | 'en';
}

/** identity.user.update_profile: the fields of the own profile a user may change. */
export interface ProfileUpdate {
  first_name?: string;
  last_name?: string;
  initials?: string;
  job_title?: string;
  salutation?: string;
  pref_language?: 'de' | 'en';
  data?: UserData;
  /** Only the current value (a form sending the user back); setting and removing go through setImage. */
  image_id?: number | null;
}

/** identity.users.create / update: a member of the company. */
export interface CompanyUserInput extends Omit<ProfileUpdate, 'image_id'> {
  email?: string;
  role?: Role;
  app?: boolean;
}

/** identity.restrictions.add: exactly one of the ids is set. */
export interface RestrictionInput {
  user_id: number;
  customer_id?: number | null;
  location_id?: number | null;
  supplier_id?: number | null;
}

/** identity.company.update: the company's own fields. */
export interface CompanyUpdate {
  name?: string;
  nr?: string;
  extended?: string;
  street?: string;
  postal?: string;
  city?: string;
  state?: string;
  country_iso?: string;
  timezone?: string;
}

/** identity.platform.companies.create / update (the platform operator). */
export interface PlatformCompanyInput extends CompanyUpdate {
  license?: Partial<LicenseLimits>;
  owner_email?: string;
}

/** evt.identity.membership_changed: a user joined, left or changed role in a company (`role` null: left). */
export interface MembershipChanged {
  company_id: number;
  user_id: number;
  role?: Role | null;
}

/** evt.identity.user_deleted: a user account is gone. */
export interface UserDeleted {
  user_id: number;
}

/** evt.identity.company_created */
export interface CompanyCreated {
  company_id: number;
  name: string;
}
