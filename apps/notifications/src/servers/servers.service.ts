import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { SERVER_SORTS, SERVER_TYPES, type CompanyCaller, type Page, type ServerDto, type ServerInput, type ServerListQuery, type ServerType, type ServerVerifyResult } from '@kanban/contracts';
import { type ServerConnection, verifyServer } from '@kanban/delivery';
import { pageOf, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { duplicate, duplicateAs1059 } from '../shared/duplicates';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { SecretBox } from './secret-box';
import { Server } from './server.entity';
import { applyServerInput, checkServer, normalizeServerInput, type NormalizedServerInput, toServerDto } from './server.rules';
import { ServersRepository } from './servers.repository';

const SORT_PROPERTY: Record<(typeof SERVER_SORTS)[number], string> = { name: 'name', type: 'type', host: 'host', updated_at: 'updatedAt' };
type SecretField = 'password' | 'private_key' | 'passphrase';
const SEALED: Record<SecretField, 'passwordSealed' | 'privateKeySealed' | 'passphraseSealed'> = {
  password: 'passwordSealed',
  private_key: 'privateKeySealed',
  passphrase: 'passphraseSealed',
};

/** A server with its secrets opened, for the service's own connections (verify, delivery); never answered. */
export interface ServerCredentials {
  id: number;
  type: ServerType;
  host: string;
  port: number;
  user: string;
  password: string | null;
  privateKey: string | null;
  passphrase: string | null;
  smtpSecurity: Server['smtpSecurity'];
  sshAlgorithms: Server['sshAlgorithms'];
  tlsVerify: boolean;
}

/**
 * The company's servers (issue 18 item 1, docs/notifications.md): list (q over name, host and user; type; sort;
 * pages), read, create, change, delete. Names are unique in the company (1059 at `name`); unknown ids and other
 * companies' servers answer 404. Secrets are sealed with SECRETS_KEY before they reach the database and only their
 * presence is answered; an update keeps a secret it does not name and clears one sent as null or ''.
 */
@Injectable()
export class ServersService implements OnApplicationBootstrap {
  private readonly box: SecretBox;
  private readonly logger = new Logger('Servers');

  constructor(
    @Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork,
    private readonly servers: ServersRepository,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {
    this.box = new SecretBox(config.secretsKey, config.previousSecretsKeys);
  }

  /** After a key rotation (SECRETS_KEY_PREVIOUS set): the secrets sealed with a previous key are sealed again. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.previousSecretsKeys.length === 0) return;
    const count = await this.resealPrevious();
    this.logger.log(`secrets of ${count} server(s) sealed again with SECRETS_KEY ${this.box.keyId}`);
  }

  /**
   * Seals every secret sealed with a previous key again with SECRETS_KEY, in all companies, in one transaction; answers
   * how many servers changed. Replicas doing it at once write equal secrets (each opens and seals the same value).
   */
  async resealPrevious(): Promise<number> {
    return this.uow.write(async (em) => {
      const servers = await this.servers.withSecretsOfAllCompanies(em);
      let changed = 0;
      for (const server of servers) {
        let touched = false;
        for (const field of ['password', 'private_key', 'passphrase'] as const) {
          const sealed = server[SEALED[field]];
          if (sealed === null || !this.box.sealedWithPrevious(sealed)) continue;
          const context = secretContext(server.companyId, field);
          server[SEALED[field]] = this.box.seal(this.box.open(sealed, context), context);
          touched = true;
        }
        if (touched) changed++;
      }
      return changed;
    });
  }

  async list(caller: CompanyCaller, query: ServerListQuery): Promise<Page<ServerDto>> {
    const { page, perPage } = pageOf(query);
    const sort = query.sort !== undefined && Object.hasOwn(SORT_PROPERTY, query.sort) ? SORT_PROPERTY[query.sort as keyof typeof SORT_PROPERTY] : 'name';
    const type = query.type !== undefined && (SERVER_TYPES as readonly string[]).includes(query.type) ? query.type : undefined;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const filter = { q: typeof query.q === 'string' ? query.q : undefined, type, sort, direction: query.order === 'desc' ? ('desc' as const) : ('asc' as const) };
      const [rows, total] = await this.servers.list(em, caller.companyId, filter, page, perPage);
      return { items: rows.map(toServerDto), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, id: number): Promise<ServerDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => toServerDto(await this.orFail(em, id)));
  }

  async create(caller: CompanyCaller, raw: ServerInput): Promise<ServerDto> {
    const input = normalizeServerInput(raw, 'create');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        if (await this.servers.nameTaken(em, input.name!, undefined)) throw duplicate();
        const server = em.create(Server, { companyId: caller.companyId } as never);
        applyServerInput(server, input, true);
        this.applySecrets(server, input);
        em.persist(server);
        await em.flush();
        return toServerDto(server);
      }),
    );
  }

  async update(caller: CompanyCaller, id: number, raw: ServerInput): Promise<ServerDto> {
    const input = normalizeServerInput(raw, 'update');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const server = await this.orFail(em, id);
        if (input.name !== undefined && input.name !== server.name && (await this.servers.nameTaken(em, input.name, server.id))) throw duplicate();
        applyServerInput(server, input, false);
        // a server that is no longer SFTP keeps no private key (nor its passphrase)
        if (server.type !== 'SFTP' && input.private_key === undefined) {
          server.privateKeySealed = null;
          if (input.passphrase === undefined) server.passphraseSealed = null;
        }
        this.applySecrets(server, input);
        server.updatedAt = new Date();
        await em.flush();
        return toServerDto(server);
      }),
    );
  }

  async remove(caller: CompanyCaller, id: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      em.remove(await this.orFail(em, id));
    });
  }

  /** The server with its secrets opened (404 as `get`); for connecting to it, never for an answer. */
  async credentials(caller: CompanyCaller, id: number): Promise<ServerCredentials> {
    const server = await this.uow.forCompany(caller.companyId).read((em) => this.orFail(em, id));
    const open = (field: SecretField): string | null => {
      const sealed = server[SEALED[field]];
      if (sealed === null) return null;
      try {
        return this.box.open(sealed, secretContext(server.companyId, field));
      } catch (error) {
        throw new AppError(ErrorCode.Validation, `${field}: the stored secret cannot be opened with SECRETS_KEY (${(error as Error).message}); enter it again`, { field });
      }
    };
    return {
      id: server.id,
      type: server.type,
      host: server.host,
      port: server.port,
      user: server.username,
      password: open('password'),
      privateKey: open('private_key'),
      passphrase: open('passphrase'),
      smtpSecurity: server.smtpSecurity,
      sshAlgorithms: server.sshAlgorithms,
      tlsVerify: server.tlsVerify,
    };
  }

  /**
   * Connects to the server as its type says and signs in (`verifyServer` of libs/delivery), outside any transaction:
   * 200 with the server's own greeting or answer when that worked, else 1056 carrying the server's own message (or the
   * local failure: refused connection, unknown host, timeout), `Data.kind` auth / unreadable / unreachable / other.
   */
  async verify(caller: CompanyCaller, id: number): Promise<ServerVerifyResult> {
    const result = await verifyServer(connectionOf(await this.credentials(caller, id), this.config.verifyTimeoutMs));
    if (result.ok) return { ok: true, message: result.answer };
    throw new AppError(ErrorCode.ServerMessage, result.answer || 'the server did not answer', { data: { kind: result.kind } });
  }

  /** Seals the secrets the input names (null clears), then checks the whole record. */
  private applySecrets(server: Server, input: NormalizedServerInput): void {
    for (const field of ['password', 'private_key', 'passphrase'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      server[SEALED[field]] = value === null ? null : this.box.seal(value, secretContext(server.companyId, field));
    }
    checkServer(server, { password: server.passwordSealed !== null, privateKey: server.privateKeySealed !== null, passphrase: server.passphraseSealed !== null });
  }

  private async orFail(em: EntityManager, id: number): Promise<Server> {
    const server = await this.servers.record(em, id);
    if (!server) throw new AppError(ProtocolCode.NotFound, 'server not found');
    return server;
  }
}

/** What libs/delivery connects with: the opened secrets, the SSH lists under ssh2's names, TLS checked or not. */
export function connectionOf(server: ServerCredentials, timeoutMs: number): ServerConnection {
  const algorithms = server.sshAlgorithms;
  return {
    type: server.type,
    host: server.host,
    port: server.port,
    ...(server.user ? { user: server.user } : {}),
    ...(server.password !== null ? { password: server.password } : {}),
    ...(server.privateKey !== null ? { privateKey: server.privateKey } : {}),
    ...(server.passphrase !== null ? { passphrase: server.passphrase } : {}),
    ...(server.smtpSecurity !== null ? { smtpSecurity: server.smtpSecurity } : {}),
    ...(algorithms ? { sshAlgorithms: { kex: algorithms.kex, cipher: algorithms.cipher, serverHostKey: algorithms.host_key, hmac: algorithms.hmac } } : {}),
    tlsRejectUnauthorized: server.tlsVerify,
    timeoutMs,
  };
}

/** The additional data a secret is sealed with: its company and field (a copied ciphertext does not open elsewhere). */
export function secretContext(companyId: number, field: SecretField): string {
  return `notifications.server:${companyId}:${field}`;
}

