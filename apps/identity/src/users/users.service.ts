import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, appUseAllowed, ErrorCode, isRole, ProtocolCode, type Role, seatKindOf, STAFF_ROLES } from '@kanban/access';
import {
  type AppUsageDto,
  type CompanyCaller,
  type CompanyUserDto,
  type CompanyUserInput,
  type CompanyUserListQuery,
  type ProfileUpdate,
  type RestrictionInput,
  type RestrictionKind,
  IdentityEvents,
  type InvitationDto,
  type Page,
  type RestrictionDto,
  type RestrictionsChanged,
  type SetUserImageReply,
  type UserDto,
  type UserImageInput,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { AuthService, initialsOf, normalizeEmail } from '../auth/auth.service';
import { CompaniesRepository } from '../companies/companies.repository';
import type { Company } from '../companies/company.entity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { AccessRestriction } from './access-restriction.entity';
import { InvitationsService } from './invitations.service';
import { Membership } from './membership.entity';
import { assertSeatFree } from './seats';
import { User } from './user.entity';
import { UserImage } from './user-image.entity';
import { toCompanyUserDto, toUserDto } from './user.mapper';
import { UsersRepository } from './users.repository';

export type { CompanyUserInput, ProfileUpdate, RestrictionKind } from '@kanban/contracts';

@Injectable()
export class UsersService {
  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    private readonly auth: AuthService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly invitations: InvitationsService,
    private readonly repository: UsersRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  async profile(userId: number): Promise<UserDto> {
    const user = await this.uow.read((em) => this.repository.user(em, userId));
    if (!user) throw new AppError(ProtocolCode.NotFound, 'user not found');
    return toUserDto(user);
  }

  async updateProfile(userId: number, update: ProfileUpdate): Promise<UserDto> {
    return this.uow.write(async (em) => {
      const user = await this.repository.userOrFail(em, userId);
      applyProfile(user, update);
      return toUserDto(user);
    });
  }

  /**
   * Records a profile image whose bytes the gateway has stored (or removes it with null). Answers the
   * user and the keys of images no longer referenced, whose blobs the gateway removes.
   */
  async setImage(userId: number, input: UserImageInput | null): Promise<SetUserImageReply> {
    if (input && !/^[0-9a-f]{32}$/.test(input.key)) throw AppError.validation('key', 'must be 32 hex characters');
    return this.uow.write(async (em) => {
      // Two uploads at once: the second waits, then releases the first one's image.
      await this.repository.lockUser(em, userId);
      const user = await this.repository.user(em, userId);
      if (!user) throw new AppError(ProtocolCode.NotFound, 'user not found');
      const previous = await this.repository.imagesOfUser(em, userId);
      if (input) {
        user.image = em.create(UserImage, { userId, key: input.key, mime: input.mime, width: input.width, height: input.height, bytes: input.bytes, createdAt: new Date() });
      } else {
        user.image = null;
      }
      await em.flush();
      await this.repository.deleteImages(em, previous.map((image) => image.id));
      return { user: toUserDto(user), released: previous.map((image) => image.key) };
    });
  }

  async appUsage(userId: number): Promise<AppUsageDto> {
    const memberships = await this.uow.read((em) => this.repository.membershipsOfUser(em, userId));
    const counts = { user: 0, customer: 0, supplier: 0, readonly: 0 };
    for (const m of memberships) {
      const kind = seatKindOf(m.role);
      if (kind) counts[kind]++;
    }
    return { ...counts, allowed: appUseAllowed(counts) };
  }

  async list(caller: CompanyCaller, query: CompanyUserListQuery): Promise<Page<CompanyUserDto>> {
    const page = Math.max(1, query.page ?? 1);
    const perPage = Math.min(200, Math.max(1, query.per_page ?? 50));
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const [rows, total] = await this.repository.list(em, caller.companyId, query, page, perPage);
      const counts = await this.repository.restrictionCounts(em, caller.companyId, rows.map((m) => m.user.id));
      return { items: rows.map((m) => toCompanyUserDto(m, counts.get(m.user.id) ?? 0)), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, userId: number): Promise<CompanyUserDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const membership = await this.membershipOrFail(em, userId);
      const counts = await this.repository.restrictionCounts(em, caller.companyId, [userId]);
      return toCompanyUserDto(membership, counts.get(userId) ?? 0);
    });
  }

  /**
   * Invites by e-mail: a new address gets an account, a membership and a registration link; an address that already
   * has an account (of another company) gets an invitation to accept (InvitationsService) and is answered with only
   * what this company may see of it.
   */
  async create(caller: CompanyCaller, input: CompanyUserInput): Promise<CompanyUserDto | InvitationDto> {
    if (!input.email) throw AppError.validation('email', 'is required');
    if (input.role === undefined || !isRole(input.role)) throw AppError.validation('role', 'must be a role code 0-6');
    const email = normalizeEmail(input.email);
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const existing = await this.repository.userByEmail(em, email);
      if (existing && (await this.repository.isMember(em, existing))) throw new AppError(ErrorCode.UserExists);
      const company = await this.companies.companyOrFail(em, caller.companyId);
      await this.assertSeat(em, company, input.role!, !!input.app, null);
      if (input.app) assertAppRole(input.role!);
      // An existing account is never added at once (nor its profile shown): it is invited and joins by accepting.
      if (existing) return this.invitations.invite(em, caller, company, existing, input.role!, !!input.app);
      const user = em.create(User, { email, initials: '' } as User);
      applyProfile(user, input);
      user.initials ||= initialsOf(user.firstName, user.lastName);
      const membership = em.create(Membership, { companyId: caller.companyId, user, role: input.role!, app: !!input.app } as Membership);
      await em.flush();
      const token = await this.auth.createActionToken(em, user.id, 'invite');
      this.auth.mail(em, user, 'invitation', { company: company.name, link: `${this.publicLink('register')}?token=${token}` });
      addToOutbox(em, IdentityEvents.membershipChanged, { company_id: caller.companyId, user_id: user.id, role: membership.role });
      return toCompanyUserDto(membership, 0);
    });
  }

  async update(caller: CompanyCaller, userId: number, input: CompanyUserInput): Promise<CompanyUserDto> {
    if (input.role !== undefined && !isRole(input.role)) throw AppError.validation('role', 'must be a role code 0-6');
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const membership = await this.membershipOrFail(em, userId);
      const role = input.role ?? membership.role;
      const app = input.app ?? membership.app;
      if (app && (input.app !== undefined || input.role !== undefined)) assertAppRole(role);
      if (role !== membership.role || app !== membership.app) {
        if (userId === caller.userId && role !== membership.role) {
          throw AppError.validation('role', 'you cannot change your own role');
        }
        const company = await this.companies.companyOrFail(em, caller.companyId);
        await this.assertSeat(em, company, role, app, membership);
        membership.role = role;
        membership.app = app;
        addToOutbox(em, IdentityEvents.membershipChanged, { company_id: caller.companyId, user_id: userId, role });
      }
      applyProfile(membership.user, input);
      const counts = await this.repository.restrictionCounts(em, caller.companyId, [userId]);
      return toCompanyUserDto(membership, counts.get(userId) ?? 0);
    });
  }

  async remove(caller: CompanyCaller, userId: number): Promise<void> {
    if (userId === caller.userId) throw AppError.validation('id', 'you cannot remove yourself');
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const membership = await this.membershipOrFail(em, userId);
      await this.repository.deleteRestrictionsOfUser(em, userId);
      em.remove(membership);
      await em.flush();
      const remaining = await this.repository.membershipCount(em, userId);
      if (remaining === 0 && !membership.user.operator) {
        await this.auth.revokeSessions(em, userId);
        membership.user.image = null;
        await em.flush();
        await this.repository.deleteImagesOfUser(em, userId);
        em.remove(membership.user);
        addToOutbox(em, IdentityEvents.userDeleted, { user_id: userId });
      }
      addToOutbox(em, IdentityEvents.membershipChanged, { company_id: caller.companyId, user_id: userId, role: null });
      const restrictions: RestrictionsChanged = { company_id: caller.companyId, user_id: userId, restrictions: [] };
      addToOutbox(em, IdentityEvents.restrictionsChanged, restrictions);
    });
  }

  async resend(caller: CompanyCaller, userId: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const membership = await this.membershipOrFail(em, userId);
      const company = await this.companies.companyOrFail(em, caller.companyId);
      const user = membership.user;
      if (!user.passwordHash) {
        const token = await this.auth.createActionToken(em, user.id, 'invite');
        this.auth.mail(em, user, 'invitation', { company: company.name, link: `${this.publicLink('register')}?token=${token}` });
      } else if (!user.emailConfirmedAt) {
        const token = await this.auth.createActionToken(em, user.id, 'confirm');
        this.auth.mail(em, user, 'confirm_email', { link: `${this.publicLink('confirm')}?token=${token}` });
      } else {
        throw AppError.validation('id', 'the user has already accepted the invitation');
      }
    });
  }

  async restrictions(caller: CompanyCaller, userId: number, kind?: RestrictionKind): Promise<RestrictionDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.membershipOrFail(em, userId);
      const rows = await this.repository.restrictionsOfUser(em, userId, kind);
      return rows.map(toRestrictionDto);
    });
  }

  async addRestriction(
    caller: CompanyCaller,
    input: RestrictionInput,
  ): Promise<RestrictionDto> {
    const targets = [input.customer_id, input.location_id, input.supplier_id].filter((v) => v !== undefined && v !== null);
    if (targets.length !== 1) {
      throw AppError.validation('customer_id', 'exactly one of customer_id, location_id, supplier_id is required');
    }
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.membershipOrFail(em, input.user_id, 'user_id');
      const exists = await this.repository.restrictionExists(em, input.user_id, {
        customerId: input.customer_id ?? null,
        locationId: input.location_id ?? null,
        supplierId: input.supplier_id ?? null,
      });
      if (exists) throw new AppError(ErrorCode.Duplicate);
      const row = em.create(AccessRestriction, {
        companyId: caller.companyId,
        userId: input.user_id,
        customerId: input.customer_id ?? null,
        locationId: input.location_id ?? null,
        supplierId: input.supplier_id ?? null,
      } as AccessRestriction);
      await em.flush();
      addToOutbox(em, IdentityEvents.membershipChanged, { company_id: caller.companyId, user_id: input.user_id });
      await this.announceRestrictions(em, caller.companyId, input.user_id);
      return toRestrictionDto(row);
    });
  }

  async removeRestriction(caller: CompanyCaller, id: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const row = await this.repository.restriction(em, id);
      if (!row) throw new AppError(ProtocolCode.NotFound, 'access restriction not found');
      em.remove(row);
      await em.flush();
      addToOutbox(em, IdentityEvents.membershipChanged, { company_id: caller.companyId, user_id: row.userId });
      await this.announceRestrictions(em, caller.companyId, row.userId);
    });
  }

  private async membershipOrFail(em: EntityManager, userId: number, field = 'id'): Promise<Membership> {
    const membership = await this.repository.membership(em, userId);
    if (!membership) throw new AppError(ProtocolCode.NotFound, `${field}: user not found in this company`);
    return membership;
  }

  /** Licence check (1058): the company's limit for the role's kind and for app users. */
  private async assertSeat(em: EntityManager, company: Company, role: Role, app: boolean, current: Membership | null): Promise<void> {
    assertSeatFree(await this.repository.seatCounts(em), company, role, app, current);
  }

  /** Publishes the user's full current set of restrictions in the company (after the change was flushed). */
  private async announceRestrictions(em: EntityManager, companyId: number, userId: number): Promise<void> {
    // Two changes for one user at once: the lock orders them, and the second reads the first's committed row.
    await this.repository.lockMembership(em, companyId, userId);
    const rows = await this.repository.restrictionsOfUser(em, userId);
    const data: RestrictionsChanged = {
      company_id: companyId,
      user_id: userId,
      restrictions: rows.map((r) => ({ customer_id: r.customerId ?? null, location_id: r.locationId ?? null, supplier_id: r.supplierId ?? null })),
    };
    addToOutbox(em, IdentityEvents.restrictionsChanged, data);
  }

  private publicLink(page: string): string {
    return `${this.config.publicUrl}/${page}`;
  }
}

