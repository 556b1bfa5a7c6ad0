import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ORDER_EVENT_CODES, type OrderEventCode, orderEventText } from '@kanban/contracts';
import { Database, raw } from '@kanban/persistence';
import { ordersData } from '../orders.data';

// Opening PGlite and migrating takes seconds on a busy machine.
jest.setTimeout(60_000);

/** The migration before the one that added code and params to the order history events. */
const BEFORE = 'Migration20261124013932';

/** Texts as the writers wrote them before, with the message the migration should find in each (null: none). */
const OLD_TEXTS: [string, OrderEventCode | null, Record<string, unknown> | null][] = [
  ['requisition run 12 (stock)', 'requisition_run', { run_id: 12, trigger: 'stock' }],
  ['subscription: requisition run 4', 'subscription_run', { run_id: 4 }],
  [
    'backorder: line 2 not delivered 7 days after its shipping day, cancelled and ordered anew (requisition run 9)',
    'backorder_reordered',
    { pos: 2, shipping: '2026-01-05', run_id: 9 },
  ],
  ['backorder: line 2 not delivered 7 days after its shipping day, cancelled and ordered anew', 'backorder_reordered', { pos: 2, shipping: '2026-01-05', run_id: null }],
  ['ordered by hand', 'manual_order', {}],
  ['ordered by hand, waiting for approval', 'manual_request', {}],
  ['status updated to OK', 'status_ok', {}],
  ['request confirmed', 'request_confirmed', {}],
  ['request rejected', 'request_rejected', { reason: null }],
  ['request rejected: zu teuer; lieber später', 'request_rejected', { reason: 'zu teuer; lieber später' }],
  ['attachment added: Angebot (neu).pdf', 'attachment_added', { name: 'Angebot (neu).pdf', replaced: null }],
  ['attachment added: scan.png (replaces Lieferschein Müller.pdf)', 'attachment_added', { name: 'scan.png', replaced: 'Lieferschein Müller.pdf' }],
  ['attachment removed: scan.png', 'attachment_removed', { name: 'scan.png' }],
  ['picture added (5)', 'picture_added', { image_id: 5 }],
  ['picture removed (6)', 'picture_removed', { image_id: 6 }],
  ['requeued in the order queue (attempt 2)', 'queue_requeued', { attempt: 2 }],
  ['taken out of the order queue', 'queue_removed', {}],
  ['supply 1038 created for the supplier', 'supply_created', { supply_id: 1038 }],
  ['supply 7: the order arrived again (sent from the order queue), nothing created twice', 'supply_repeated', { supply_id: 7 }],
  ['supply 7: delivered line 1, 2', 'supply_delivery', { supply_id: 7, delivered: [1, 2], taken_back: [], complete: false }],
  ['supply 7: delivered line 1, 2; taken back line 3 (supply delivered)', 'supply_delivery', { supply_id: 7, delivered: [1, 2], taken_back: [3], complete: true }],
  ['supply 7: taken back line 3', 'supply_delivery', { supply_id: 7, delivered: [], taken_back: [3], complete: false }],
  ['supply 7: delivered line 4 (supply delivered)', 'supply_delivery', { supply_id: 7, delivered: [4], taken_back: [], complete: true }],
  ['requisition run 12 (someday)', null, null],
  ["a note of another kind, it's 'quoted'", null, null],
];

describe('order history events: the migration to code and params', () => {
  let database: Database;
  let orm: MikroORM;

  beforeAll(async () => {
    database = await Database.open({ kind: 'pglite', dataDir: null });
    orm = await MikroORM.init(database.ormOptions(ordersData));
  });

  afterAll(async () => {
    await orm?.close();
    await database?.close();
  });

  it('converts the known texts of old events (their text stays) and leaves the rest without a code', async () => {
    const connection = orm.em.getConnection();
    await connection.execute('create schema if not exists "orders"');
    await orm.getMigrator().up({ to: BEFORE });
    await connection.execute(
      `insert into orders.purchase_order (company_id, customer_id, location_id, order_date, created_at, updated_at) values (1, 1, 1, '2026-01-01', now(), now())`,
    );
    const [order] = await connection.execute<{ id: number }[]>('select id from orders.purchase_order');
    await connection.execute(
      `insert into orders.purchase_order_line (company_id, order_id, pos, item_id, sku, name, quantity, shipping, created_at) values (1, ?, 2, 1, 'X', 'X', 1, '2026-01-05', now())`,
      [order!.id],
    );
    for (const [text] of OLD_TEXTS) {
      await connection.execute(`insert into orders.purchase_order_event (company_id, order_id, type, text, created_at) values (1, ?, 'U', ?, now())`, [order!.id, text]);
    }

    await orm.getMigrator().up();

    const rows = await connection.execute<{ code: string | null; params: unknown; text: string }[]>(
      'select code, params, text from orders.purchase_order_event order by id',
    );
    expect(rows.map((r) => [r.text, r.code, r.params == null ? null : raw.json(r.params)])).toEqual(OLD_TEXTS);
    // the converted messages read as their old texts again
    for (const r of rows.filter((row) => row.code !== null)) expect(orderEventText(r.code as OrderEventCode, raw.json(r.params))).toBe(r.text);
    // every code has an old text here, except codes of writers that came after the migration (no old events of them)
    const newer: OrderEventCode[] = ['time_tracking', 'notification_queued', 'notification_sent', 'notification_retrying', 'notification_failed', 'response_ext_status', 'response_po_number', 'response_line_status', 'supplier_acknowledged'];
    expect(new Set(OLD_TEXTS.map(([, code]) => code).filter((code) => code !== null))).toEqual(new Set(ORDER_EVENT_CODES.filter((code) => !newer.includes(code))));
  });
});
