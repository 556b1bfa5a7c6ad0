import { MikroORM } from '@mikro-orm/postgresql';
import { type DemoOrderSupply, type DemoSupplyCreated, orderEventMessage, type ReplenishmentSnapshot } from '@kanban/contracts';
import { type Database, insertRows, reserveIds } from '@kanban/persistence';
import { applySnapshot } from '../copies/copies';
import { ordersData } from '../orders.data';
import { defaultScanCode } from '../rules/rule.rules';
import { type DemoHistory, type DemoUsers, type SimEvent, simulateDemoHistory } from './demo-history';

export interface OrdersDemoInput {
  companyId: number;
  /** the company's time zone (identity's company field) */
  timeZone: string;
  /** every item and location of the company, as the catalog's snapshot answers them */
  snapshot: ReplenishmentSnapshot;
  users: DemoUsers;
  now?: Date;
}

/** What the orders seed hands on: the orders that have a supply (for the supply seed), and what it writes once they exist. */
export interface OrdersDemoSeed {
  companyId: number;
  supplies: DemoOrderSupply[];
  history: DemoHistory;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The demo company's replenishment history (README "Demo data"): the read model of its catalog (the rows a
 * snapshot writes), kanban rules with their stock history, requisition runs and decisions, orders with their
 * lines, and journal entries, simulated over the last months up to now (`demo-history.ts`). Every table is
 * written in one or a few statements. Does nothing (null) when the company has rules already.
 *
 * The orders' history events and the supplies' echo (S events, `supply_state`) follow with
 * {@link seedOrdersDemoSupplies} once the supply seed created the supplies, as `SuppliesConsumer` would write them.
 */
