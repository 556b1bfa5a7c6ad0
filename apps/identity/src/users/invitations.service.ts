import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode, type Role } from '@kanban/access';
import {
  type Caller,
  type CompanyCaller,
  type CompanyDto,
  IdentityEvents,
  type InvitationDto,
  type InvitationPreviewDto,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { AuthService } from '../auth/auth.service';
import { newOpaqueToken, parseOpaqueToken, secretMatches } from '../auth/secrets';
import { CompaniesRepository } from '../companies/companies.repository';
import type { Company } from '../companies/company.entity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Invitation } from './invitation.entity';
import { InvitationsRepository } from './invitations.repository';
import { Membership } from './membership.entity';
import { assertSeatFree } from './seats';
import type { User } from './user.entity';
import { toCompanyDto } from './user.mapper';
import { UsersRepository } from './users.repository';

/** How long an invitation's link stays valid (as the registration link of a new user's invitation). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export function toInvitationDto(row: Invitation, now = Date.now()): InvitationDto {
  return {
    invitation_id: row.id,
    email: row.user.email,
    role: row.role,
    app: row.app,
    invitation_pending: true,
    invited_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
  };
}

function invalidLink(): AppError {
  return new AppError(ErrorCode.Validation, 'token: invalid or expired link', {
    field: 'token',
    errors: [{ field: 'token', message: 'invalid or expired link' }],
  });
}

/**
 * Invitations of existing accounts (docs/users.md): a company admin inviting an address that already has an account
 * (in another company) creates an invitation and a mail with a link; the person becomes a member only by accepting it
 * while signed in as that account. The inviting company sees only the address, role, app flag and pending state.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    private readonly auth: AuthService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly repository: InvitationsRepository,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  /**
   * Creates the invitation in the caller's transaction (`em` bound to the caller's company), or renews an open one
   * (new role, app flag, link and expiry: the older link stops working), and mails the link to the person.
   */
  async invite(em: EntityManager, caller: CompanyCaller, company: Company, user: User, role: Role, app: boolean): Promise<InvitationDto> {
    const opaque = newOpaqueToken();
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    let row = await this.repository.ofUser(em, user);
    if (!row) {
      row = em.create(Invitation, { companyId: caller.companyId, user, role, app, tokenId: opaque.id, secretHash: opaque.hash, invitedBy: caller.userId, expiresAt } as Invitation);
    } else {
      Object.assign(row, { role, app, tokenId: opaque.id, secretHash: opaque.hash, invitedBy: caller.userId, createdAt: new Date(), expiresAt });
    }
    await em.flush();
    this.auth.mail(em, user, 'join_invitation', { company: company.name, link: `${this.config.publicUrl}/invitation?token=${opaque.token}` });
    return toInvitationDto(row);
  }

  /** The company's open invitations (expired ones flagged), newest first. */
  async list(caller: CompanyCaller): Promise<InvitationDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const rows = await this.repository.ofCompany(em);
      return rows.map((row) => toInvitationDto(row));
    });
  }

  /** Withdraws an invitation of the company (its link stops working); 404 for an unknown one or another company's. */
  async withdraw(caller: CompanyCaller, id: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      if (!(await this.repository.delete(em, id))) throw new AppError(ProtocolCode.NotFound, 'invitation not found');
    });
  }

  /** The company and role of an invitation, for the signed-in person it was sent to (else 1000 on `token`). */
  async show(caller: Caller, token: string): Promise<InvitationPreviewDto> {
    return this.uow.read(async (em) => {
      const row = await this.valid(em, caller, token);
      const company = await this.companies.companyOrFail(em, row.companyId);
      return { company_id: company.id, company: company.name, role: row.role, app: row.app, expires_at: row.expiresAt.toISOString() };
    });
  }

  /**
   * Accepts: the signed-in person the invitation was sent to becomes a member with its role and app flag (the
   * licence is checked again: 1058), and the invitation is gone. Answers the company as the company list shows it;
   * the session's next refresh carries the new company.
   */
  async accept(caller: Caller, token: string): Promise<CompanyDto> {
    const found = await this.uow.read((em) => this.valid(em, caller, token));
    return this.uow.forCompany(found.companyId).write(async (em) => {
      // Two accepts at once: the second waits here and then finds the invitation gone.
      const row = await this.repository.locked(em, found.id);
      if (!row || row.tokenId !== found.tokenId) throw invalidLink();
      const company = await this.companies.companyOrFail(em, row.companyId);
      let membership = await this.users.membershipOf(em, row.companyId, caller.userId);
      if (!membership) {
        assertSeatFree(await this.users.seatCounts(em), company, row.role, row.app, null);
        membership = em.create(Membership, { companyId: row.companyId, user: row.user, role: row.role, app: row.app } as Membership);
        addToOutbox(em, IdentityEvents.membershipChanged, { company_id: row.companyId, user_id: caller.userId, role: row.role });
      }
      em.remove(row);
      await em.flush();
      return toCompanyDto(company, membership.role, membership.app);
    });
  }

  /** The invitation of a token, when the secret matches, it has not expired and it was sent to the caller. */
  private async valid(em: EntityManager, caller: Caller, token: string): Promise<Invitation> {
    const parsed = parseOpaqueToken(token);
    const row = parsed ? await this.repository.byToken(em, parsed.id) : null;
    if (!parsed || !row || !secretMatches(parsed.secret, row.secretHash) || row.expiresAt.getTime() <= Date.now() || row.user.id !== caller.userId) throw invalidLink();
    return row;
  }
}