function assertAppRole(role: Role): void {
  if (!STAFF_ROLES.includes(role) && role !== 4) {
    throw new AppError(ErrorCode.Validation, 'Only Users and Customers are allowed', {
      field: 'app',
      errors: [{ field: 'app', message: 'Only Users and Customers are allowed' }],
    });
  }
}

function applyProfile(user: User, update: ProfileUpdate): void {
  if (update.first_name !== undefined) user.firstName = update.first_name;
  if (update.last_name !== undefined) user.lastName = update.last_name;
  if (update.initials !== undefined) user.initials = update.initials;
  if (update.job_title !== undefined) user.jobTitle = update.job_title;
  if (update.salutation !== undefined) user.salutation = update.salutation;
  if (update.pref_language !== undefined) user.prefLanguage = update.pref_language;
  if (update.data !== undefined) user.data = { ...user.data, ...update.data };
  if (update.image_id !== undefined && update.image_id !== (user.image?.id ?? null)) {
    throw AppError.validation('image_id', 'upload a new image with POST /api/image/; null removes it');
  }
}

export function toRestrictionDto(row: AccessRestriction): RestrictionDto {
  return {
    id: row.id,
    user_id: row.userId,
    customer_id: row.customerId ?? null,
    location_id: row.locationId ?? null,
    supplier_id: row.supplierId ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
