import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ActionToken, type ActionKind } from './action-token.entity';
import { RefreshToken } from './refresh-token.entity';

/**
 * The statements of sign-in (the failed-login counter and lock on the user row), refresh tokens (sessions) and
 * single-use action tokens (docs/security.md, docs/users.md). Tokens are created by the service through the unit of work.
 */
@Injectable()
export class AuthRepository {
  /**
   * Clears the failed-login count of a user who is not locked, in the statement that checks the lock (parallel
   * failures may have locked the account since it was read). Answers false for a locked account.
   */
  async resetFailures(em: EntityManager, userId: number): Promise<boolean> {
    const unlocked = await em.execute<{ id: number }[]>(`update identity."user" set failed_logins = 0 where id = ? and locked_at is null returning id`, [userId]);
    return unlocked.length > 0;
  }

  /**
   * Counts a failed password check in one statement (parallel guesses cannot pass the limit between a read and a
   * write) and locks the account when the count reaches `limit`. Answers the new count, or null when the account
   * was locked already (the count stays where the lock left it).
   */
  async countFailure(em: EntityManager, userId: number, limit: number): Promise<number | null> {
    const rows = await em.execute<{ failed_logins: number }[]>(
      `update identity."user" set failed_logins = failed_logins + 1, ` +
        `locked_at = case when failed_logins + 1 >= ? then now() else locked_at end ` +
        `where id = ? and locked_at is null returning failed_logins`,
      [limit, userId],
    );
    return rows.length === 0 ? null : Number(rows[0]!.failed_logins);
  }

  /** A refresh token by id, locked for the transaction when `forUpdate` (a refresh spends it). */
  refreshToken(em: EntityManager, id: string, forUpdate = false): Promise<RefreshToken | null> {
    return forUpdate ? em.findOne(RefreshToken, id, { lockMode: 4 /* pessimistic write */ }) : em.findOne(RefreshToken, id);
  }

  /** Revokes the live tokens of a session (family). */
  async revokeFamily(em: EntityManager, familyId: string): Promise<void> {
    await em.nativeUpdate(RefreshToken, { familyId, revokedAt: null }, { revokedAt: new Date() });
  }

  /** Revokes the live tokens of every session of a user except, optionally, one family. */
  async revokeSessions(em: EntityManager, userId: number, keepFamily?: string): Promise<void> {
    const where = keepFamily ? { userId, revokedAt: null, familyId: { $ne: keepFamily } } : { userId, revokedAt: null };
    await em.nativeUpdate(RefreshToken, where, { revokedAt: new Date() });
  }

  /** Marks the user's unused action tokens of a kind used (a new one replaces them). */
  async retireActionTokens(em: EntityManager, userId: number, kind: ActionKind): Promise<void> {
    await em.nativeUpdate(ActionToken, { userId, kind, usedAt: null }, { usedAt: new Date() });
  }

  actionToken(em: EntityManager, id: string, kind: ActionKind): Promise<ActionToken | null> {
    return em.findOne(ActionToken, { id, kind });
  }
}
