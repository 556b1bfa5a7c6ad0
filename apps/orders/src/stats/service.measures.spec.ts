import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Migration } from '@mikro-orm/migrations';
import { ORDERS_MIGRATIONS } from '../migrations';
import { SERVICE_AGGREGATES, SERVICE_FROM, toFigures } from './service.measures';

/**
 * The on-time measure of the service analysis (docs/statistics.md "Service analysis") on the orders schema as the
 * migrations build it: the SQL aggregates over order lines with their `delivered_at`, and the migration that adds the
 * column and fills it from the order history.
 */

let db: PGlite;

/** Applies the orders migrations from `from` up to (not including) `to` (their SQL only: each is a list of addSql). */
async function migrate(from: number, to: number): Promise<void> {
  for (const { class: Generated } of ORDERS_MIGRATIONS.slice(from, to)) {
    const migration = new Generated(null as never, null as never) as Migration;
    await migration.up();
    for (const sql of migration.getQueries()) await db.exec(String(sql));
  }
}

/** `?` placeholders as PGlite's `$n`. */
const query = async <R>(sql: string, params: unknown[] = []): Promise<R[]> => {
  let n = 0;
  return (await db.query<R>(sql.replace(/\?/g, () => `$${++n}`), params)).rows;
};

let orderId = 0;
async function order(company: number, lines: { pos?: number; shipping: string; status: string; delivered_at?: string | null }[]): Promise<number> {
  const [row] = await query<{ id: number }>(
    `insert into orders.purchase_order (company_id, customer_id, location_id, order_date, created_at, updated_at)
     values (?, 1, 1, '2026-11-02', now(), now()) returning id`,
    [company],
  );
  orderId = row!.id;
  for (const [i, line] of lines.entries()) {
    await query(
      `insert into orders.purchase_order_line (company_id, order_id, pos, item_id, sku, name, quantity, shipping, status, created_at)
       values (?, ?, ?, 1, 'SKU', 'Item', 2, ?::date, ?, now())`,
      [company, orderId, line.pos ?? i + 1, line.shipping, line.status],
    );
    if (line.delivered_at !== undefined) {
      await query('update orders.purchase_order_line set delivered_at = ?::timestamptz where order_id = ? and pos = ?', [line.delivered_at, orderId, line.pos ?? i + 1]);
    }
  }
  return orderId;
}

async function event(company: number, order: number, text: string, at: string): Promise<void> {
  await query(`insert into orders.purchase_order_event (company_id, order_id, type, text, created_at) values (?, ?, 'S', ?, ?::timestamptz)`, [company, order, text, at]);
}

const deliveredAt = async (order: number) =>
  (await query<{ pos: number; at: Date | null }>('select pos, delivered_at as at from orders.purchase_order_line where order_id = ? order by pos', [order])).map((r) => [
    r.pos,
    r.at ? new Date(r.at).toISOString() : null,
  ]);

beforeAll(async () => {
  db = new PGlite({ extensions: { pg_trgm } });
  await db.waitReady;
  await db.exec('create schema orders');
});

afterAll(async () => {
  await db.close();
});

