import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Role } from '@kanban/access';
import { TenantEntity, TenantOwned } from '@kanban/persistence';
import { User } from './user.entity';

/**
 * An invitation of an existing account (a person who already has a login, e.g. in another company) to a company
 * (docs/users.md): the person becomes a member, with this role and app flag, only by accepting it with the mailed
 * link while signed in. One open invitation per company and person; accepting or withdrawing deletes it. The
 * link's secret is kept only as a hash, like the action tokens.
 */
@Entity({ tableName: 'invitation' })
@TenantOwned()
@Unique({ properties: ['companyId', 'user'] })
export class Invitation extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'smallint' })
  role!: Role;

  @Property({ type: 'boolean', default: false })
  app: boolean = false;

  /** the id part of the mailed token (the secret part is only hashed) */
  @Property({ fieldName: 'token_id', type: 'uuid', unique: true })
  tokenId!: string;

  @Property({ fieldName: 'secret_hash', type: 'text', hidden: true })
  secretHash!: string;

  @Property({ fieldName: 'invited_by', type: 'int' })
  invitedBy!: number;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'expires_at', type: 'datetime', length: 6 })
  expiresAt!: Date;
}
