import { Client } from 'pg';
import { type UnitOfWork, unitOfWorkToken } from '@kanban/persistence';
import type { TestSystem } from './system';

/**
 * A statement on a service's schema (`?` placeholders): the embedded run's own database, or the distributed run's
 * PostgreSQL. For what no call shows or sets (the outbox, a token's age, tables no call fills yet).
 */
export async function serviceSql<R>(system: TestSystem, service: string, sql: string, params: unknown[] = []): Promise<R[]> {
  if (system.app) {
    const uow = system.app.get<UnitOfWork>(unitOfWorkToken(service), { strict: false });
    return uow.write((em) => em.execute<R[]>(sql, params));
  }
  const db = new Client({ connectionString: system.distributed!.databaseUrl });
  await db.connect();
  try {
    let n = 0;
    return (await db.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as R[];
  } finally {
    await db.end();
  }
}

/** `serviceSql` on the orders schema. */
export function ordersSql<R>(system: TestSystem, sql: string, params: unknown[] = []): Promise<R[]> {
  return serviceSql<R>(system, 'orders', sql, params);
}

/** The `data` of every evt.orders.created in the orders outbox. */
export async function ordersCreatedEvents(system: TestSystem): Promise<any[]> {
  const rows = await ordersSql<{ payload: unknown }>(system, `select payload from orders.outbox where subject = 'evt.orders.created'`);
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : (r.payload as any)).data);
}
