import { Client } from 'pg';
import { type UnitOfWork, unitOfWorkToken } from '@kanban/persistence';
import type { TestSystem } from './system';

/**
 * A statement on the orders schema (`?` placeholders): the embedded run's own database, or the distributed run's
 * PostgreSQL. For what no call shows (the outbox).
 */
export async function ordersSql<R>(system: TestSystem, sql: string, params: unknown[] = []): Promise<R[]> {
  if (system.app) {
    const uow = system.app.get<UnitOfWork>(unitOfWorkToken('orders'), { strict: false });
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

/** The `data` of every evt.orders.created in the orders outbox. */
export async function ordersCreatedEvents(system: TestSystem): Promise<any[]> {
  const rows = await ordersSql<{ payload: unknown }>(system, `select payload from orders.outbox where subject = 'evt.orders.created'`);
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : (r.payload as any)).data);
}
