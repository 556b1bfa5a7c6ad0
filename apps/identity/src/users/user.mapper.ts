import { wrap } from '@mikro-orm/core';
import type { Role } from '@kanban/access';
import { type CompanyDto, type CompanyUserDto, imageUrl, type LicenseLimits, type UserDto } from '@kanban/contracts';
import type { Company } from '../companies/company.entity';
import type { Membership } from './membership.entity';
import type { User } from './user.entity';

export function toUserDto(user: User): UserDto {
  const image = user.image ?? null;
  // The relation is eager: a query that bypasses that (a query builder without the join) is a bug here.
  if (image && !wrap(image).isInitialized()) throw new Error(`user ${user.id}: profile image not loaded`);
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    initials: user.initials,
    job_title: user.jobTitle,
    salutation: user.salutation,
    pref_language: user.prefLanguage,
    operator: user.operator,
    email_confirmed: !!user.emailConfirmedAt,
    img: image ? { url: imageUrl(image.key) } : null,
    image_id: image?.id ?? null,
    data: user.data ?? {},
    created_at: user.createdAt.toISOString(),
  };
}

export function toCompanyUserDto(membership: Membership, restrictions: number): CompanyUserDto {
  return {
    ...toUserDto(membership.user),
    role: membership.role,
    app: membership.app,
    access_restrictions: restrictions,
    invitation_pending: !membership.user.passwordHash,
  };
}

export function toCompanyDto(company: Company, role: Membership['role'] | null, app = false): CompanyDto {
  return {
    id: company.id,
    name: company.name,
    nr: company.nr,
    extended: company.extended,
    street: company.street,
    postal: company.postal,
    city: company.city,
    state: company.state,
    country_iso: company.countryIso,
    timezone: company.timezone,
    user_role: role,
    user_app: app,
    images: [],
    created_at: company.createdAt.toISOString(),
  };
}

export function licenseOf(company: Company): LicenseLimits {
  return {
    max_users: company.maxUsers,
    max_customers: company.maxCustomers,
    max_suppliers: company.maxSuppliers,
    max_readonly: company.maxReadonly,
    max_app_users: company.maxAppUsers,
  };
}

/** The token claims of a user's memberships: the role per company id. */
export function claimsOf(memberships: Membership[]): Record<string, Role> {
  return Object.fromEntries(memberships.map((m) => [String(m.companyId), m.role]));
}
