import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { ServerType, SmtpSecurity, SshAlgorithms } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * An outside server of a company (issue 18 item 1, docs/notifications.md): where notifications deliver mails, files
 * and HTTP calls and imports fetch from. The secrets are stored sealed (`SecretBox`: AES-256-GCM with SECRETS_KEY),
 * never in clear and never answered.
 */
@Entity({ tableName: 'server' })
@TenantOwned()
@Unique({ properties: ['companyId', 'name'] })
@Index({ properties: ['companyId', 'type'] })
export class Server extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  type!: ServerType;

  @Property({ type: 'text' })
  host!: string;

  @Property({ type: 'int' })
  port!: number;

  /** the user name to sign in with ("user" is a reserved word in SQL) */
  @Property({ fieldName: 'username', type: 'text', default: '' })
  username: string = '';

  @Property({ fieldName: 'password_sealed', type: 'text', nullable: true })
  passwordSealed: string | null = null;

  @Property({ fieldName: 'private_key_sealed', type: 'text', nullable: true })
  privateKeySealed: string | null = null;

  @Property({ fieldName: 'passphrase_sealed', type: 'text', nullable: true })
  passphraseSealed: string | null = null;

  /** SMTP only: none, starttls or tls */
  @Property({ fieldName: 'smtp_security', type: 'text', nullable: true })
  smtpSecurity: SmtpSecurity | null = null;

  /** SFTP only: the SSH algorithms offered instead of the defaults, per kind (old servers) */
  @Property({ fieldName: 'ssh_algorithms', type: 'json', nullable: true })
  sshAlgorithms: SshAlgorithms | null = null;

  /** SMTP, FTPS, HTTPS: check the server's TLS certificate (false: a self-signed one is accepted) */
  @Property({ fieldName: 'tls_verify', type: 'boolean', default: true })
  tlsVerify: boolean = true;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
