import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  type AssortmentCustomerDto,
  type AssortmentItemDto,
  type CompanyCaller,
  type ItemSupplyDto,
  type ListQuery,
  type Page,
  SUPPLY_SORTS,
  SUPPLY_STATES,
  type SupplyDeliveryInput,
  type SupplyDto,
  SupplyEvents,
  type SupplyLineDto,
  type SupplyListQuery,
  type SupplyScope,
  type SupplySort,
  type SupplyStatus,
} from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { supplierVisible, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { assertMayMarkDelivered, containsPattern, pageOf, raw, visibleCondition } from '../shared/access';

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

function toSupplyDto(row: Record<string, unknown>): SupplyDto {
  const status = String(row.status) as SupplyStatus;
  return {
    id: raw.num(row.id),
    order_id: raw.num(row.order_id),
    supplier_id: raw.num(row.supplier_id),
    supplier: String(row.supplier_name),
    customer_id: raw.num(row.customer_id),
    customer: String(row.customer_name),
    location_id: raw.num(row.location_id),
    location: String(row.location_name),
    catalog_ext_id: String(row.catalog_ext_id),
    date: raw.day(row.order_date)!,
    shipping: raw.day(row.shipping)!,
    status,
    delivered: status === 'delivered',
    delivered_at: raw.iso(row.delivered_at),
    line_count: raw.num(row.line_count),
    delivered_count: raw.num(row.delivered_count),
    created_at: raw.iso(row.created_at)!,
    updated_at: raw.iso(row.updated_at)!,
  };
}

function toLineDto(l: Record<string, unknown>): SupplyLineDto {
  return {
    pos: raw.num(l.pos),
    item_id: raw.num(l.item_id),
    sku: String(l.sku),
    name: String(l.name),
    quantity: raw.num(l.quantity),
    unit: String(l.unit),
    shipping: raw.day(l.shipping)!,
    catalog_id: raw.numOrNull(l.catalog_id),
    delivered: Boolean(l.delivered),
    delivered_at: raw.iso(l.delivered_at),
    delivered_by: raw.numOrNull(l.delivered_by),
  };
}

function orderOf(query: ListQuery): 'asc' | 'desc' | undefined {
  if (query.order === undefined) return undefined;
  if (query.order !== 'asc' && query.order !== 'desc') throw AppError.validation('order', 'must be asc or desc');
  return query.order;
}

function qOf(query: ListQuery): string {
  const q = query.q === undefined || query.q === null ? '' : String(query.q).trim();
  if (q.length > 100) throw AppError.validation('q', 'must be at most 100 characters');
  return q;
}

/**
 * Supplies of a supplier (docs/supplies.md): the list with state, days, search, sort and pages, the detail
 * with its lines, marking the whole supply or single lines delivered and taking them back (safe to repeat:
 * only real changes are written and published as evt.supply.delivery_changed), the assortment (customers
 * supplied, and the items supplied to one customer) and the last supplies of an item.
 */
@Injectable()
export class SuppliesService {
  constructor(@Inject(unitOfWorkToken('supply')) private readonly uow: UnitOfWork) {}

  /** The supplier's supplies the caller may see; a supplier outside the caller's supplier restrictions is unknown (404). */
  private async scoped(em: EntityManager, caller: CompanyCaller, scope: SupplyScope): Promise<{ where: string[]; params: unknown[] }> {
    if (!(await supplierVisible(em, 'supply', caller, scope.supplierId))) throw new AppError(ProtocolCode.NotFound, 'supplier not found');
    const where = ['s.company_id = ?', 's.supplier_id = ?'];
    const params: unknown[] = [caller.companyId, scope.supplierId];
    const [visible, visibleParams] = visibleCondition(caller, { customer: 's.customer_id', location: 's.location_id', supplier: 's.supplier_id' });
    where.push(visible);
    params.push(...visibleParams);
    return { where, params };
  }

  async list(caller: CompanyCaller, scope: SupplyScope, query: SupplyListQuery): Promise<Page<SupplyDto>> {
    const { page, perPage } = pageOf(query);
    const state = query.state ?? 'open';
    if (!SUPPLY_STATES.includes(state)) throw AppError.validation('state', `must be one of ${SUPPLY_STATES.join(', ')}`);
    const sort = (query.sort ?? 'created_at') as SupplySort;
    if (!SUPPLY_SORTS.includes(sort)) throw AppError.validation('sort', `must be one of ${SUPPLY_SORTS.join(', ')}`);
    const direction = orderOf(query) ?? (sort === 'created_at' || sort === 'order_id' ? 'desc' : 'asc');
    const days = query.days === undefined || query.days === null ? undefined : Number(query.days);
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 3650)) throw AppError.validation('days', 'must be a whole number from 1 to 3650');
    const q = qOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { where, params } = await this.scoped(em, caller, scope);
      if (state === 'open') where.push("s.status <> 'delivered'");
      if (state === 'delivered') where.push("s.status = 'delivered'");
      if (days !== undefined) {
        where.push('s.created_at >= ?');
        params.push(new Date(Date.now() - days * 86_400_000));
      }
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
      const rows = await em.execute<Record<string, unknown>[]>(
        `select ${SUPPLY_COLUMNS} from supply.supply s where ${where.join(' and ')}
          order by ${SORT_COLUMNS[sort]} ${direction}, s.id ${direction} limit ? offset ?`,
        [...params, perPage, (page - 1) * perPage],
      );
      const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from supply.supply s where ${where.join(' and ')}`, params);
      return { items: rows.map(toSupplyDto), total: Number(count?.n ?? 0), page, per_page: perPage };
    });
  }

  get(caller: CompanyCaller, scope: SupplyScope, supplyId: number): Promise<SupplyDto> {
    return this.uow.forCompany(caller.companyId).read((em) => this.detail(em, caller, scope, supplyId));
  }

  /** PATCH supply/{id} `{delivered}`: every line delivered (true) or taken back (false). */
  setDelivered(caller: CompanyCaller, scope: SupplyScope, supplyId: number, input: SupplyDeliveryInput): Promise<SupplyDto> {
    return this.change(caller, scope, supplyId, null, input);
  }

  /** PATCH supply/{id}/line/{pos} `{delivered}`: one line. */
  setLineDelivered(caller: CompanyCaller, scope: SupplyScope, supplyId: number, pos: number, input: SupplyDeliveryInput): Promise<SupplyDto> {
    return this.change(caller, scope, supplyId, pos, input);
  }

  private async change(caller: CompanyCaller, scope: SupplyScope, supplyId: number, pos: number | null, input: SupplyDeliveryInput): Promise<SupplyDto> {
    const delivered = input?.delivered;
    if (typeof delivered !== 'boolean') throw AppError.validation('delivered', 'must be true (delivered) or false (not yet delivered)');
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const { where, params } = await this.scoped(em, caller, scope);
      // Locks the supply: concurrent changes of one supply apply one after the other (versions in order).
      const found = await em.execute<{ id: number }[]>(`select s.id from supply.supply s where ${where.join(' and ')} and s.id = ? for update`, [
        ...params,
        supplyId,
      ]);
      if (!found[0]) throw new AppError(ProtocolCode.NotFound, 'supply not found');
      assertMayMarkDelivered(caller);
      if (pos !== null) {
        const line = await em.execute<{ pos: number }[]>('select pos from supply.supply_line where supply_id = ? and pos = ?', [supplyId, pos]);
        if (!line[0]) throw new AppError(ProtocolCode.NotFound, 'supply line not found');
      }
      const now = new Date();
      const changed = await em.execute<Record<string, unknown>[]>(
        `update supply.supply_line set delivered = ?, delivered_at = ?, delivered_by = ?
          where supply_id = ? and company_id = ? and delivered <> ? ${pos !== null ? 'and pos = ?' : ''}
          returning pos, delivered, delivered_at`,
        [delivered, delivered ? now : null, delivered ? caller.userId : null, supplyId, caller.companyId, delivered, ...(pos !== null ? [pos] : [])],
      );
      if (changed.length > 0) {
        const [supply] = await em.execute<Record<string, unknown>[]>(
          `update supply.supply s
              set delivered_count = c.delivered, version = s.version + 1, updated_at = ?,
                  status = case when c.delivered = 0 then 'open' when c.delivered = c.total then 'delivered' else 'partial' end,
                  delivered_at = case when c.delivered = c.total then c.last else null end
             from (select count(*)::int as total, count(*) filter (where delivered)::int as delivered, max(delivered_at) as last
                     from supply.supply_line where supply_id = ?) c
            where s.id = ?
            returning s.order_id, s.supplier_id, s.status, s.version`,
          [now, supplyId, supplyId],
        );
        addToOutbox(em, SupplyEvents.deliveryChanged, {
          id: supplyId,
          company_id: caller.companyId,
          order_id: raw.num(supply!.order_id),
          supplier_id: raw.num(supply!.supplier_id),
          user_id: caller.userId,
          version: raw.num(supply!.version),
          delivered: supply!.status === 'delivered',
          lines: changed
            .map((l) => ({ pos: raw.num(l.pos), delivered: Boolean(l.delivered), delivered_at: raw.iso(l.delivered_at) }))
            .sort((a, b) => a.pos - b.pos),
        });
        await em.flush();
      }
      return this.detail(em, caller, scope, supplyId);
    });
  }

  private async detail(em: EntityManager, caller: CompanyCaller, scope: SupplyScope, supplyId: number): Promise<SupplyDto> {
    const { where, params } = await this.scoped(em, caller, scope);
    const rows = await em.execute<Record<string, unknown>[]>(`select ${SUPPLY_COLUMNS} from supply.supply s where ${where.join(' and ')} and s.id = ?`, [
      ...params,
      supplyId,
    ]);
    if (!rows[0]) throw new AppError(ProtocolCode.NotFound, 'supply not found');
    const supply = toSupplyDto(rows[0]);
    const lines = await em.execute<Record<string, unknown>[]>(
      `select pos, item_id, catalog_id, sku, name, quantity, unit, shipping::text as shipping, delivered, delivered_at, delivered_by
         from supply.supply_line where supply_id = ? and company_id = ? order by pos`,
      [supplyId, caller.companyId],
    );
    supply.lines = lines.map(toLineDto);
    return supply;
  }

  /** GET assortment: the customers the supplier supplies, with counts and the last supply. */
  async assortment(caller: CompanyCaller, scope: SupplyScope, query: ListQuery): Promise<Page<AssortmentCustomerDto>> {
    const { page, perPage } = pageOf(query);
    const sorts: Record<string, string> = { customer: 'lower(customer)', supplies: 'supplies', last_supply_at: 'last_supply_at' };
    const sort = query.sort ?? 'customer';
    if (!(sort in sorts)) throw AppError.validation('sort', `must be one of ${Object.keys(sorts).join(', ')}`);
    const direction = orderOf(query) ?? (sort === 'customer' ? 'asc' : 'desc');
    const q = qOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { where, params } = await this.scoped(em, caller, scope);
      if (q) {
        where.push('s.customer_name ilike ?');
        params.push(containsPattern(q));
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
      const rows = await em.execute<Record<string, unknown>[]>(
        `select * from (${grouped}) a order by ${sorts[sort]} ${direction}, customer_id limit ? offset ?`,
        [...params, perPage, (page - 1) * perPage],
      );
      const [count] = await em.execute<{ n: string }[]>(`select count(distinct s.customer_id) as n from supply.supply s where ${where.join(' and ')}`, params);
      return {
        items: rows.map((r) => ({
          customer_id: raw.num(r.customer_id),
          customer: String(r.customer),
          supplies: raw.num(r.supplies),
          open_supplies: raw.num(r.open_supplies),
          items: raw.num(r.items),
          last_supply_at: raw.iso(r.last_supply_at)!,
          last_delivered_at: raw.iso(r.last_delivered_at),
        })),
        total: Number(count?.n ?? 0),
        page,
        per_page: perPage,
      };
    });
  }

  /** GET assortment/{customerID}: the items supplied to the customer, with quantities and the last delivery. */
  async assortmentCustomer(caller: CompanyCaller, scope: SupplyScope, customerId: number, query: ListQuery): Promise<Page<AssortmentItemDto>> {
    const { page, perPage } = pageOf(query);
    const sorts: Record<string, string> = { sku: 'lower(sku)', name: 'lower(name)', quantity: 'quantity', supplies: 'supplies', last_supply_at: 'last_supply_at' };
    const sort = query.sort ?? 'sku';
    if (!(sort in sorts)) throw AppError.validation('sort', `must be one of ${Object.keys(sorts).join(', ')}`);
    const direction = orderOf(query) ?? (sort === 'sku' || sort === 'name' ? 'asc' : 'desc');
    const q = qOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { where, params } = await this.scoped(em, caller, scope);
      where.push('s.customer_id = ?');
      params.push(customerId);
      if (q) {
        where.push('(sl.sku ilike ? or sl.name ilike ?)');
        params.push(containsPattern(q), containsPattern(q));
      }
      const grouped = `select sl.item_id, (array_agg(sl.sku order by s.created_at desc))[1] as sku, (array_agg(sl.name order by s.created_at desc))[1] as name,
                              (array_agg(sl.unit order by s.created_at desc))[1] as unit, count(distinct s.id)::int as supplies,
                              sum(sl.quantity)::float8 as quantity, coalesce(sum(sl.quantity) filter (where sl.delivered), 0)::float8 as delivered_quantity,
                              max(s.created_at) as last_supply_at, max(sl.delivered_at) as last_delivered_at
                         from supply.supply s join supply.supply_line sl on sl.supply_id = s.id
                        where ${where.join(' and ')}
                        group by sl.item_id`;
      const rows = await em.execute<Record<string, unknown>[]>(
        `select * from (${grouped}) a order by ${sorts[sort]} ${direction}, item_id limit ? offset ?`,
        [...params, perPage, (page - 1) * perPage],
      );
      const [count] = await em.execute<{ n: string }[]>(
        `select count(distinct sl.item_id) as n from supply.supply s join supply.supply_line sl on sl.supply_id = s.id where ${where.join(' and ')}`,
        params,
      );
      return {
        items: rows.map((r) => ({
          item_id: raw.num(r.item_id),
          sku: String(r.sku),
          name: String(r.name),
          unit: String(r.unit),
          supplies: raw.num(r.supplies),
          quantity: raw.num(r.quantity),
          delivered_quantity: raw.num(r.delivered_quantity),
          last_supply_at: raw.iso(r.last_supply_at)!,
          last_delivered_at: raw.iso(r.last_delivered_at),
        })),
        total: Number(count?.n ?? 0),
        page,
        per_page: perPage,
      };
    });
  }

  /** GET item/{itemID}/supplies: the last 10 supplies of the item (newest first). */
  async itemSupplies(caller: CompanyCaller, scope: SupplyScope, itemId: number): Promise<ItemSupplyDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { where, params } = await this.scoped(em, caller, scope);
      const rows = await em.execute<Record<string, unknown>[]>(
        `select s.id as supply_id, s.order_id, s.customer_id, s.customer_name, s.location_id, s.location_name, s.created_at,
                sl.pos, sl.quantity, sl.unit, sl.shipping::text as shipping, sl.delivered, sl.delivered_at
           from supply.supply s join supply.supply_line sl on sl.supply_id = s.id
          where ${where.join(' and ')} and sl.item_id = ?
          order by s.created_at desc, s.id desc, sl.pos limit 10`,
        [...params, itemId],
      );
      return rows.map((r) => ({
        supply_id: raw.num(r.supply_id),
        order_id: raw.num(r.order_id),
        customer_id: raw.num(r.customer_id),
        customer: String(r.customer_name),
        location_id: raw.num(r.location_id),
        location: String(r.location_name),
        pos: raw.num(r.pos),
        quantity: raw.num(r.quantity),
        unit: String(r.unit),
        shipping: raw.day(r.shipping)!,
        delivered: Boolean(r.delivered),
        delivered_at: raw.iso(r.delivered_at),
        created_at: raw.iso(r.created_at)!,
      }));
    });
  }
}
