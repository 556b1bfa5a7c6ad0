import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * A supplier's API client (docs/supplier-api.md): what a supplier's own system signs in with to pull its supplies.
 * The secret is shown once at creation; only its argon2id hash is stored, like a password. Revoking keeps the row.
 */
@Entity({ tableName: 'api_client' })
@TenantOwned()
@Unique({ properties: ['clientId'] })
@Index({ properties: ['companyId', 'supplierId'] })
export class ApiClient extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'supplier_id', type: 'int' })
  supplierId!: number;

  @Property({ type: 'text' })
  name!: string;

  /** public and random (`sc_` and 32 hex characters) */
  @Property({ fieldName: 'client_id', type: 'text' })
  clientId!: string;

  /** argon2id of the secret; the secret itself is never stored */
  @Property({ fieldName: 'secret_hash', type: 'text', hidden: true })
  secretHash!: string;

  @Property({ fieldName: 'created_by', type: 'int', nullable: true })
  createdBy: number | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  /** noted at most once a minute (the check of every call) */
  @Property({ fieldName: 'last_used_at', type: 'datetime', length: 6, nullable: true })
  lastUsedAt: Date | null = null;

  @Property({ fieldName: 'revoked_at', type: 'datetime', length: 6, nullable: true })
  revokedAt: Date | null = null;
}
