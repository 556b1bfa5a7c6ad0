import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, appUseAllowed, ErrorCode, seatKindOf, type SeatKind } from '@kanban/access';
import {
  type AuthenticateRequest,
  type ClientKind,
  IdentityEvents,
  type LoginResult,
  type MailRequested,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { AccessTokens } from '@kanban/tokens';
import { Company } from '../companies/company.entity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Membership } from '../users/membership.entity';
import { MembershipRepository } from '../users/membership.repository';
import { User } from '../users/user.entity';
import { toUserDto } from '../users/user.mapper';
import { ActionToken, type ActionKind } from './action-token.entity';
import { RefreshToken } from './refresh-token.entity';
import {
  burnPasswordCheck,
  hashPassword,
  newOpaqueToken,
  parseOpaqueToken,
  secretMatches,
  verifyPassword,
} from './secrets';

export const MAX_FAILED_LOGINS = 5;
const ACTION_TTL_MS: Record<ActionKind, number> = {
  reset: 60 * 60 * 1000,
  confirm: 7 * 24 * 60 * 60 * 1000,
  invite: 14 * 24 * 60 * 60 * 1000,
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Injectable()
export class AuthService {
  private readonly tokens: AccessTokens;

  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.tokens = new AccessTokens(config.jwtSecret);
  }

  async authenticate(request: AuthenticateRequest): Promise<LoginResult> {
    const email = normalizeEmail(request.email);
    const user = await this.uow.read((em) => em.findOne(User, { email }));
    if (!user || !user.passwordHash) {
      await burnPasswordCheck(request.password);
      throw new AppError(ErrorCode.WrongCredentials);
    }
    if (user.lockedAt) throw new AppError(ErrorCode.TooManyTries);
    if (!(await verifyPassword(user.passwordHash, request.password))) {
      const failed = await this.uow.write(async (em) => {
        const fresh = await em.findOneOrFail(User, user.id);
        fresh.failedLogins += 1;
        if (fresh.failedLogins >= MAX_FAILED_LOGINS) fresh.lockedAt = new Date();
        return fresh.failedLogins;
      });
      throw new AppError(failed >= MAX_FAILED_LOGINS ? ErrorCode.TooManyTries : ErrorCode.WrongCredentials);
    }
    if (!user.emailConfirmedAt) throw new AppError(ErrorCode.NoPermission, 'e-mail address not confirmed');
    return this.uow.write(async (em) => {
      const fresh = await em.findOneOrFail(User, user.id);
      fresh.failedLogins = 0;
      const memberships = await new MembershipRepository(em).allOfUser(user.id);
      if (request.client === 'app') this.assertAppUse(memberships);
      return this.issue(em, fresh, memberships, request.client, crypto.randomUUID());
    });
  }

  async refresh(token: string): Promise<LoginResult> {
    const parsed = parseOpaqueToken(token);
    if (!parsed) throw new AppError(ErrorCode.WrongCredentials, 'invalid refresh token');
    const outcome = await this.uow.write(async (em) => {
      const stored = await em.findOne(RefreshToken, parsed.id, { lockMode: 4 /* pessimistic write */ });
      if (!stored || !secretMatches(parsed.secret, stored.secretHash) || stored.revokedAt) {
        return { error: 'invalid refresh token' } as const;
      }
      if (stored.usedAt) {
        // A spent token came back: someone else holds the family. End the whole session.
        await em.nativeUpdate(RefreshToken, { familyId: stored.familyId, revokedAt: null }, { revokedAt: new Date() });
        return { error: 'refresh token reuse detected, session revoked' } as const;
      }
      if (stored.expiresAt.getTime() <= Date.now()) return { error: 'refresh token expired' } as const;
      stored.usedAt = new Date();
      const user = await em.findOne(User, stored.userId);
      if (!user || user.lockedAt) return { error: 'user not active' } as const;
      const memberships = await new MembershipRepository(em).allOfUser(user.id);
      return { result: await this.issue(em, user, memberships, stored.clientKind, stored.familyId) } as const;
    });
    if ('error' in outcome) throw new AppError(ErrorCode.WrongCredentials, outcome.error);
    return outcome.result;
  }

  /** Revokes every session of a user except, optionally, the current family. */
  async revokeSessions(em: EntityManager, userId: number, keepFamily?: string): Promise<void> {
    const where = keepFamily
      ? { userId, revokedAt: null, familyId: { $ne: keepFamily } }
      : { userId, revokedAt: null };
    await em.nativeUpdate(RefreshToken, where, { revokedAt: new Date() });
  }

  async changePassword(userId: number, password: string, family?: string): Promise<void> {
    const hash = await hashPassword(password);
    await this.uow.write(async (em) => {
      const user = await em.findOneOrFail(User, userId);
      user.passwordHash = hash;
      await this.revokeSessions(em, userId, family);
    });
  }

  async requestReset(emailRaw: string): Promise<void> {
    const email = normalizeEmail(emailRaw);
    await this.uow.write(async (em) => {
      const user = await em.findOne(User, { email });
      if (!user) return; // No hint whether the address exists.
      const token = await this.createActionToken(em, user.id, 'reset');
      this.mail(em, user, 'password_reset', { link: `${this.config.publicUrl}/password?token=${token}` });
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await this.uow.write(async (em) => {
      const action = await this.spendActionToken(em, token, 'reset');
      const user = await em.findOneOrFail(User, action.userId);
      user.passwordHash = hash;
      user.failedLogins = 0;
      user.lockedAt = null;
      user.emailConfirmedAt ??= new Date();
      await this.revokeSessions(em, user.id);
    });
  }

  /**
   * Registration: with an invitation token, the invited user sets a password (and is confirmed by it);
   * without, a new company is opened with the registering user as its owner, pending e-mail confirmation.
   */
  async register(input: {
    token?: string;
    email?: string;
    password: string;
    first_name: string;
    last_name: string;
    company_name?: string;
    pref_language?: 'de' | 'en';
  }): Promise<{ user_id: number; confirmation_required: boolean }> {
    const hash = await hashPassword(input.password);
    if (input.token) {
      return this.uow.write(async (em) => {
        const action = await this.spendActionToken(em, input.token!, 'invite');
        const user = await em.findOneOrFail(User, action.userId);
        user.passwordHash = hash;
        user.firstName = input.first_name;
        user.lastName = input.last_name;
        user.initials ||= initialsOf(input.first_name, input.last_name);
        if (input.pref_language) user.prefLanguage = input.pref_language;
        user.emailConfirmedAt ??= new Date();
        return { user_id: user.id, confirmation_required: false };
      });
    }
    if (!this.config.registrationOpen) throw new AppError(ErrorCode.NoPermission, 'registration is closed');
    if (!input.email) throw AppError.validation('email', 'is required');
    if (!input.company_name) throw AppError.validation('company_name', 'is required');
    const email = normalizeEmail(input.email);
    return this.uow.write(async (em) => {
      if (await em.count(User, { email })) throw new AppError(ErrorCode.UserExists);
      const user = em.create(User, {
        email,
        passwordHash: hash,
        firstName: input.first_name,
        lastName: input.last_name,
        initials: initialsOf(input.first_name, input.last_name),
        prefLanguage: input.pref_language ?? 'en',
      } as User);
      const company = em.create(Company, { name: input.company_name! } as Company);
      await em.flush();
      em.create(Membership, { companyId: company.id, user, role: 6 } as Membership);
      const token = await this.createActionToken(em, user.id, 'confirm');
      this.mail(em, user, 'confirm_email', { link: `${this.config.publicUrl}/confirm?token=${token}` });
      addToOutbox(em, IdentityEvents.companyCreated, { company_id: company.id, name: company.name });
      return { user_id: user.id, confirmation_required: true };
    });
  }

  async confirm(token: string): Promise<void> {
    await this.uow.write(async (em) => {
      const action = await this.spendActionToken(em, token, 'confirm');
      const user = await em.findOneOrFail(User, action.userId);
      user.emailConfirmedAt ??= new Date();
    });
  }

  /** Creates a single-use token of a kind, replacing unused older ones, and returns the token text. */
  async createActionToken(em: EntityManager, userId: number, kind: ActionKind): Promise<string> {
    await em.nativeUpdate(ActionToken, { userId, kind, usedAt: null }, { usedAt: new Date() });
    const opaque = newOpaqueToken();
    em.create(ActionToken, {
      id: opaque.id,
      userId,
      kind,
      secretHash: opaque.hash,
      expiresAt: new Date(Date.now() + ACTION_TTL_MS[kind]),
    } as ActionToken);
    return opaque.token;
  }

  mail(em: EntityManager, user: User, template: MailRequested['template'], params: Record<string, string>): void {
    addToOutbox<MailRequested>(em, IdentityEvents.mailRequested, {
      to: user.email,
      template,
      language: user.prefLanguage,
      params: { first_name: user.firstName, last_name: user.lastName, ...params },
    });
  }

  private async spendActionToken(em: EntityManager, token: string, kind: ActionKind): Promise<ActionToken> {
    const parsed = parseOpaqueToken(token);
    const action = parsed ? await em.findOne(ActionToken, { id: parsed.id, kind }) : null;
    if (!parsed || !action || !secretMatches(parsed.secret, action.secretHash) || action.usedAt || action.expiresAt.getTime() < Date.now()) {
      throw new AppError(ErrorCode.Validation, 'token: invalid or expired link', {
        field: 'token',
        errors: [{ field: 'token', message: 'invalid or expired link' }],
      });
    }
    action.usedAt = new Date();
    return action;
  }

  private assertAppUse(memberships: Membership[]): void {
    const counts: Record<SeatKind, number> = { user: 0, customer: 0, supplier: 0, readonly: 0 };
    for (const m of memberships) {
      const kind = seatKindOf(m.role);
      if (kind) counts[kind]++;
    }
    if (!appUseAllowed(counts) || !memberships.some((m) => m.app)) {
      throw new AppError(ErrorCode.NoPermission, 'Only Users and Customers are allowed');
    }
  }

  private async issue(
    em: EntityManager,
    user: User,
    memberships: Membership[],
    client: ClientKind,
    familyId: string,
  ): Promise<LoginResult> {
    const opaque = newOpaqueToken();
    const expiresAt = new Date(Date.now() + this.config.refreshTokenTtlS * 1000);
    em.create(RefreshToken, {
      id: opaque.id,
      familyId,
      userId: user.id,
      secretHash: opaque.hash,
      clientKind: client,
      expiresAt,
    } as RefreshToken);
    const token = this.tokens.sign(
      {
        sub: user.id,
        ...(user.operator ? { op: 1 as const } : {}),
        c: MembershipRepository.claimsOf(memberships),
        ck: client,
        f: familyId,
      },
      this.config.accessTokenTtlS,
    );
    return {
      user: toUserDto(user),
      token,
      refresh_token: opaque.token,
      expires_in: this.config.accessTokenTtlS,
      refresh_expires_at: expiresAt.toISOString(),
    };
  }
}

export function initialsOf(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
}

