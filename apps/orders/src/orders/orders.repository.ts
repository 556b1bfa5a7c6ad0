import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type CompanyCaller, OrdersEvents, type OrderScope, type StoredOrderFile } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { containsPattern, visibleCondition } from '../shared/access';

export type Row = Record<string, unknown>;

const ORDER_COLUMNS = `o.id, o.company_id, o.order_date::text as order_date, o.created_at, o.created_by, o.customer_id, o.customer_name, o.location_id, o.location_name,
  o.supplier_id, o.supplier_name, o.status, o.source, o.comment, o.ext_status, o.po_status, o.po_number, o.notification_status,
  o.attachment_key, o.attachment_name, o.attachment_mime, o.attachment_size, o.attachment_uploaded_at, o.attachment_uploaded_by,
  (select count(*) from orders.purchase_order_line ol where ol.order_id = o.id) as line_count,
  (select coalesce(json_agg(json_build_object('id', i.id, 'mime', i.mime, 'width', i.width, 'height', i.height, 'created_at', i.created_at,
     'created_by', i.created_by) order by i.id), '[]'::json)
     from orders.purchase_order_image i where i.company_id = o.company_id and i.order_id = o.id) as images`;

/**
 * The statements of orders, requests, their lines, history, attachment and pictures (docs/replenishment.md), each over
 * the orders the caller may see in the scope (company, customer, location and the caller's restrictions). Entities
 * (orders, lines, events, pictures) are created by the services through the unit of work.
 */
@Injectable()
export class OrdersRepository {
  private scoped(caller: CompanyCaller, scope: OrderScope): { where: string[]; params: unknown[] } {
    const where = ['o.company_id = ?'];
    const params: unknown[] = [caller.companyId];
    if (scope.customerId !== undefined) {
      where.push('o.customer_id = ?');
      params.push(scope.customerId);
    }
    if (scope.locationId !== undefined) {
      where.push('o.location_id = ?');
      params.push(scope.locationId);
    }
    const [visible, visibleParams] = visibleCondition(caller, { customer: 'o.customer_id', location: 'o.location_id', supplier: 'o.supplier_id' });
    where.push(visible);
    params.push(...visibleParams);
    return { where, params };
  }

