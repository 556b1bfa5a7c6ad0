import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, SupplyScope, SupplySort, SupplyState } from '@kanban/contracts';
import { supplierVisible } from '@kanban/persistence';
import { containsPattern, visibleCondition } from '../shared/access';

export type Row = Record<string, unknown>;

/** Key space of the per-company lock under which supplies take change sequence numbers (pg_advisory_xact_lock(key, company id)). */
export const SUPPLY_CHANGE_LOCK = 5_505_101;
type Direction = 'asc' | 'desc';

const SUPPLY_COLUMNS = `s.id, s.order_id, s.supplier_id, s.supplier_name, s.customer_id, s.customer_name, s.location_id, s.location_name,
  s.catalog_ext_id, s.order_date::text as order_date, s.shipping::text as shipping, s.status, s.line_count, s.delivered_count,
  s.delivered_at, s.created_at, s.updated_at`;

const SORT_COLUMNS: Record<SupplySort, string> = {
  created_at: 's.created_at',
  shipping: 's.shipping',
  order_id: 's.order_id',
  customer: 'lower(s.customer_name)',
  location: 'lower(s.location_name)',
  status: 's.status',
};

/** The sorts of the assortment (customers supplied) and of one customer's items, by their names in the API. */
export const ASSORTMENT_SORTS: Record<string, string> = { customer: 'lower(customer)', supplies: 'supplies', last_supply_at: 'last_supply_at' };
export const ASSORTMENT_ITEM_SORTS: Record<string, string> = {
  sku: 'lower(sku)',
  name: 'lower(name)',
  quantity: 'quantity',
  supplies: 'supplies',
  last_supply_at: 'last_supply_at',
};

/** A page of a list: its rows as the driver answers them and the number of all. */
export interface RowPage {
  rows: Row[];
  total: number;
}

/**
 * The statements of the supplies (docs/supplies.md), each over the supplier's supplies the caller may see (company,
 * supplier and the caller's restrictions, `visibleCondition` from libs/persistence). The service checks the input
 * (sorts, states, days, search text) and the supplier's visibility before it asks.
 */
@Injectable()
export class SuppliesRepository {
  /** Whether the caller's supplier restrictions let them see the supplier (libs/persistence). */
  supplierVisible(em: EntityManager, caller: CompanyCaller, supplierId: number): Promise<boolean> {
    return supplierVisible(em, 'supply', caller, supplierId);
  }

  /** Conditions on `s` (supply): the company's, the scope's supplier, visible to the caller. */
  private scoped(caller: CompanyCaller, scope: SupplyScope): { where: string[]; params: unknown[] } {
    const where = ['s.company_id = ?', 's.supplier_id = ?'];
    const params: unknown[] = [caller.companyId, scope.supplierId];
    const [visible, visibleParams] = visibleCondition(caller, { customer: 's.customer_id', location: 's.location_id', supplier: 's.supplier_id' });
    where.push(visible);
    params.push(...visibleParams);
    return { where, params };
  }