export async function seedOrdersDemo(database: Database, input: OrdersDemoInput): Promise<OrdersDemoSeed | null> {
  const orm = await MikroORM.init(database.ormOptions(ordersData));
  try {
    return await orm.em.fork().transactional(async (em) => {
      const company = input.companyId;
      const [existing] = await em.execute<{ n: number }[]>('select count(*)::int as n from orders.kanban_rule where company_id = ?', [company]);
      if (Number(existing?.n ?? 0) > 0) return null;
      await applySnapshot(em, input.snapshot);
      const history = simulateDemoHistory({ companyId: company, now: input.now ?? new Date(), timeZone: input.timeZone, snapshot: input.snapshot, users: input.users });
      const catalogNames = new Map(input.snapshot.catalogs.map((c) => [c.id, c.name]));

      const ruleIds = await reserveIds(em, 'orders.kanban_rule', history.rules.length);
      history.rules.forEach((rule, i) => (rule.id = ruleIds[i]!));
      const runIds = await reserveIds(em, 'orders.requisition_run', history.runs.length);
      history.runs.forEach((run, i) => (run.id = runIds[i]!));
      const orderIds = await reserveIds(em, 'orders.purchase_order', history.orders.length);
      history.orders.forEach((order, i) => (order.id = orderIds[i]!));

      await insertRows(
        em,
        'orders.kanban_rule',
        {
          id: 'int',
          company_id: 'int',
          customer_id: 'int',
          location_id: 'int',
          item_id: 'int',
          threshold: 'float8',
          capacity: 'float8',
          stock: 'float8',
          stock_updated_at: 'timestamptz',
          scan_code: 'text',
          active: 'boolean',
          created_at: 'timestamptz',
          updated_at: 'timestamptz',
        },
        history.rules.map((r) => ({
          id: r.id,
          company_id: company,
          customer_id: r.customer.id,
          location_id: r.location.id,
          item_id: r.item.id,
          threshold: r.threshold,
          capacity: r.capacity,
          stock: r.stock,
          stock_updated_at: iso(r.stockUpdatedAt),
          scan_code: defaultScanCode(r.id),
          active: true,
          created_at: iso(r.createdAt),
          updated_at: iso(r.updatedAt),
        })),
      );
      // the stock changes no run has evaluated yet (the next stock run, or the scheduler's retry, does)
      await insertRows(
        em,
        'orders.rule_pending',
        { company_id: 'int', rule_id: 'int', changed_at: 'timestamptz' },
        history.rules.filter((r) => r.pendingAt !== null).map((r) => ({ company_id: company, rule_id: r.id, changed_at: iso(r.pendingAt) })),
      );
      await insertRows(
        em,
        'orders.stock_event',
        { company_id: 'int', rule_id: 'int', kind: 'text', stock_before: 'float8', stock: 'float8', user_id: 'int', created_at: 'timestamptz' },
        [...history.stockEvents]
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((e) => ({ company_id: company, rule_id: e.rule.id, kind: e.kind, stock_before: e.before, stock: e.stock, user_id: e.userId, created_at: iso(e.at) })),
      );
      await insertRows(
        em,
        'orders.requisition_run',
        {
          id: 'int',
          company_id: 'int',
          trigger: 'text',
          slot_key: 'text',
          run_date: 'date',
          started_at: 'timestamptz',
          finished_at: 'timestamptz',
          evaluated: 'int',
          orders: 'int',
          lines: 'int',
        },
        history.runs.map((r) => ({
          id: r.id,
          company_id: company,
          trigger: 'schedule',
          slot_key: r.slotKey,
          run_date: r.date,
          started_at: iso(r.startedAt),
          finished_at: iso(new Date(r.startedAt.getTime() + 40 + r.evaluated)),
          evaluated: r.evaluated,
          orders: r.orders,
          lines: r.lines,
        })),
      );
      await insertRows(
        em,
        'orders.requisition_decision',
        {
          company_id: 'int',
          run_id: 'int',
          rule_id: 'int',
          reason: 'text',
          quantity: 'float8',
          stock: 'float8',
          threshold: 'float8',
          capacity: 'float8',
          on_order: 'float8',
          order_id: 'int',
          backorder: 'float8',
          created_at: 'timestamptz',
        },
        // in the order they were made: a rule's latest row is its last decision
        history.decisions.map((d) => ({
          company_id: company,
          run_id: d.run.id,
          rule_id: history.ruleOf.get(d)!.id,
          reason: d.reason,
          quantity: d.quantity,
          stock: d.stock,
          threshold: d.threshold,
          capacity: d.capacity,
          on_order: d.onOrder,
          order_id: d.order?.id ?? null,
          backorder: 0,
          created_at: iso(d.at),
        })),
      );
      await insertRows(
        em,
        'orders.purchase_order',
        {
          id: 'int',
          company_id: 'int',
          customer_id: 'int',
          location_id: 'int',
          supplier_id: 'int',
          customer_name: 'text',
          location_name: 'text',
          supplier_name: 'text',
          order_date: 'date',
          created_at: 'timestamptz',
          created_by: 'int',
          status: 'text',
          source: 'text',
          run_id: 'int',
          trigger: 'text',
          comment: 'text',
          ext_status: 'smallint',
          po_status: 'smallint',
          notification_status: 'smallint',
          updated_at: 'timestamptz',
        },
        history.orders.map((o) => ({
          id: o.id,
          company_id: company,
          customer_id: o.rule0.customer.id,
          location_id: o.rule0.location.id,
          supplier_id: o.supplierId,
          customer_name: o.rule0.customer.name,
          location_name: o.rule0.location.name,
          supplier_name: o.supplierName,
          order_date: o.date,
          created_at: iso(o.createdAt),
          created_by: o.createdBy,
          status: o.status,
          source: o.source,
          run_id: o.run?.id ?? null,
          trigger: o.run ? 'schedule' : null,
          comment: '',
          ext_status: o.extStatus,
          po_status: 0,
          notification_status: 0,
          updated_at: iso(o.updatedAt),
        })),
      );
      await insertRows(
        em,
        'orders.purchase_order_line',
        {
          company_id: 'int',
          order_id: 'int',
          pos: 'int',
          rule_id: 'int',
          item_id: 'int',
          catalog_id: 'int',
          catalog_name: 'text',
          supplier_id: 'int',
          supplier_name: 'text',
          sku: 'text',
          name: 'text',
          quantity: 'float8',
          unit: 'text',
          item_unit: 'text',
          quantity_per_order_unit: 'float8',
          shipping: 'date',
          status: 'text',
          ext_status: 'smallint',
          delivered_at: 'timestamptz',
          created_at: 'timestamptz',
        },
        history.orders.flatMap((o) =>
          o.lines.map((l) => ({
            company_id: company,
            order_id: o.id,
            pos: l.pos,
            rule_id: l.rule.id,
            item_id: l.rule.item.id,
            catalog_id: l.rule.item.catalog_id,
            catalog_name: catalogNames.get(l.rule.item.catalog_id ?? -1) ?? '',
            supplier_id: o.supplierId,
            supplier_name: o.supplierName,
            sku: l.rule.item.sku,
            name: l.rule.item.name,
            quantity: l.quantity,
            unit: l.rule.item.order_unit,
            item_unit: l.rule.item.item_unit,
            quantity_per_order_unit: l.rule.item.quantity_per_order_unit > 0 ? l.rule.item.quantity_per_order_unit : 1,
            shipping: l.shipping,
            status: l.status,
            ext_status: l.extStatus,
            // when the supplier marked it delivered, as SuppliesConsumer stores it (the supply line's delivered_at)
            delivered_at: l.status === 'delivered' ? iso(l.deliveredAt) : null,
            created_at: iso(l.createdAt),
          })),
        ),
      );
      await insertRows(
        em,
        'orders.journal_entry',
        {
          company_id: 'int',
          code: 'int',
          message: 'text',
          message_key: 'text',
          params: 'jsonb',
          run_id: 'int',
          rule_id: 'int',
          customer_id: 'int',
          location_id: 'int',
          created_at: 'timestamptz',
          acknowledged_at: 'timestamptz',
          acknowledged_by: 'int',
        },
        [...history.journal]
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((j) => ({
            company_id: company,
            code: j.code,
            message: j.message(),
            message_key: j.messageKey,
            params: j.params(),
            run_id: j.run?.id ?? null,
            rule_id: j.rule?.id ?? null,
            customer_id: j.rule?.customer.id ?? null,
            location_id: j.rule?.location.id ?? null,
            created_at: iso(j.at),
            acknowledged_at: iso(j.acknowledgedAt),
            acknowledged_by: j.acknowledgedBy,
          })),
      );

      const supplies: DemoOrderSupply[] = history.orders
        .filter((o) => o.supplyAt !== null)
        .map((o) => ({
          id: o.id,
          company_id: company,
          customer_id: o.rule0.customer.id,
          location_id: o.rule0.location.id,
          supplier_id: o.supplierId,
          run_id: o.run?.id ?? null,
          trigger: o.run ? 'schedule' : null,
          date: o.date,
          lines: o.lines.map((l) => ({
            pos: l.pos,
            rule_id: l.rule.id,
            item_id: l.rule.item.id,
            sku: l.rule.item.sku,
            name: l.rule.item.name,
            quantity: l.quantity,
            unit: l.rule.item.order_unit,
            shipping: l.shipping,
            delivered_at: iso(l.deliveredAt),
            delivered_by: l.deliveredBy,
          })),
          created_at: o.supplyAt!.toISOString(),
          version: o.deliveries.length,
        }));
      return { companyId: company, supplies, history };
    });
  } finally {
    await orm.close();
  }
}

