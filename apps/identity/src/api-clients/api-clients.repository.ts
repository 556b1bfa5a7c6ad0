import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface ApiClientRow {
  id: number;
  company_id: number;
  supplier_id: number;
  name: string;
  client_id: string;
  secret_hash: string;
  created_by: number | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, company_id, supplier_id, name, client_id, secret_hash, created_by, created_at, last_used_at, revoked_at';

/** The statements of the suppliers' API clients (docs/supplier-api.md); the company is always stated. */
@Injectable()
export class ApiClientsRepository {
  /** The supplier's clients, working ones first, newest first. */
  list(em: EntityManager, companyId: number, supplierId: number): Promise<ApiClientRow[]> {
    return em.execute<ApiClientRow[]>(
      `select ${COLUMNS} from identity.api_client where company_id = ? and supplier_id = ?
        order by (revoked_at is not null), created_at desc, id desc`,
      [companyId, supplierId],
    );
  }

  async one(em: EntityManager, companyId: number, supplierId: number, id: number): Promise<ApiClientRow | undefined> {
    const rows = await em.execute<ApiClientRow[]>(
      `select ${COLUMNS} from identity.api_client where company_id = ? and supplier_id = ? and id = ?`,
      [companyId, supplierId, id],
    );
    return rows[0];
  }

  /** A client by its public id, in any company (sign-in and the check of each call). */
  async byClientId(em: EntityManager, clientId: string): Promise<ApiClientRow | undefined> {
    const rows = await em.execute<ApiClientRow[]>(`select ${COLUMNS} from identity.api_client where client_id = ?`, [clientId]);
    return rows[0];
  }

  /** Revokes it if it still works; answers the row as it is now. */
  /** Revokes every working client of a supplier (the supplier was deleted); answers how many. */
  async revokeAllOf(em: EntityManager, companyId: number, supplierId: number, now: Date): Promise<number> {
    const rows = await em.execute<{ id: number }[]>(
      `update identity.api_client set revoked_at = ? where company_id = ? and supplier_id = ? and revoked_at is null returning id`,
      [now, companyId, supplierId],
    );
    return rows.length;
  }

  async revoke(em: EntityManager, companyId: number, supplierId: number, id: number, now: Date): Promise<ApiClientRow | undefined> {
    await em.execute('update identity.api_client set revoked_at = ? where company_id = ? and supplier_id = ? and id = ? and revoked_at is null', [
      now,
      companyId,
      supplierId,
      id,
    ]);
    return this.one(em, companyId, supplierId, id);
  }

  /** Notes the use, at most once a minute per client (a write per call would cost more than the call). */
  async noteUse(em: EntityManager, id: number, now: Date): Promise<void> {
    await em.execute('update identity.api_client set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)', [
      now,
      id,
      new Date(now.getTime() - 60_000),
    ]);
  }
}