  /** A page of supplies in a state, created since `since`, matching `q` (customer, location, a line's SKU; order or supply id). */
  async list(
    em: EntityManager,
    caller: CompanyCaller,
    scope: SupplyScope,
    filter: { state: SupplyState; since?: Date; q: string; sort: SupplySort; direction: Direction },
    page: number,
    perPage: number,
  ): Promise<RowPage> {
    const { where, params } = this.scoped(caller, scope);
    if (filter.state === 'open') where.push("s.status <> 'delivered'");
    if (filter.state === 'delivered') where.push("s.status = 'delivered'");
    if (filter.since !== undefined) {
      where.push('s.created_at >= ?');
      params.push(filter.since);
    }
    const q = filter.q;
    if (q) {
      const pattern = containsPattern(q);
      const conditions = [
        's.customer_name ilike ?',
        's.location_name ilike ?',
        'exists (select 1 from supply.supply_line sl where sl.supply_id = s.id and sl.sku ilike ?)',
      ];
      const qParams: unknown[] = [pattern, pattern, pattern];
      if (/^\d{1,9}$/.test(q)) {
        conditions.push('s.order_id = ?', 's.id = ?');
        qParams.push(Number(q), Number(q));
      }
      where.push(`(${conditions.join(' or ')})`);
      params.push(...qParams);
    }
    const direction = filter.direction;
    const rows = await em.execute<Row[]>(
      `select ${SUPPLY_COLUMNS} from supply.supply s where ${where.join(' and ')}
        order by ${SORT_COLUMNS[filter.sort]} ${direction}, s.id ${direction} limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    );
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from supply.supply s where ${where.join(' and ')}`, params);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Locks the supply if the caller may see it (concurrent changes of one supply apply one after the other); whether it is there. */
  async lock(em: EntityManager, caller: CompanyCaller, scope: SupplyScope, supplyId: number): Promise<boolean> {
    const { where, params } = this.scoped(caller, scope);
    const found = await em.execute<{ id: number }[]>(`select s.id from supply.supply s where ${where.join(' and ')} and s.id = ? for update`, [...params, supplyId]);
    return found.length > 0;
  }

  /** Whether the supply has a line at `pos`. */
  async hasLine(em: EntityManager, supplyId: number, pos: number): Promise<boolean> {
    const line = await em.execute<{ pos: number }[]>('select pos from supply.supply_line where supply_id = ? and pos = ?', [supplyId, pos]);
    return line.length > 0;
  }

  /**
   * Marks the supply's lines (or the one at `pos`) delivered by the user at `now`, or takes them back; only lines that
   * change are written. Answers those (`pos`, `delivered`, `delivered_at`).
   */
  markLines(
    em: EntityManager,
    caller: CompanyCaller,
    supplyId: number,
    pos: number | null,
    delivered: boolean,
    now: Date,
  ): Promise<Row[]> {
    return em.execute<Row[]>(
      `update supply.supply_line set delivered = ?, delivered_at = ?, delivered_by = ?
        where supply_id = ? and company_id = ? and delivered <> ? ${pos !== null ? 'and pos = ?' : ''}
        returning pos, delivered, delivered_at`,
      [delivered, delivered ? now : null, delivered ? caller.userId : null, supplyId, caller.companyId, delivered, ...(pos !== null ? [pos] : [])],
    );
  }

  /**
   * The company's change lock (SUPPLY_CHANGE_LOCK, held to the commit): taken right before a supply gets its change
   * sequence number, so the numbers of one company become visible in the order they were taken and a feed reader
   * never passes a number whose transaction commits later (docs/supplier-api.md).
   */
  async lockChanges(em: EntityManager, companyId: number): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(?, ?)', [SUPPLY_CHANGE_LOCK, companyId]);
  }

  /** Recounts the supply from its lines (delivered count, status, delivered at) as a new version and change; answers `order_id`, `supplier_id`, `status`, `version`. */
  async recount(em: EntityManager, supplyId: number, now: Date): Promise<Row> {
    const [companyRow] = await em.execute<{ company_id: number }[]>('select company_id from supply.supply where id = ?', [supplyId]);
    await this.lockChanges(em, Number(companyRow!.company_id));
    const [supply] = await em.execute<Row[]>(
      `update supply.supply s
          set delivered_count = c.delivered, version = s.version + 1, updated_at = ?, change_seq = nextval('supply.supply_change_seq'),
              status = case when c.delivered = 0 then 'open' when c.delivered = c.total then 'delivered' else 'partial' end,
              delivered_at = case when c.delivered = c.total then c.last else null end
         from (select count(*)::int as total, count(*) filter (where delivered)::int as delivered, max(delivered_at) as last
                 from supply.supply_line where supply_id = ?) c
        where s.id = ?
        returning s.order_id, s.supplier_id, s.status, s.version`,
      [now, supplyId, supplyId],
    );
    return supply!;
  }

  /** The supply if the caller may see it. */
  async supply(em: EntityManager, caller: CompanyCaller, scope: SupplyScope, supplyId: number): Promise<Row | undefined> {
    const { where, params } = this.scoped(caller, scope);
    const rows = await em.execute<Row[]>(`select ${SUPPLY_COLUMNS} from supply.supply s where ${where.join(' and ')} and s.id = ?`, [...params, supplyId]);
    return rows[0];
  }

  /** The supply's lines by position. */
  lines(em: EntityManager, companyId: number, supplyId: number): Promise<Row[]> {
    return em.execute<Row[]>(
      `select pos, item_id, catalog_id, sku, name, quantity, unit, shipping::text as shipping, delivered, delivered_at, delivered_by, ext_line_status
         from supply.supply_line where supply_id = ? and company_id = ? order by pos`,
      [supplyId, companyId],
    );
  }

