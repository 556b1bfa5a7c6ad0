import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import type {
  ApiClientCheck,
  ApiClientCreated,
  ApiClientDto,
  ApiClientInput,
  ApiClientScope,
  ApiClientToken,
  CompanyCaller,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { SupplierApiTokens } from '@kanban/tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/secrets';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { ApiClient } from './api-client.entity';
import { type ApiClientRow, ApiClientsRepository } from './api-clients.repository';

/** How long a supplier API access token lives (the client signs in again after it). */
export const SUPPLIER_TOKEN_TTL_S = 3600;
const NAME_MAX = 100;
const CLIENT_ID = /^sc_[0-9a-f]{32}$/;

function toDto(row: ApiClientRow | ApiClient): ApiClientDto {
  const r = row instanceof ApiClient
    ? { id: row.id, supplier_id: row.supplierId, name: row.name, client_id: row.clientId, created_at: row.createdAt, created_by: row.createdBy, last_used_at: row.lastUsedAt, revoked_at: row.revokedAt }
    : row;
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: Number(r.id),
    supplier_id: Number(r.supplier_id),
    name: r.name,
    client_id: r.client_id,
    created_at: iso(r.created_at)!,
    created_by: r.created_by === null ? null : Number(r.created_by),
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
  };
}

/** The name: trimmed, 1 to 100 characters, kept as written otherwise (1000 `name`). */
export function apiClientName(input: ApiClientInput | undefined): string {
  const name = typeof input?.name === 'string' ? input.name.trim() : '';
  if (name.length === 0) throw AppError.validation('name', 'is required');
  if (name.length > NAME_MAX) throw AppError.validation('name', `must be at most ${NAME_MAX} characters`);
  return name;
}

/**
 * Suppliers' API clients (docs/supplier-api.md): created, listed and revoked on the supplier's users page (the
 * gateway has checked the user group and that the caller sees the supplier), the client credentials grant and the
 * check of every supplier API call (revocation takes effect at once).
 */
@Injectable()
export class ApiClientsService {
  private readonly tokens: SupplierApiTokens;

  constructor(
    @Inject(unitOfWorkToken('identity')) private readonly uow: UnitOfWork,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    private readonly repository: ApiClientsRepository,
  ) {
    this.tokens = new SupplierApiTokens(config.jwtSecret);
  }

  list(caller: CompanyCaller, scope: ApiClientScope): Promise<ApiClientDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => (await this.repository.list(em, caller.companyId, scope.supplierId)).map(toDto));
  }

  async create(caller: CompanyCaller, scope: ApiClientScope, input: ApiClientInput): Promise<ApiClientCreated> {
    const name = apiClientName(input);
    const secret = randomBytes(32).toString('base64url');
    const secretHash = await hashPassword(secret);
    const client = await this.uow.forCompany(caller.companyId).write(async (em) => {
      const row = em.create(ApiClient, {
        companyId: caller.companyId,
        supplierId: scope.supplierId,
        name,
        clientId: `sc_${randomBytes(16).toString('hex')}`,
        secretHash,
        createdBy: caller.userId,
        createdAt: new Date(),
        lastUsedAt: null,
        revokedAt: null,
      });
      await em.flush();
      return row;
    });
    return { ...toDto(client), client_secret: secret };
  }

  /** Revokes the client (safe to repeat); its tokens stop working with the next call. Another supplier's client: 404. */
  revoke(caller: CompanyCaller, scope: ApiClientScope, id: number): Promise<ApiClientDto> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const row = await this.repository.revoke(em, caller.companyId, scope.supplierId, id, new Date());
      if (!row) throw new AppError(ProtocolCode.NotFound, 'API client not found');
      return toDto(row);
    });
  }

  /** The client credentials grant: wrong secret, unknown or revoked client all answer 1026 after the same work. */
  async token(clientId: unknown, clientSecret: unknown): Promise<ApiClientToken> {
    const secret = typeof clientSecret === 'string' ? clientSecret : '';
    const row = typeof clientId === 'string' && CLIENT_ID.test(clientId) ? await this.uow.read((em) => this.repository.byClientId(em, clientId)) : undefined;
    if (!row) {
      await burnPasswordCheck(secret);
      throw new AppError(ErrorCode.WrongCredentials, 'invalid client credentials');
    }
    const matches = await verifyPassword(row.secret_hash, secret);
    if (!matches || row.revoked_at !== null) throw new AppError(ErrorCode.WrongCredentials, 'invalid client credentials');
    await this.uow.read((em) => this.repository.noteUse(em, Number(row.id), new Date()));
    const companyId = Number(row.company_id);
    const supplierId = Number(row.supplier_id);
    return {
      access_token: this.tokens.sign({ sub: row.client_id, c: companyId, s: supplierId }, SUPPLIER_TOKEN_TTL_S),
      token_type: 'Bearer',
      expires_in: SUPPLIER_TOKEN_TTL_S,
      company_id: companyId,
      supplier_id: supplierId,
    };
  }

  /** Every supplier API call: the client must be there and not revoked (401 otherwise); its use is noted. */
  async check(clientId: string): Promise<ApiClientCheck> {
    const row = typeof clientId === 'string' && CLIENT_ID.test(clientId) ? await this.uow.read((em) => this.repository.byClientId(em, clientId)) : undefined;
    if (!row || row.revoked_at !== null) throw new AppError(ProtocolCode.Unauthenticated, 'API client revoked or unknown');
    const now = new Date();
    if (row.last_used_at === null || new Date(row.last_used_at).getTime() < now.getTime() - 60_000) {
      await this.uow.read((em) => this.repository.noteUse(em, Number(row.id), now));
    }
    return { id: Number(row.id), company_id: Number(row.company_id), supplier_id: Number(row.supplier_id) };
  }
}
