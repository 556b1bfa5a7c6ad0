import { AppError } from '@kanban/access';
import { CONTACT_GENDERS, type ContactDto, type ContactInput, type ContactSort } from '@kanban/contracts';
import { sortProperty } from '../shared/list-query';
import type { Contact } from './contact.entity';

/** The text fields of a contact and their maximum lengths. */
export const CONTACT_TEXT_LIMITS = {
  first_name: 100,
  name: 100,
  job_title: 100,
  email: 254,
  tel_mobile: 50,
  tel_office: 50,
  salutation_line: 200,
  ext_system_id: 100,
} as const;

/** An e-mail address as the contact form accepts it: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The service's own check of a contact payload: trims texts, requires a (last) name on create and never
 * lets it become empty, checks lengths, gender and the e-mail address (empty or valid). 1000 naming the field.
 */
export function normalizeContactInput(input: ContactInput, mode: 'create' | 'update'): ContactInput {
  const out: ContactInput = {};
  for (const [field, max] of Object.entries(CONTACT_TEXT_LIMITS) as [
    keyof typeof CONTACT_TEXT_LIMITS,
    number,
  ][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
    const trimmed = value.trim();
    if (trimmed.length > max) throw AppError.validation(field, `must be at most ${max} characters`);
    out[field] = trimmed;
  }
  if (mode === 'create' && out.name === undefined) throw AppError.validation('name', 'is required');
  if (out.name !== undefined && out.name === '') throw AppError.validation('name', 'should not be empty');
  if (out.email !== undefined && out.email !== '' && !EMAIL_PATTERN.test(out.email))
    throw AppError.validation('email', 'must be an e-mail address');
  if (input.gender !== undefined) {
    if (!(CONTACT_GENDERS as readonly string[]).includes(input.gender))
      throw AppError.validation('gender', 'must be f, m, d or empty');
    out.gender = input.gender;
  }
  return out;
}

export function applyContactInput(contact: Contact, input: ContactInput): void {
  if (input.first_name !== undefined) contact.firstName = input.first_name;
  if (input.name !== undefined) contact.name = input.name;
  if (input.gender !== undefined) contact.gender = input.gender;
  if (input.job_title !== undefined) contact.jobTitle = input.job_title;
  if (input.email !== undefined) contact.email = input.email;
  if (input.tel_mobile !== undefined) contact.telMobile = input.tel_mobile;
  if (input.tel_office !== undefined) contact.telOffice = input.tel_office;
  if (input.salutation_line !== undefined) contact.salutationLine = input.salutation_line;
  if (input.ext_system_id !== undefined) contact.extSystemId = input.ext_system_id;
}

export function toContactDto(contact: Contact): ContactDto {
  return {
    id: contact.id,
    customer_id: contact.customerId,
    supplier_id: contact.supplierId,
    first_name: contact.firstName,
    name: contact.name,
    gender: contact.gender,
    job_title: contact.jobTitle,
    email: contact.email,
    tel_mobile: contact.telMobile,
    tel_office: contact.telOffice,
    salutation_line: contact.salutationLine,
    ext_system_id: contact.extSystemId,
    main: contact.main,
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  };
}

const SORT_COLUMNS: Record<ContactSort, string> = {
  name: 'name',
  first_name: 'firstName',
  email: 'email',
  job_title: 'jobTitle',
  created_at: 'createdAt',
};

/** The entity property a contact list is sorted by; unknown values sort by (last) name. */
export function contactSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}