  /** A page of the customers supplied (ASSORTMENT_SORTS), matching `q` by name, with counts, items and the last supply and delivery. */
  async assortment(
    em: EntityManager,
    caller: CompanyCaller,
    scope: SupplyScope,
    filter: { q: string; sort: string; direction: Direction },
    page: number,
    perPage: number,
  ): Promise<RowPage> {
    const { where, params } = this.scoped(caller, scope);
    if (filter.q) {
      where.push('s.customer_name ilike ?');
      params.push(containsPattern(filter.q));
    }
    // Counts, items and the last delivery over the supplies the caller may see (the where clause): a location the
    // caller's restrictions hide adds nothing to its customer's row.
    const grouped = `select s.customer_id, (array_agg(s.customer_name order by s.created_at desc))[1] as customer, count(distinct s.id)::int as supplies,
                            count(distinct s.id) filter (where s.status <> 'delivered')::int as open_supplies,
                            count(distinct sl.item_id)::int as items,
                            max(s.created_at) as last_supply_at,
                            max(sl.delivered_at) as last_delivered_at
                       from supply.supply s left join supply.supply_line sl on sl.supply_id = s.id where ${where.join(' and ')}
                      group by s.company_id, s.supplier_id, s.customer_id`;
    const rows = await em.execute<Row[]>(`select * from (${grouped}) a order by ${ASSORTMENT_SORTS[filter.sort]} ${filter.direction}, customer_id limit ? offset ?`, [
      ...params,
      perPage,
      (page - 1) * perPage,
    ]);
    const [count] = await em.execute<{ n: string }[]>(`select count(distinct s.customer_id) as n from supply.supply s where ${where.join(' and ')}`, params);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** A page of the items supplied to a customer (ASSORTMENT_ITEM_SORTS), matching `q` by SKU or name, with quantities and the last supply and delivery. */
  async assortmentItems(
    em: EntityManager,
    caller: CompanyCaller,
    scope: SupplyScope,
    customerId: number,
    filter: { q: string; sort: string; direction: Direction },
    page: number,
    perPage: number,
  ): Promise<RowPage> {
    const { where, params } = this.scoped(caller, scope);
    where.push('s.customer_id = ?');
    params.push(customerId);
    if (filter.q) {
      where.push('(sl.sku ilike ? or sl.name ilike ?)');
      params.push(containsPattern(filter.q), containsPattern(filter.q));
    }
    const grouped = `select sl.item_id, (array_agg(sl.sku order by s.created_at desc))[1] as sku, (array_agg(sl.name order by s.created_at desc))[1] as name,
                            (array_agg(sl.unit order by s.created_at desc))[1] as unit, count(distinct s.id)::int as supplies,
                            sum(sl.quantity)::float8 as quantity, coalesce(sum(sl.quantity) filter (where sl.delivered), 0)::float8 as delivered_quantity,
                            max(s.created_at) as last_supply_at, max(sl.delivered_at) as last_delivered_at
                       from supply.supply s join supply.supply_line sl on sl.supply_id = s.id
                      where ${where.join(' and ')}
                      group by sl.item_id`;
    const rows = await em.execute<Row[]>(`select * from (${grouped}) a order by ${ASSORTMENT_ITEM_SORTS[filter.sort]} ${filter.direction}, item_id limit ? offset ?`, [
      ...params,
      perPage,
      (page - 1) * perPage,
    ]);
    const [count] = await em.execute<{ n: string }[]>(
      `select count(distinct sl.item_id) as n from supply.supply s join supply.supply_line sl on sl.supply_id = s.id where ${where.join(' and ')}`,
      params,
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** The last 10 supply lines of an item the caller may see, newest first. */
  itemSupplies(em: EntityManager, caller: CompanyCaller, scope: SupplyScope, itemId: number): Promise<Row[]> {
    const { where, params } = this.scoped(caller, scope);
    return em.execute<Row[]>(
      `select s.id as supply_id, s.order_id, s.customer_id, s.customer_name, s.location_id, s.location_name, s.created_at,
              sl.pos, sl.quantity, sl.unit, sl.shipping::text as shipping, sl.delivered, sl.delivered_at
         from supply.supply s join supply.supply_line sl on sl.supply_id = s.id
        where ${where.join(' and ')} and sl.item_id = ?
        order by s.created_at desc, s.id desc, sl.pos limit 10`,
      [...params, itemId],
    );
  }
}