  /**
   * A page of orders (every status but `request`) or requests created since `since`, matching the filters (`q`: a part of
   * the customer, location or supplier name, or the order number; the status; the ext status, 0 only of orders still on
   * their way), in `orderBy` (a trusted ORDER BY text of `ordersOrderBy`); and their number.
   */
  async list(
    em: EntityManager,
    caller: CompanyCaller,
    scope: OrderScope,
    filter: { kind: 'orders' | 'requests'; since: Date; extStatus?: number; status?: string; q?: string; orderBy: string },
    page: number,
    perPage: number,
  ): Promise<{ rows: Row[]; total: number }> {
    const { where, params } = this.scoped(caller, scope);
    where.push(filter.kind === 'requests' ? "o.status = 'request'" : "o.status <> 'request'");
    where.push('o.created_at >= ?');
    params.push(filter.since);
    if (filter.extStatus !== undefined) {
      where.push('o.ext_status = ?');
      params.push(filter.extStatus);
      // not yet confirmed: only what still waits for the supplier (a delivered or cancelled order waits for nothing)
      if (filter.extStatus === 0) where.push("o.status not in ('delivered', 'cancelled')");
    }
    if (filter.status !== undefined) {
      where.push('o.status = ?');
      params.push(filter.status);
    }
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      where.push('(o.customer_name ilike ? or o.location_name ilike ? or o.supplier_name ilike ? or cast(o.id as text) = ?)');
      params.push(pattern, pattern, pattern, filter.q.replace(/^#/, ''));
    }
    const rows = await em.execute<Row[]>(
      `select ${ORDER_COLUMNS} from orders.purchase_order o where ${where.join(' and ')} order by ${filter.orderBy} limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    );
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from orders.purchase_order o where ${where.join(' and ')}`, params);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** The order's key columns if the caller may see it in the scope (optionally locked for a change). */
  async visibleRow(em: EntityManager, caller: CompanyCaller, scope: OrderScope, orderId: number, forUpdate: boolean): Promise<Row | null> {
    const { where, params } = this.scoped(caller, scope);
    const rows = await em.execute<Row[]>(
      `select o.id, o.customer_id, o.location_id, o.supplier_id, o.status, o.run_id, o.trigger, o.order_date::text as order_date
         from orders.purchase_order o where ${where.join(' and ')} and o.id = ?${forUpdate ? ' for update' : ''}`,
      [...params, orderId],
    );
    return rows[0] ?? null;
  }

  /** The order (ORDER_COLUMNS) if the caller may see it in the scope. */
  async order(em: EntityManager, caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<Row | undefined> {
    const { where, params } = this.scoped(caller, scope);
    const rows = await em.execute<Row[]>(`select ${ORDER_COLUMNS} from orders.purchase_order o where ${where.join(' and ')} and o.id = ?`, [...params, orderId]);
    return rows[0];
  }

  /** The order's lines by position. */
  lines(em: EntityManager, companyId: number, orderId: number): Promise<Row[]> {
    return em.execute<Row[]>(
      `select pos, rule_id, item_id, catalog_id, catalog_name, supplier_id, supplier_name, sku, name, quantity, unit, shipping::text as shipping,
              status, ext_status, ext_line_status, delivered_at
         from orders.purchase_order_line where order_id = ? and company_id = ? order by pos`,
      [orderId, companyId],
    );
  }

  /** The order's open lines by position (the payload of `evt.orders.created`). */
  openLines(em: EntityManager, companyId: number, orderId: number): Promise<Row[]> {
    return em.execute<Row[]>(
      `select pos, rule_id, item_id, sku, name, quantity, unit, shipping::text as shipping
         from orders.purchase_order_line where order_id = ? and company_id = ? and status = 'open' order by pos`,
      [orderId, companyId],
    );
  }

  /** The order's history events, oldest first. */
  events(em: EntityManager, companyId: number, orderId: number): Promise<Row[]> {
    return em.execute<Row[]>('select id, type, code, params, text, user_id, created_at from orders.purchase_order_event where order_id = ? and company_id = ? order by id', [
      orderId,
      companyId,
    ]);
  }

  async setComment(em: EntityManager, companyId: number, orderId: number, comment: string, now: Date): Promise<void> {
    await em.execute('update orders.purchase_order set comment = ?, updated_at = ? where id = ? and company_id = ?', [comment, now, orderId, companyId]);
  }

  /**
   * ext_status 1 (OK) for the order and its lines; open ones become confirmed. Announces it (evt.orders.order_notice
   * `order_ok`, notification rules of that event) in the same transaction; callers call it only when it was not OK.
   */
  async markOk(em: EntityManager, companyId: number, orderId: number, now: Date, userId: number | null = null): Promise<void> {
    const [order] = await em.execute<Row[]>(
      `update orders.purchase_order set ext_status = 1, status = case when status = 'open' then 'confirmed' else status end, updated_at = ?
        where id = ? and company_id = ? returning customer_id, location_id, supplier_id`,
      [now, orderId, companyId],
    );
    if (order) {
      addToOutbox(em, OrdersEvents.orderNotice, {
        company_id: companyId,
        order_id: orderId,
        customer_id: Number(order.customer_id),
        location_id: Number(order.location_id),
        supplier_id: order.supplier_id === null || order.supplier_id === undefined ? null : Number(order.supplier_id),
        event: 'order_ok',
        at: now.toISOString(),
        user_id: userId,
      });
    }
    await em.execute(
      `update orders.purchase_order_line set ext_status = 1, status = case when status = 'open' then 'confirmed' else status end
        where order_id = ? and company_id = ?`,
      [orderId, companyId],
    );
  }

  /** A waiting request becomes an open order. */
  async openRequest(em: EntityManager, companyId: number, orderId: number, now: Date): Promise<void> {
    await em.execute(`update orders.purchase_order set status = 'open', updated_at = ? where id = ? and company_id = ? and status = 'request'`, [now, orderId, companyId]);
  }

  /** The order and its open lines cancelled. */
  async cancel(em: EntityManager, companyId: number, orderId: number, now: Date): Promise<void> {
    await em.execute(`update orders.purchase_order set status = 'cancelled', updated_at = ? where id = ? and company_id = ?`, [now, orderId, companyId]);
    await em.execute(`update orders.purchase_order_line set status = 'cancelled' where order_id = ? and company_id = ? and status = 'open'`, [orderId, companyId]);
  }

  /** The order's attachment columns (`attachment_key` null without one). */
  async attachment(em: EntityManager, companyId: number, orderId: number): Promise<Row | undefined> {
    const [row] = await em.execute<Row[]>(
      'select attachment_key, attachment_name, attachment_mime, attachment_size from orders.purchase_order where id = ? and company_id = ?',
      [orderId, companyId],
    );
    return row;
  }

  async setAttachment(em: EntityManager, caller: CompanyCaller, orderId: number, file: StoredOrderFile, name: string, now: Date): Promise<void> {
    await em.execute(
      `update orders.purchase_order set attachment_key = ?, attachment_name = ?, attachment_mime = ?, attachment_size = ?,
              attachment_uploaded_at = ?, attachment_uploaded_by = ?, updated_at = ?
        where id = ? and company_id = ?`,
      [file.key, name, file.mime, file.size, now, caller.userId, now, orderId, caller.companyId],
    );
  }

  async clearAttachment(em: EntityManager, companyId: number, orderId: number, now: Date): Promise<void> {
    await em.execute(
      `update orders.purchase_order set attachment_key = null, attachment_name = null, attachment_mime = null, attachment_size = null,
              attachment_uploaded_at = null, attachment_uploaded_by = null, updated_at = ?
        where id = ? and company_id = ?`,
      [now, orderId, companyId],
    );
  }

  async imageCount(em: EntityManager, companyId: number, orderId: number): Promise<number> {
    const [count] = await em.execute<{ n: string }[]>('select count(*) as n from orders.purchase_order_image where company_id = ? and order_id = ?', [companyId, orderId]);
    return Number(count?.n ?? 0);
  }

  /** A picture of the order (`blob_key`, `mime`, `size`). */
  async image(em: EntityManager, companyId: number, orderId: number, imageId: number): Promise<Row | undefined> {
    const [row] = await em.execute<Row[]>('select blob_key, mime, size from orders.purchase_order_image where company_id = ? and order_id = ? and id = ?', [
      companyId,
      orderId,
      imageId,
    ]);
    return row;
  }

  async deleteImage(em: EntityManager, companyId: number, imageId: number): Promise<void> {
    await em.execute('delete from orders.purchase_order_image where id = ? and company_id = ?', [imageId, companyId]);
  }

  /**
   * The location of a new order with its customer (names, inactive, request workflow, service items) and whether the
   * customer has rules. `service_fee_item_id` is the location's, else the customer's (the location's overrides);
   * `adhoc` and `service_fee_quantity` are the location's (docs/ordering-flags.md).
   */
  async place(em: EntityManager, companyId: number, customerId: number, locationId: number): Promise<Row | undefined> {
    const [place] = await em.execute<Row[]>(
      `select l.id, l.customer_id, l.name, l.inactive or l.deleted as location_off, coalesce(l.delivery_isodow, '[]'::jsonb) as delivery_isodow,
              c.name as customer_name, coalesce(c.inactive or c.deleted, true) as customer_off, c.use_request_workflow,
              coalesce(l.service_fee_item_id, c.service_fee_item_id) as service_fee_item_id, c.time_tracking_item_id,
              l.adhoc, l.service_fee_quantity,
              exists (select 1 from orders.kanban_rule r where r.company_id = l.company_id and r.customer_id = l.customer_id) as has_rules
         from orders.location_copy l
         left join orders.customer_copy c on c.id = l.customer_id and c.company_id = l.company_id
        where l.company_id = ? and l.id = ? and l.customer_id = ?`,
      [companyId, locationId, customerId],
    );
    return place;
  }

  /** The highest line position of an order (0 without lines). */
  async lastPos(em: EntityManager, companyId: number, orderId: number): Promise<number> {
    const [last] = await em.execute<{ pos: number | null }[]>('select max(pos) as pos from orders.purchase_order_line where company_id = ? and order_id = ?', [companyId, orderId]);
    return Number(last?.pos ?? 0);
  }

  async touch(em: EntityManager, companyId: number, orderId: number, now: Date): Promise<void> {
    await em.execute('update orders.purchase_order set updated_at = ? where id = ? and company_id = ?', [now, orderId, companyId]);
  }

  /** An item of the read model with its supplier's and catalog's names (a time-tracking line). */
  async itemWithNames(em: EntityManager, companyId: number, itemId: number): Promise<Row | undefined> {
    const [row] = await em.execute<Row[]>(
      `select i.id, i.customer_id, i.sku, i.name, i.order_unit, i.item_unit, coalesce(nullif(i.quantity_per_order_unit, 0), 1) as quantity_per_order_unit,
              i.deleted, i.supplier_id, coalesce(s.name, '') as supplier_name, i.catalog_id, coalesce(k.name, '') as catalog_name
         from orders.item_copy i
         left join orders.supplier_copy s on s.id = i.supplier_id and s.company_id = i.company_id
         left join orders.catalog_copy k on k.id = i.catalog_id and k.company_id = i.company_id
        where i.company_id = ? and i.id = ?`,
      [companyId, itemId],
    );
    return row;
  }

  /** The items of new order lines with their supplier, catalog, the rule at the location and its open line (if any); `today` the company's day. */
  orderableItems(em: EntityManager, companyId: number, locationId: number, today: string, ids: number[]): Promise<Row[]> {
    return em.execute<Row[]>(
      `select i.id, i.customer_id, i.sku, i.name, i.order_unit, i.item_unit, coalesce(nullif(i.quantity_per_order_unit, 0), 1) as quantity_per_order_unit,
              i.min_order_quantity, i.max_order_quantity, i.order_quantity_increment,
              coalesce(i.lead_time_days, 0) + coalesce(i.transit_days, 0) as days,
              (i.disabled or (i.contract_end_date is not null and i.contract_end_date <= cast(? as date))) as disabled, i.deleted,
              (i.paused_until is not null and i.paused_until >= cast(? as date)) as paused, i.purchaseable,
              i.supplier_id, coalesce(s.name, '') as supplier_name, i.catalog_id, coalesce(k.name, '') as catalog_name,
              r.id as rule_id, r.active as rule_active,
              (select ol.order_id from orders.purchase_order_line ol where ol.rule_id = r.id and ol.status = 'open' limit 1) as open_order_id
         from orders.item_copy i
         left join orders.supplier_copy s on s.id = i.supplier_id and s.company_id = i.company_id
         left join orders.catalog_copy k on k.id = i.catalog_id and k.company_id = i.company_id
         left join orders.kanban_rule r on r.company_id = i.company_id and r.item_id = i.id and r.location_id = ?
        where i.company_id = ? and i.id in (${ids.map(() => '?').join(', ')})`,
      [today, today, locationId, companyId, ...ids],
    );
  }
}
