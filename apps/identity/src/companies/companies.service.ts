import { Inject, Injectable } from '@nestjs/common';
import { AppError, ProtocolCode, Role } from '@kanban/access';
import {
  type CompanyCaller,
  type CompanyDto,
  type CompanyUpdate,
  type PlatformCompanyInput,
  IdentityEvents,
  type LicenseLimits,
  type LicenseStatsDto,
  type PlatformCompanyDto,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Membership } from '../users/membership.entity';
import { licenseOf, toCompanyDto } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { CompaniesRepository } from './companies.repository';
import { Company } from './company.entity';
import { SupportRequest } from './support-request.entity';

export type { CompanyUpdate, PlatformCompanyInput } from '@kanban/contracts';

@Injectable()
export class CompaniesService {
  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly repository: CompaniesRepository,
    private readonly users: UsersRepository,
  ) {}

  /** The caller's companies with the role in each: one query (this is the hottest call after sign-in). */
  async listMine(userId: number): Promise<CompanyDto[]> {
    return this.uow.read(async (em) => {
      const rows = await this.repository.companiesOfUser(em, userId);
      return rows.map((row) => toCompanyDto(row.company, row.role, row.app));
    });
  }

  async get(caller: CompanyCaller): Promise<CompanyDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const company = await this.repository.company(em, caller.companyId);
      if (!company) throw new AppError(ProtocolCode.NotFound, 'company not found');
      const membership = await this.users.membershipOf(em, caller.companyId, caller.userId);
      return toCompanyDto(company, caller.role, membership?.app ?? false);
    });
  }

  async update(caller: CompanyCaller, update: CompanyUpdate): Promise<CompanyDto> {
    return this.uow.write(async (em) => {
      const company = await this.repository.company(em, caller.companyId);
      if (!company) throw new AppError(ProtocolCode.NotFound, 'company not found');
      applyCompany(company, update);
      return toCompanyDto(company, caller.role);
    });
  }

  async licenseStats(caller: CompanyCaller): Promise<LicenseStatsDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const company = await this.repository.companyOrFail(em, caller.companyId);
      const counts = await this.users.seatCounts(em);
      return {
        kinds: [
          { kind: 'user', used: counts.user, limit: company.maxUsers },
          { kind: 'customer', used: counts.customer, limit: company.maxCustomers },
          { kind: 'supplier', used: counts.supplier, limit: company.maxSuppliers },
          { kind: 'readonly', used: counts.readonly, limit: company.maxReadonly },
          { kind: 'app', used: counts.app, limit: company.maxAppUsers },
        ],
      };
    });
  }

  async support(caller: CompanyCaller, subject: string, message: string): Promise<{ id: number }> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const user = await this.users.userOrFail(em, caller.userId);
      const company = await this.repository.companyOrFail(em, caller.companyId);
      const request = em.create(SupportRequest, { companyId: caller.companyId, userId: caller.userId, subject, message } as SupportRequest);
      await em.flush();
      addToOutbox(em, IdentityEvents.mailRequested, {
        to: this.config.supportEmail,
        template: 'support_request',
        language: 'en',
        params: {
          request_id: String(request.id),
          company: `${company.name} (${company.id})`,
          from: `${user.firstName} ${user.lastName} <${user.email}>`,
          subject,
          message,
        },
      });
      return { id: request.id };
    });
  }

  async platformList(): Promise<PlatformCompanyDto[]> {
    return this.uow.read(async (em) => {
      const companies = await this.repository.all(em);
      // Users per company across all tenants: the operator's view, deliberately unscoped.
      const byCompany = await this.repository.memberCounts(em);
      return companies.map((c) => ({ ...toCompanyDto(c, null), license: licenseOf(c), user_count: byCompany.get(c.id) ?? 0 }));
    });
  }

  async platformCreate(input: PlatformCompanyInput): Promise<PlatformCompanyDto> {
    if (!input.name) throw AppError.validation('name', 'is required');
    return this.uow.write(async (em) => {
      const company = em.create(Company, { name: input.name! } as Company);
      applyCompany(company, input);
      applyLicense(company, input.license);
      await em.flush();
      let owners = 0;
      if (input.owner_email) {
        const owner = await this.users.userByEmail(em, input.owner_email.trim().toLowerCase());
        if (!owner) throw AppError.validation('owner_email', 'no user with this e-mail address');
        em.create(Membership, { companyId: company.id, user: owner, role: Role.Owner } as Membership);
        owners = 1;
      }
      addToOutbox(em, IdentityEvents.companyCreated, { company_id: company.id, name: company.name });
      return { ...toCompanyDto(company, null), license: licenseOf(company), user_count: owners };
    });
  }

  async platformUpdate(companyId: number, input: PlatformCompanyInput): Promise<PlatformCompanyDto> {
    return this.uow.write(async (em) => {
      const company = await this.repository.company(em, companyId);
      if (!company) throw new AppError(ProtocolCode.NotFound, 'company not found');
      applyCompany(company, input);
      applyLicense(company, input.license);
      const users = await this.repository.memberCount(em, companyId);
      return { ...toCompanyDto(company, null), license: licenseOf(company), user_count: users };
    });
  }
}

function applyCompany(company: Company, update: CompanyUpdate): void {
  if (update.name !== undefined) company.name = update.name;
  if (update.nr !== undefined) company.nr = update.nr;
  if (update.extended !== undefined) company.extended = update.extended;
  if (update.street !== undefined) company.street = update.street;
  if (update.postal !== undefined) company.postal = update.postal;
  if (update.city !== undefined) company.city = update.city;
  if (update.state !== undefined) company.state = update.state;
  if (update.country_iso !== undefined) company.countryIso = update.country_iso;
  if (update.timezone !== undefined) company.timezone = update.timezone;
}

function applyLicense(company: Company, license?: Partial<LicenseLimits>): void {
  if (!license) return;
  if (license.max_users !== undefined) company.maxUsers = license.max_users;
  if (license.max_customers !== undefined) company.maxCustomers = license.max_customers;
  if (license.max_suppliers !== undefined) company.maxSuppliers = license.max_suppliers;
  if (license.max_readonly !== undefined) company.maxReadonly = license.max_readonly;
  if (license.max_app_users !== undefined) company.maxAppUsers = license.max_app_users;
}

