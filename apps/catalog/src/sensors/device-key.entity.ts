import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A device key of a company (docs/sensors.md "Device key"): devices and gateways send `dk_<keyId>_<secret>`;
 * only the SHA-256 of the whole key is kept, found by its public `keyId`. The current key has no `expiresAt`;
 * a rotation gives the old one 24 h. Not tenant-filtered: the ingestion looks a key up before it knows the
 * company (every company-bound query names `companyId` itself).
 */
@Entity({ tableName: 'device_key' })
@Index({ properties: ['companyId'] })
export class DeviceKey {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'company_id', type: 'int' })
  companyId!: number;

  @Property({ fieldName: 'key_id', type: 'text', unique: true })
  keyId!: string;

  @Property({ fieldName: 'secret_hash', type: 'text' })
  secretHash!: string;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'last_used_at', type: 'datetime', length: 6, nullable: true })
  lastUsedAt: Date | null = null;

  /** null: the current key; else valid until then (the grace period after a rotation) */
  @Property({ fieldName: 'expires_at', type: 'datetime', length: 6, nullable: true })
  expiresAt: Date | null = null;
}
