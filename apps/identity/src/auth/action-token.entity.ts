import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

export type ActionKind = 'reset' | 'confirm' | 'invite';

/** A single-use token sent by mail: password reset, e-mail confirmation, invitation. */
@Entity({ tableName: 'action_token' })
@Index({ properties: ['userId', 'kind'] })
export class ActionToken {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ type: 'text' })
  kind!: ActionKind;

  @Property({ fieldName: 'secret_hash', type: 'text', hidden: true })
  secretHash!: string;

  @Property({ fieldName: 'expires_at', type: 'datetime', length: 6 })
  expiresAt!: Date;

  @Property({ fieldName: 'used_at', type: 'datetime', length: 6, nullable: true })
  usedAt?: Date | null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
