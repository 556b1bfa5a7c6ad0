import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, appUseAllowed, ErrorCode, seatKindOf, type SeatKind } from '@kanban/access';
import {
  type AuthenticateRequest,
  type BusReply,
  type ClientKind,
  IdentityEvents,
  type LoginResult,
  type MailRequested,
  type RegisterRequest,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { AccessTokens } from '@kanban/tokens';
import { Company } from '../companies/company.entity';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Membership } from '../users/membership.entity';
import { User } from '../users/user.entity';
import { claimsOf, toUserDto } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { ActionToken, type ActionKind } from './action-token.entity';
import { AuthRepository } from './auth.repository';
import { RefreshToken } from './refresh-token.entity';
import {
  burnPasswordCheck,
  hashPassword,
  newOpaqueToken,
  parseOpaqueToken,
  secretMatches,
  successorToken,
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
    private readonly repository: AuthRepository,
    private readonly users: UsersRepository,
  ) {
    this.tokens = new AccessTokens(config.jwtSecret);
  }

  async authenticate(request: AuthenticateRequest): Promise<LoginResult> {
    const email = normalizeEmail(request.email);
    const user = await this.uow.read((em) => this.users.userByEmail(em, email));
    if (!user || !user.passwordHash) {
      await burnPasswordCheck(request.password);
      throw new AppError(ErrorCode.WrongCredentials);
    }
    if (user.lockedAt) throw new AppError(ErrorCode.TooManyTries);
    if (!(await verifyPassword(user.passwordHash, request.password))) {
      throw new AppError((await this.countFailure(user.id)) ? ErrorCode.TooManyTries : ErrorCode.WrongCredentials);
    }
    if (!user.emailConfirmedAt) throw new AppError(ErrorCode.NoPermission, 'e-mail address not confirmed');
    return this.uow.write(async (em) => {
      // Reset the failure count in the same statement that checks the lock: parallel failures may have locked it.
      if (!(await this.repository.resetFailures(em, user.id))) throw new AppError(ErrorCode.TooManyTries);
      const fresh = await this.users.userOrFail(em, user.id);
      const memberships = await this.users.membershipsOfUser(em, user.id);
      if (request.client === 'app') this.assertAppUse(memberships);
      return this.issue(em, fresh, memberships, request.client, crypto.randomUUID(), new Date());
    });
  }

  /**
   * Counts a failed password check in one statement (parallel guesses cannot pass the limit between a read and a
   * write) and locks the account at the limit. Answers whether the account is locked now.
   */
  private async countFailure(userId: number): Promise<boolean> {
    const count = await this.uow.write((em) => this.repository.countFailure(em, userId, MAX_FAILED_LOGINS));
    // No count: locked already (by a parallel guess); the count stays where the lock left it.
    return count === null || count >= MAX_FAILED_LOGINS;
  }

  /**
   * Trades a refresh token for new tokens. The presented token is spent and a successor issued in its family.
   * Presented again within the grace window (`REFRESH_GRACE_S`), it answers the same successor (derived from
   * it, never stored) with a fresh access token, so an answer lost on the way logs nobody out; after the
   * window, a spent token revokes the family. Membership, role and app grant are read anew every time.
   */
  async refresh(token: string): Promise<LoginResult> {
    const parsed = parseOpaqueToken(token);
    if (!parsed) throw new AppError(ErrorCode.WrongCredentials, 'invalid refresh token');
    const outcome = await this.uow.write(async (em) => {
      const stored = await this.repository.refreshToken(em, parsed.id, true);
      if (!stored || !secretMatches(parsed.secret, stored.secretHash) || stored.revokedAt) {
        return { error: 'invalid refresh token' } as const;
      }
      if (stored.expiresAt.getTime() <= Date.now()) return { error: 'refresh token expired' } as const;
      const startedAt = stored.familyStartedAt ?? stored.createdAt;
      if (startedAt.getTime() + this.config.sessionMaxAgeS * 1000 <= Date.now()) {
        await this.revokeFamily(em, stored.familyId);
        return { error: 'session expired, sign in again' } as const;
      }
      const user = await this.users.user(em, stored.userId);
      if (!user || user.lockedAt) return { error: 'user not active' } as const;
      const memberships = await this.users.membershipsOfUser(em, user.id);
      if (stored.clientKind === 'app' && !this.appUseAllowed(memberships)) {
        await this.revokeFamily(em, stored.familyId);
        return { error: 'app use no longer granted, session revoked' } as const;
      }
      if (stored.usedAt) {
        const again = await this.successorWithinGrace(em, stored, parsed.secret);
        if (again) {
          return { result: this.answer(user, memberships, stored.clientKind, stored.familyId, again.token, again.expiresAt) } as const;
        }
        // A spent token came back after the grace window: someone else holds the family. End the whole session.
        await this.revokeFamily(em, stored.familyId);
        return { error: 'refresh token reuse detected, session revoked' } as const;
      }
      const next = successorToken(this.config.jwtSecret, parsed.secret);
      stored.usedAt = new Date();
      stored.successorId = next.id;
      return { result: await this.issue(em, user, memberships, stored.clientKind, stored.familyId, startedAt, next) } as const;
    });
    if ('error' in outcome) throw new AppError(ErrorCode.WrongCredentials, outcome.error);
    return outcome.result;
  }

  /**
   * The live successor of a spent token when it was spent within the grace window: follows the chain while each
   * link was spent within the window too (two quick refreshes), each secret derived from the one before.
   */
  private async successorWithinGrace(
    em: EntityManager,
    spent: RefreshToken,
    secret: string,
  ): Promise<{ token: string; expiresAt: Date } | null> {
    const graceMs = this.config.refreshGraceS * 1000;
    let current = spent;
    let currentSecret = secret;
    for (let step = 0; step < 5; step++) {
      if (!current.usedAt || !current.successorId || Date.now() - current.usedAt.getTime() > graceMs) return null;
      const next = successorToken(this.config.jwtSecret, currentSecret, current.successorId);
      const successor = await this.repository.refreshToken(em, current.successorId, true);
      if (!successor || successor.revokedAt || !secretMatches(next.secret, successor.secretHash)) return null;
      if (successor.expiresAt.getTime() <= Date.now()) return null;
      if (!successor.usedAt) return { token: next.token, expiresAt: successor.expiresAt };
      current = successor;
      currentSecret = next.secret;
    }
    return null;
  }

  /** Logout: revokes the session (the family) the refresh token belongs to; unknown tokens change nothing. */
  async logout(token: string): Promise<void> {
    const parsed = parseOpaqueToken(token);
    if (!parsed) return;
    await this.uow.write(async (em) => {
      const stored = await this.repository.refreshToken(em, parsed.id);
      if (stored && secretMatches(parsed.secret, stored.secretHash)) await this.revokeFamily(em, stored.familyId);
    });
  }

  private revokeFamily(em: EntityManager, familyId: string): Promise<void> {
    return this.repository.revokeFamily(em, familyId);
  }

  /** Revokes every session of a user except, optionally, the current family. */
  revokeSessions(em: EntityManager, userId: number, keepFamily?: string): Promise<void> {
    return this.repository.revokeSessions(em, userId, keepFamily);
  }

  /** Changes the own password after checking the current one (a wrong one counts as a failed sign-in). */
  async changePassword(userId: number, currentPassword: string, password: string, family?: string): Promise<void> {
    const user = await this.uow.read((em) => this.users.userOrFail(em, userId));
    const field = { field: 'current_password' };
    if (user.lockedAt) throw new AppError(ErrorCode.TooManyTries, undefined, field);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
      const locked = await this.countFailure(userId);
      throw new AppError(locked ? ErrorCode.TooManyTries : ErrorCode.WrongCredentials, locked ? undefined : 'current password is wrong', field);
    }
    const hash = await hashPassword(password);
    await this.uow.write(async (em) => {
      const fresh = await this.users.userOrFail(em, userId);
      fresh.passwordHash = hash;
      fresh.failedLogins = 0;
      await this.revokeSessions(em, userId, family);
    });
  }

  async requestReset(emailRaw: string): Promise<void> {
    const email = normalizeEmail(emailRaw);
    await this.uow.write(async (em) => {
      const user = await this.users.userByEmail(em, email);
      if (!user) return; // No hint whether the address exists.
      const token = await this.createActionToken(em, user.id, 'reset');
      this.mail(em, user, 'password_reset', { link: `${this.config.publicUrl}/password?token=${token}` });
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await this.uow.write(async (em) => {
      const action = await this.spendActionToken(em, token, 'reset');
      const user = await this.users.userOrFail(em, action.userId);
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
  async register(input: RegisterRequest): Promise<BusReply<'identity.auth.register'>> {
    const hash = await hashPassword(input.password);
    if (input.token) {
      return this.uow.write(async (em) => {
        const action = await this.spendActionToken(em, input.token!, 'invite');
        const user = await this.users.userOrFail(em, action.userId);
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
      if (await this.users.emailTaken(em, email)) throw new AppError(ErrorCode.UserExists);
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
      const user = await this.users.userOrFail(em, action.userId);
      user.emailConfirmedAt ??= new Date();
    });
  }

  /** Creates a single-use token of a kind, replacing unused older ones, and returns the token text. */
  async createActionToken(em: EntityManager, userId: number, kind: ActionKind): Promise<string> {
    await this.repository.retireActionTokens(em, userId, kind);
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
    addToOutbox(em, IdentityEvents.mailRequested, {
      to: user.email,
      template,
      language: user.prefLanguage,
      params: { first_name: user.firstName, last_name: user.lastName, ...params },
    });
  }

  private async spendActionToken(em: EntityManager, token: string, kind: ActionKind): Promise<ActionToken> {
    const parsed = parseOpaqueToken(token);
    const action = parsed ? await this.repository.actionToken(em, parsed.id, kind) : null;
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
    if (!this.appUseAllowed(memberships)) throw new AppError(ErrorCode.NoPermission, 'Only Users and Customers are allowed');
  }

  private appUseAllowed(memberships: Membership[]): boolean {
    const counts: Record<SeatKind, number> = { user: 0, customer: 0, supplier: 0, readonly: 0 };
    for (const m of memberships) {
      const kind = seatKindOf(m.role);
      if (kind) counts[kind]++;
    }
    return appUseAllowed(counts) && memberships.some((m) => m.app);
  }

  /**
   * Issues a refresh token (the given successor, or a new one) and an access token. The refresh token expires
   * after REFRESH_TOKEN_TTL_S, but never later than SESSION_MAX_AGE_S after the family's sign-in.
   */
  private async issue(
    em: EntityManager,
    user: User,
    memberships: Membership[],
    client: ClientKind,
    familyId: string,
    familyStartedAt: Date,
    opaque: { id: string; token: string; hash: string } = newOpaqueToken(),
  ): Promise<LoginResult> {
    const expiresAt = new Date(
      Math.min(Date.now() + this.config.refreshTokenTtlS * 1000, familyStartedAt.getTime() + this.config.sessionMaxAgeS * 1000),
    );
    em.create(RefreshToken, {
      id: opaque.id,
      familyId,
      userId: user.id,
      secretHash: opaque.hash,
      clientKind: client,
      expiresAt,
      familyStartedAt,
    } as RefreshToken);
    return this.answer(user, memberships, client, familyId, opaque.token, expiresAt);
  }

  private answer(
    user: User,
    memberships: Membership[],
    client: ClientKind,
    familyId: string,
    refreshToken: string,
    refreshExpiresAt: Date,
  ): LoginResult {
    const token = this.tokens.sign(
      {
        sub: user.id,
        ...(user.operator ? { op: 1 as const } : {}),
        c: claimsOf(memberships),
        ck: client,
        f: familyId,
      },
      this.config.accessTokenTtlS,
    );
    return {
      user: toUserDto(user),
      token,
      refresh_token: refreshToken,
      expires_in: this.config.accessTokenTtlS,
      refresh_expires_at: refreshExpiresAt.toISOString(),
    };
  }
}

export function initialsOf(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
}