/**
 * The second half of the orders seed, once the supply seed created the supplies: every history event of the
 * orders in the order they happened (R, U, and the S events `SuppliesConsumer` writes for evt.supply.created and
 * evt.supply.delivery_changed), the last applied delivery change per supply (`supply_state`), and the order queue's
 * transmitted entries.
 */
export async function seedOrdersDemoSupplies(database: Database, seed: OrdersDemoSeed, created: DemoSupplyCreated[]): Promise<void> {
  const supplyOf = new Map(created.map((c) => [c.order_id, c.supply_id]));
  const events: { event: SimEvent; supplyId: number | null }[] = seed.history.events.map((event) => ({ event, supplyId: null }));
  const states: Record<string, unknown>[] = [];
  for (const order of seed.history.orders) {
    const supplyId = supplyOf.get(order.id);
    if (supplyId === undefined || order.supplyAt === null) continue;
    events.push({ event: { order, type: 'S', message: () => orderEventMessage('supply_created', { supply_id: supplyId }), userId: null, at: order.supplyAt }, supplyId });
    // One S event per delivery change, worded as the consumer words evt.supply.delivery_changed.
    for (const change of order.deliveries) {
      const message = () => orderEventMessage('supply_delivery', { supply_id: supplyId, delivered: change.positions, taken_back: [], complete: change.complete });
      events.push({ event: { order, type: 'S', message, userId: change.by, at: change.at }, supplyId });
    }
    const last = order.deliveries.at(-1);
    if (last) states.push({ id: supplyId, company_id: seed.companyId, order_id: order.id, version: order.deliveries.length, updated_at: last.at.toISOString() });
  }
  events.sort((a, b) => a.event.at.getTime() - b.event.at.getTime());
  const orm = await MikroORM.init(database.ormOptions(ordersData));
  try {
    await orm.em.fork().transactional(async (em) => {
      const [existing] = await em.execute<{ n: number }[]>('select count(*)::int as n from orders.purchase_order_event where company_id = ?', [seed.companyId]);
      if (Number(existing?.n ?? 0) > 0) return;
      await insertRows(
        em,
        'orders.purchase_order_event',
        { company_id: 'int', order_id: 'int', type: 'text', code: 'text', params: 'jsonb', text: 'text', user_id: 'int', created_at: 'timestamptz' },
        events.map(({ event, supplyId }) => ({
          company_id: seed.companyId,
          order_id: event.order.id,
          type: event.type,
          ...event.message(supplyId),
          user_id: event.userId,
          created_at: event.at.toISOString(),
        })),
      );
      await insertRows(em, 'orders.supply_state', { id: 'int', company_id: 'int', order_id: 'int', version: 'int', updated_at: 'timestamptz' }, states);
      // The order queue (docs/replenishment.md "Order queue"): every order the supply service took is a transmitted
      // entry, handed over when its supply was created (a request once it was confirmed); waiting requests and
      // rejected ones were never queued.
      await insertRows(
        em,
        'orders.order_queue',
        {
          company_id: 'int',
          order_id: 'int',
          customer_id: 'int',
          location_id: 'int',
          supplier_id: 'int',
          user_id: 'int',
          state: 'text',
          attempts: 'int',
          queued_at: 'timestamptz',
          transmitted_at: 'timestamptz',
          created_at: 'timestamptz',
          updated_at: 'timestamptz',
        },
        seed.history.orders
          .filter((order) => supplyOf.has(order.id) && order.supplyAt !== null)
          .map((order) => ({
            company_id: seed.companyId,
            order_id: order.id,
            customer_id: order.rule0.customer.id,
            location_id: order.rule0.location.id,
            supplier_id: order.supplierId,
            user_id: order.createdBy,
            state: 'transmitted',
            attempts: 1,
            queued_at: order.supplyAt!.toISOString(),
            transmitted_at: order.supplyAt!.toISOString(),
            created_at: order.supplyAt!.toISOString(),
            updated_at: order.supplyAt!.toISOString(),
          })),
      );
    });
  } finally {
    await orm.close();
  }
}
