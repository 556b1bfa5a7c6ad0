import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  type CompanyCaller,
  type ExtStatus,
  extStatusText,
  type OrderDto,
  type OrderEventCode,
  type OrderEventDto,
  type OrderEventMessage,
  orderEventMessage,
  type OrderEventType,
  type OrderLineDto,
  ORDER_LIST_STATUSES,
  ORDER_SORTS,
  type OrderListQuery,
  type OrderSort,
  type OrderAttachmentDto,
  type OrderImageDto,
  type OrderScope,
  type OrderStatus,
  type OrderUpdateInput,
  type Page,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { type Clock, ORDERS_CLOCK } from '../requisition/company-time';
import { pageOf, raw } from '../shared/access';
import { OrderEvent } from './order.entity';
import { OrdersRepository } from './orders.repository';

/** Where an order's files are read (company level: every caller who sees the order reaches it there). */
export function orderFileUrl(companyId: number, orderId: number, suffix: 'attachment' | `image/${number}`): string {
  return `/api/c/${companyId}/order/${orderId}/${suffix}`;
}

function attachmentOf(row: Record<string, unknown>, companyId: number, orderId: number): OrderAttachmentDto | null {
  if (row.attachment_key === null || row.attachment_key === undefined) return null;
  return {
    name: String(row.attachment_name ?? ''),
    mime: String(row.attachment_mime ?? 'application/octet-stream'),
    size: raw.num(row.attachment_size ?? 0),
    url: orderFileUrl(companyId, orderId, 'attachment'),
    uploaded_at: raw.iso(row.attachment_uploaded_at)!,
    uploaded_by: raw.numOrNull(row.attachment_uploaded_by),
  };
}

export function toOrderDto(row: Record<string, unknown>): OrderDto {
  const ext = raw.num(row.ext_status) as ExtStatus;
  const id = raw.num(row.id);
  const companyId = raw.num(row.company_id);
  return {
    id,
    date: raw.day(row.order_date)!,
    created: raw.iso(row.created_at)!,
    created_by: raw.numOrNull(row.created_by),
    customer_id: raw.num(row.customer_id),
    customer: String(row.customer_name),
    location_id: raw.num(row.location_id),
    location: String(row.location_name),
    supplier_id: raw.numOrNull(row.supplier_id),
    supplier: String(row.supplier_name),
    status: String(row.status) as OrderStatus,
    source: String(row.source) as OrderDto['source'],
    comment: String(row.comment),
    attachment: attachmentOf(row, companyId, id),
    images: raw.json<Record<string, unknown>[]>(row.images ?? '[]').map(
      (i): OrderImageDto => ({
        id: raw.num(i.id),
        url: orderFileUrl(companyId, id, `image/${raw.num(i.id)}`),
        mime: String(i.mime),
        width: raw.num(i.width),
        height: raw.num(i.height),
        created_at: raw.iso(i.created_at)!,
        created_by: raw.numOrNull(i.created_by),
      }),
    ),
    ext_status: ext,
    ext_status_text: extStatusText(ext),
    po_status: raw.num(row.po_status),
    po_number: row.po_number === null || row.po_number === undefined ? null : String(row.po_number),
    notification_status: raw.num(row.notification_status),
    line_count: raw.num(row.line_count),
  };
}

/** The SQL expression each sort key of the orders list orders by (o: the order). */
const ORDER_SORT_COLUMNS: Record<OrderSort, string> = {
  created_at: 'o.created_at',
  id: 'o.id',
  date: 'o.order_date',
  customer: 'lower(o.customer_name)',
  location: 'lower(o.location_name)',
  supplier: 'lower(o.supplier_name)',
  source: 'o.source',
  status: 'o.status',
  ext_status: 'o.ext_status',
};

/**
 * The ORDER BY of the orders list: `sort` (default created_at) in `order` (default: desc for the default sort, asc for
 * a named one), then the id the same way (a stable order for paging). Unknown keys answer 1000 `sort` / `order`.
 */
export function ordersOrderBy(query: Pick<OrderListQuery, 'sort' | 'order'>): string {
  if (query.sort !== undefined && !ORDER_SORTS.includes(query.sort)) throw AppError.validation('sort', `must be one of ${ORDER_SORTS.join(', ')}`);
  if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc') throw AppError.validation('order', 'must be asc or desc');
  const sort = query.sort ?? 'created_at';
  const direction = query.order ?? (query.sort === undefined ? 'desc' : 'asc');
  return `${ORDER_SORT_COLUMNS[sort]} ${direction}, o.id ${direction}`;
}

/**
 * Orders at company, customer and location level (spec 7 `order?days=&extstatus=`, `order/{orderID}`): lists
 * of the last `days` days (default 30) newest first, narrowed by the caller's access restrictions; the detail
 * with lines and history; the update to OK (ext status 1), which confirms the open lines.
 */