describe('delivered_at of order lines', () => {
  const backfill = ORDERS_MIGRATIONS.findIndex((m) => m.name === 'Migration20261124032049');

  it('is filled by its migration from the S history events that delivered each line (the last one), else left null', async () => {
    await migrate(0, backfill);
    const a = await order(7, [
      { shipping: '2026-11-05', status: 'delivered' },
      { shipping: '2026-11-05', status: 'delivered' },
      { shipping: '2026-11-05', status: 'confirmed' },
      { shipping: '2026-11-05', status: 'delivered' },
      { shipping: '2026-11-05', status: 'cancelled' },
    ]);
    await event(7, a, 'supply 31 created for the supplier', '2026-11-02T09:00:00Z');
    await event(7, a, 'supply 31: delivered line 1, 2', '2026-11-05T08:00:00Z');
    await event(7, a, 'supply 31: taken back line 2', '2026-11-05T09:00:00Z');
    // line 3 was delivered and taken back: it is on its way again, no delivery time
    await event(7, a, 'supply 31: delivered line 2, 3; taken back line 1', '2026-11-06T10:30:00Z');
    await event(7, a, 'supply 31: delivered line 1; taken back line 3 (supply delivered)', '2026-11-07T07:15:00Z');
    // the same positions in another company's order of the same history are not this order's
    const b = await order(8, [{ shipping: '2026-11-05', status: 'delivered' }]);
    await event(8, b, 'supply 32: delivered line 1 (supply delivered)', '2026-11-09T12:00:00Z');
    await migrate(backfill, backfill + 1);
    expect(await deliveredAt(a)).toEqual([
      [1, '2026-11-07T07:15:00.000Z'],
      [2, '2026-11-06T10:30:00.000Z'],
      [3, null],
      // delivered without a history event that says so (older data): unknown
      [4, null],
      [5, null],
    ]);
    expect(await deliveredAt(b)).toEqual([[1, '2026-11-09T12:00:00.000Z']]);
    await migrate(backfill + 1, ORDERS_MIGRATIONS.length);
  });
});

describe('on-time measure of the service analysis', () => {
  /** The measures over company 20's lines, today 2026-11-20 in `zone`. */
  const figures = async (zone: string) => {
    const [row] = await query<Record<string, unknown>>(`select ${SERVICE_AGGREGATES} from ${SERVICE_FROM} where o.company_id = ?`, ['2026-11-20', '2026-11-20', zone, 20]);
    return toFigures(row!);
  };

  beforeAll(async () => {
    await order(20, [
      // on the shipping day, in the morning (Berlin): on time
      { shipping: '2026-11-10', status: 'delivered', delivered_at: '2026-11-10T09:30:00Z' },
      // a day early: on time
      { shipping: '2026-11-12', status: 'delivered', delivered_at: '2026-11-11T14:00:00Z' },
      // 23:30 UTC on the shipping day is 00:30 the next day in Berlin: one day late there, on time in UTC
      { shipping: '2026-11-13', status: 'delivered', delivered_at: '2026-11-13T23:30:00Z' },
      // three days late
      { shipping: '2026-11-03', status: 'delivered', delivered_at: '2026-11-06T10:00:00Z' },
      // delivered, time unknown (before the column existed): delivered, not dated
      { shipping: '2026-11-04', status: 'delivered', delivered_at: null },
      // due and on its way: late (not delivered); a stale time on a line that is not delivered counts for nothing
      { shipping: '2026-11-18', status: 'confirmed', delivered_at: '2026-11-17T10:00:00Z' },
      // not due yet
      { shipping: '2026-11-25', status: 'open' },
      { shipping: '2026-11-05', status: 'cancelled' },
    ]);
  });

  it('counts deliveries on or before the shipping day (company time zone) on time, and the late ones with their delay', async () => {
    expect(await figures('Europe/Berlin')).toEqual({
      lines: 7,
      quantity: 14,
      due: 6,
      delivered: 5,
      delivered_dated: 4,
      on_time: 2,
      delivered_late: 2,
      late: 1,
      cancelled: 1,
      service_level: 5 / 6,
      on_time_rate: 0.5,
      // (1 + 3) / 2 late deliveries
      avg_delay_days: 2,
    });
    expect(await figures('UTC')).toMatchObject({ delivered_dated: 4, on_time: 3, delivered_late: 1, on_time_rate: 0.75, avg_delay_days: 3 });
  });

  it('has no rates without lines to measure', () => {
    expect(toFigures({})).toEqual({
      lines: 0,
      quantity: 0,
      due: 0,
      delivered: 0,
      delivered_dated: 0,
      on_time: 0,
      delivered_late: 0,
      late: 0,
      cancelled: 0,
      service_level: null,
      on_time_rate: null,
      avg_delay_days: null,
    });
  });
});
