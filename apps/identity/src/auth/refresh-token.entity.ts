import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { ClientKind } from '@kanban/contracts';

/**
 * One refresh token of a session family. Each use spends it and issues the next one in the same family;
 * presenting a spent token again revokes the whole family (reuse detection), except within the grace window right
 * after the rotation, which answers the same successor again (a lost answer logs nobody out).
 */
@Entity({ tableName: 'refresh_token' })
@Index({ properties: ['familyId'] })
@Index({ properties: ['userId'] })
export class RefreshToken {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ fieldName: 'family_id', type: 'uuid' })
  familyId!: string;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  /** SHA-256 of the secret part; the secret itself is never stored. */
  @Property({ fieldName: 'secret_hash', type: 'text', hidden: true })
  secretHash!: string;

  @Property({ fieldName: 'client_kind', type: 'text' })
  clientKind!: ClientKind;

  @Property({ fieldName: 'expires_at', type: 'datetime', length: 6 })
  expiresAt!: Date;

  @Property({ fieldName: 'used_at', type: 'datetime', length: 6, nullable: true })
  usedAt?: Date | null;

  @Property({ fieldName: 'revoked_at', type: 'datetime', length: 6, nullable: true })
  revokedAt?: Date | null;

  /** The token issued when this one was spent (its secret is derived from this one's, see `successorSecret`). */
  @Property({ fieldName: 'successor_id', type: 'uuid', nullable: true })
  successorId?: string | null;

  /** When the family's sign-in happened: the absolute session lifetime counts from here (null: rows from before). */
  @Property({ fieldName: 'family_started_at', type: 'datetime', length: 6, nullable: true })
  familyStartedAt?: Date | null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