@Injectable()
export class OrdersService {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    private readonly repository: OrdersRepository = new OrdersRepository(),
  ) {}

  /**
   * Orders (`kind` orders: every status but `request`) or requests (`kind` requests: orders waiting for the
   * customer's approval) of the last `days` days.
   */
  async list(caller: CompanyCaller, scope: OrderScope, query: OrderListQuery, kind: 'orders' | 'requests' = 'orders'): Promise<Page<OrderDto>> {
    const { page, perPage } = pageOf(query);
    const days = query.days ?? 30;
    if (!Number.isInteger(days) || days < 1 || days > 3650) throw AppError.validation('days', 'must be a whole number from 1 to 3650');
    const since = new Date(this.clock.now().getTime() - days * 86_400_000);
    if (query.extstatus !== undefined && ![0, 1, -1].includes(query.extstatus)) throw AppError.validation('extstatus', 'must be 0, 1 or -1');
    if (query.status !== undefined && !ORDER_LIST_STATUSES.includes(query.status)) throw AppError.validation('status', `must be one of ${ORDER_LIST_STATUSES.join(', ')}`);
    if (query.q !== undefined && (typeof query.q !== 'string' || query.q.length > 100)) throw AppError.validation('q', 'must be a text of at most 100 characters');
    const orderBy = ordersOrderBy(query);
    const q = query.q?.trim() || undefined;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { rows, total } = await this.repository.list(
        em,
        caller,
        scope,
        { kind, since, extStatus: kind === 'orders' ? query.extstatus : undefined, status: kind === 'orders' ? query.status : undefined, q, orderBy },
        page,
        perPage,
      );
      return { items: rows.map(toOrderDto), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    // one snapshot for the order, its lines and its history: a change committed meanwhile shows in all three or none
    return this.uow.forCompany(caller.companyId).snapshot((em) => this.detail(em, caller, scope, orderId));
  }

  /** A waiting request (`request/{id}`): an order of status `request`; 404 for any other order. */
  async getRequest(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    const order = await this.get(caller, scope, orderId);
    if (order.status !== 'request') throw new AppError(ProtocolCode.NotFound, 'request not found');
    return order;
  }

  /** The order's row if the caller may see it in this scope (optionally locked for a change), else null. */
  async visibleRow(em: EntityManager, caller: CompanyCaller, scope: OrderScope, orderId: number, options: { forUpdate?: boolean } = {}) {
    return this.repository.visibleRow(em, caller, scope, orderId, options.forUpdate === true);
  }

  /** The update to OK (ext_status 1): the open lines are confirmed (they stay on order until delivered); a U event records it. */
  async update(caller: CompanyCaller, scope: OrderScope, orderId: number, input: OrderUpdateInput): Promise<OrderDto> {
    const changes = input ?? {};
    if (changes.ext_status !== undefined && changes.ext_status !== 1) throw AppError.validation('ext_status', 'an order can only be updated to OK (1)');
    if (changes.comment !== undefined && (typeof changes.comment !== 'string' || changes.comment.length > 2000)) {
      throw AppError.validation('comment', 'must be a text of at most 2000 characters');
    }
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const order = await this.detail(em, caller, scope, orderId);
      const now = this.clock.now();
      if (changes.comment !== undefined && changes.comment !== order.comment) {
        await this.repository.setComment(em, caller.companyId, orderId, changes.comment, now);
      }
      if (changes.ext_status === 1 && order.status === 'request') {
        throw AppError.validation('ext_status', 'the order waits for approval as a request: confirm the request first');
      }
      // the supplier's confirmation of an order that is no longer on its way means nothing
      if (changes.ext_status === 1 && order.status === 'cancelled') throw AppError.validation('ext_status', 'the order is cancelled: it cannot be confirmed by the supplier');
      if (changes.ext_status === 1 && order.status === 'delivered') throw AppError.validation('ext_status', 'the order is delivered: it cannot be confirmed by the supplier');
      if (changes.ext_status === 1 && order.ext_status !== 1) {
        await this.repository.markOk(em, caller.companyId, orderId, now, caller.userId);
        this.addEvent(em, caller.companyId, orderId, 'U', orderEventMessage('status_ok', {}), caller.userId, now);
      }
      await em.flush();
      return this.detail(em, caller, scope, orderId);
    });
  }

  /** A history event: its message as code and parameters with the English text (`orderEventMessage`). */
  addEvent(em: EntityManager, companyId: number, orderId: number, type: OrderEventType, message: OrderEventMessage, userId: number | null, at: Date): void {
    const { code, params, text } = message;
    em.create(OrderEvent, { companyId, orderId, type, code, params: params as Record<string, unknown>, text, userId, createdAt: at } as OrderEvent);
  }

  async detail(em: EntityManager, caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    const row = await this.repository.order(em, caller, scope, orderId);
    if (!row) throw new AppError(ProtocolCode.NotFound, 'order not found');
    const order = toOrderDto(row);
    const lines = await this.repository.lines(em, caller.companyId, orderId);
    const events = await this.repository.events(em, caller.companyId, orderId);
    order.lines = lines.map(
      (l): OrderLineDto => ({
        pos: raw.num(l.pos),
        rule_id: raw.numOrNull(l.rule_id),
        item_id: raw.num(l.item_id),
        catalog_id: raw.numOrNull(l.catalog_id),
        catalog: String(l.catalog_name),
        supplier_id: raw.numOrNull(l.supplier_id),
        supplier: String(l.supplier_name),
        sku: String(l.sku),
        name: String(l.name),
        quantity: raw.num(l.quantity),
        unit: String(l.unit),
        shipping: raw.day(l.shipping)!,
        status: String(l.status) as OrderStatus,
        ext_status: raw.num(l.ext_status) as ExtStatus,
        ext_line_status: l.ext_line_status === null || l.ext_line_status === undefined ? null : String(l.ext_line_status),
        delivered_at: raw.iso(l.delivered_at),
      }),
    );
    order.history = events.map(
      (e): OrderEventDto => ({
        id: raw.num(e.id),
        type: String(e.type) as OrderEventType,
        code: e.code == null ? null : (String(e.code) as OrderEventCode),
        params: e.params == null ? null : raw.json<Record<string, unknown>>(e.params),
        text: String(e.text),
        user_id: raw.numOrNull(e.user_id),
        created_at: raw.iso(e.created_at)!,
      }),
    );
    return order;
  }
}
