import type { CompanyCaller, ListQuery } from './identity';

/** Request/reply subjects of contacts and the change log (catalog service) and of user names (identity). */
export const ContactSubjects = {
  list: 'catalog.contact.list',
  get: 'catalog.contact.get',
  create: 'catalog.contact.create',
  update: 'catalog.contact.update',
  remove: 'catalog.contact.delete',
  setMain: 'catalog.contact.set_main',
  rules: 'catalog.contact.rules',
  changes: 'catalog.changes.list',
  /** identity: display names of users of a company, for the change log */
  userNames: 'identity.users.names',
  /**
   * names of customers, locations, suppliers and contacts by id, only those the caller may see (access
   * restrictions): the notification rules' owners and contact recipients (docs/notification-rules.md)
   */
  lookup: 'catalog.contact.lookup',
} as const;

/** Durable events of contacts (JetStream stream EVT_catalog). */
export const ContactEvents = {
  contactChanged: 'evt.catalog.contact_changed',
} as const;

/** What a contact (and a change log) hangs under: a customer or a supplier. */
export interface ContactParent {
  kind: 'customer' | 'supplier';
  id: number;
}

export const CONTACT_GENDERS = ['', 'f', 'm', 'd'] as const;
export type ContactGender = (typeof CONTACT_GENDERS)[number];

export const CONTACT_SORTS = ['name', 'first_name', 'email', 'job_title', 'created_at'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** A contact person of a customer or supplier (spec 3), as returned by the API. */
export interface ContactDto {
  id: number;
  customer_id: number | null;
  supplier_id: number | null;
  first_name: string;
  /** last name */
  name: string;
  /** '' not given, f, m, d */
  gender: ContactGender;
  job_title: string;
  email: string;
  tel_mobile: string;
  tel_office: string;
  salutation_line: string;
  ext_system_id: string;
  /** the main contact of its customer/supplier (at most one) */
  main: boolean;
  created_at: string;
  updated_at: string;
}

/** The writable fields of a contact (create and update); `main` is set with GET contact/{id}/main. */
export type ContactInput = Partial<
  Omit<ContactDto, 'id' | 'customer_id' | 'supplier_id' | 'main' | 'created_at' | 'updated_at'>
>;

export type ContactListQuery = ListQuery;

/** evt.catalog.contact_changed: a contact was created, changed, made main or deleted. */
export interface ContactChanged {
  id: number;
  company_id: number;
  customer_id: number | null;
  supplier_id: number | null;
  main: boolean;
  email: string;
  deleted?: boolean;
}

/** A notification rule that names a contact as a recipient (docs/notification-rules.md). */
export interface ContactRuleDto {
  rule_id: number;
  rule_name: string;
  customer_id: number | null;
  supplier_id: number | null;
}

/** C created, D deleted, E changed (spec 3). */
export type ChangeAction = 'C' | 'D' | 'E';

/** One change log entry: one per changed field of an edit, one per create or delete. */
export interface ChangeLogEntryDto {
  id: number;
  /** customer, supplier, contact, location, item, ... */
  entity_kind: string;
  entity_id: number;
  customer_id: number | null;
  supplier_id: number | null;
  action: ChangeAction;
  /** the changed field (E); null for C and D */
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  user_id: number;
  /** the user's name as identity knows it now; '' when no longer known */
  user_name: string;
  at: string;
}

export interface ChangeListQuery {
  entity_kind?: string;
  entity_id?: number;
  /** ISO date or date-time: entries at or after it */
  from?: string;
  /** ISO date or date-time: entries before the end of that day (date) or before that instant */
  to?: string;
  page?: number;
  per_page?: number;
}

/** identity.users.names: names of the given users who are members of the company (others are left out). */
export interface UserNamesRequest {
  company_id: number;
  ids: number[];
}
/** `email`: the user's sign-in address (notification rules send to it, docs/notification-rules.md). */
export type UserNamesReply = { id: number; name: string; email: string }[];

/** catalog.contact.lookup: ids to name; unknown ids and those hidden by the caller's restrictions are left out. */
export interface CatalogLookupRequest {
  caller: CompanyCaller;
  customers?: number[];
  locations?: number[];
  suppliers?: number[];
  contacts?: number[];
}

export interface CatalogLookupReply {
  customers: { id: number; name: string }[];
  locations: { id: number; customer_id: number; name: string }[];
  suppliers: { id: number; name: string }[];
  /** name: "first last" (else the last name) */
  contacts: { id: number; customer_id: number | null; supplier_id: number | null; name: string; email: string }[];
}
