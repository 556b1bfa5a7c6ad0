import { MikroORM } from '@mikro-orm/postgresql';
import type { DemoOrderSupply, DemoSupplyCreated, ReplenishmentSnapshot } from '@kanban/contracts';
import { type Database, insertRows, reserveIds } from '@kanban/persistence';
import { applySnapshot } from '../copies/copies';
import { supplyData } from '../supply.data';

export interface SupplyDemoInput {
  companyId: number;
  /** every item and location of the company, as the catalog's snapshot answers them */
  snapshot: ReplenishmentSnapshot;
  /** the orders of the orders seed's history that have a supply */
  orders: DemoOrderSupply[];
}

/**
 * The supplies of the demo company's order history (README "Demo data"): the supply service's copy of the catalog
 * (the rows a snapshot writes) and one supply per order with the order's lines, as `OrdersConsumer` creates them
 * from evt.orders.created (names from the copies, the catalog's external id of the first line's item, the earliest
 * shipping day), with the lines the history delivered (status, counts, delivery time and version as the delivery
 * calls leave them). Each table in one or a few statements. Answers the supply of each order; nothing when the company has supplies already.
 */
export async function seedSupplyDemo(database: Database, input: SupplyDemoInput): Promise<DemoSupplyCreated[]> {
  const orm = await MikroORM.init(database.ormOptions(supplyData));
  try {
    return await orm.em.fork().transactional(async (em) => {
      const company = input.companyId;
      const [existing] = await em.execute<{ n: number }[]>('select count(*)::int as n from supply.supply where company_id = ?', [company]);
      if (Number(existing?.n ?? 0) > 0) return [];
      await applySnapshot(em, input.snapshot);
      const orders = input.orders.filter((o) => o.supplier_id !== null && o.lines.length > 0);
      const ids = await reserveIds(em, 'supply.supply', orders.length);
      // Each line's catalog: the item's, as the consumer reads it from its copy (written from the same snapshot above).
      const catalogOf = new Map(input.snapshot.items.map((i) => [i.id, i.catalog_id]));
      const supplies = orders.map((order, i) => {
        const times = order.lines.map((l) => l.delivered_at).filter((t): t is string => t !== null);
        const delivered = times.length === order.lines.length;
        const last = times.map((t) => Date.parse(t)).sort((a, b) => a - b).at(-1);
        return {
          id: ids[i]!,
          company_id: company,
          order_id: order.id,
          supplier_id: order.supplier_id,
          customer_id: order.customer_id,
          location_id: order.location_id,
          first_item_id: order.lines[0]!.item_id,
          order_date: order.date,
          shipping: order.lines.map((l) => l.shipping).sort()[0]!,
          status: delivered ? 'delivered' : times.length > 0 ? 'partial' : 'open',
          line_count: order.lines.length,
          delivered_count: times.length,
          delivered_at: delivered && last !== undefined ? new Date(last).toISOString() : null,
          version: order.version,
          created_at: order.created_at,
          updated_at: last !== undefined ? new Date(last).toISOString() : order.created_at,
        };
      });
      // Names from the copies, as the consumer writes them.
      await em.execute(
        `insert into supply.supply (id, company_id, order_id, supplier_id, customer_id, location_id, supplier_name, customer_name, location_name,
                                    catalog_ext_id, order_date, shipping, status, line_count, delivered_count, delivered_at, version, created_at, updated_at, change_seq)
         select x.id, x.company_id, x.order_id, x.supplier_id, x.customer_id, x.location_id,
                coalesce(s.name, ''), coalesce(c.name, ''), coalesce(l.name, ''), coalesce(k.ext_system_id, ''),
                x.order_date, x.shipping, x.status, x.line_count, x.delivered_count, x.delivered_at, x.version, x.created_at, x.updated_at,
                nextval('supply.supply_change_seq')
           from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, order_id int, supplier_id int, customer_id int, location_id int,
                first_item_id int, order_date date, shipping date, status text, line_count int, delivered_count int, delivered_at timestamptz,
                version int, created_at timestamptz, updated_at timestamptz)
           left join supply.supplier_copy s on s.id = x.supplier_id and s.company_id = x.company_id
           left join supply.customer_copy c on c.id = x.customer_id and c.company_id = x.company_id
           left join supply.location_copy l on l.id = x.location_id and l.company_id = x.company_id
           left join supply.item_copy i on i.id = x.first_item_id and i.company_id = x.company_id
           left join supply.catalog_copy k on k.id = i.catalog_id and k.company_id = x.company_id
          order by x.id`,
        [JSON.stringify(supplies)],
      );
      await insertRows(
        em,
        'supply.supply_line',
        {
          company_id: 'int',
          supply_id: 'int',
          pos: 'int',
          item_id: 'int',
          catalog_id: 'int',
          sku: 'text',
          name: 'text',
          quantity: 'float8',
          unit: 'text',
          shipping: 'date',
          delivered: 'boolean',
          delivered_at: 'timestamptz',
          delivered_by: 'int',
        },
        orders.flatMap((order, i) =>
          order.lines.map((line) => ({
            company_id: company,
            supply_id: ids[i]!,
            pos: line.pos,
            item_id: line.item_id,
            catalog_id: catalogOf.get(line.item_id) ?? null,
            sku: line.sku,
            name: line.name,
            quantity: line.quantity,
            unit: line.unit,
            shipping: line.shipping,
            delivered: line.delivered_at !== null,
            delivered_at: line.delivered_at,
            delivered_by: line.delivered_at !== null ? line.delivered_by : null,
          })),
        ),
      );
      return orders.map((order, i) => ({ order_id: order.id, supply_id: ids[i]! }));
    });
  } finally {
    await orm.close();
  }
}
