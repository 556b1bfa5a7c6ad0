import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, ProtocolCode, Role } from '@kanban/access';
import { type CompanyCaller, type OrderDto, orderEventMessage, type OrderScope, type OrderStatus, ReplenishmentSubjects, type TimeTrackingInput } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { applySnapshot } from '../copies/copies';
import { type Clock, CompanyTimeZones, ORDERS_CLOCK } from '../requisition/company-time';
import { localTime } from '../requisition/schedule';
import { raw } from '../shared/access';
import { OrderLine } from './order.entity';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** The longest visit one call records: a day. */
export const MAX_VISIT_MINUTES = 1440;

/** Units whose quantity is minutes; any other order unit of the time-tracking item counts hours (UN/ECE HUR). */
const MINUTE_UNITS = new Set(['MIN']);

/** The checked input of a service visit (1000 with the field otherwise). */
export function normalizeTimeTracking(input: TimeTrackingInput | undefined): { minutes: number; comment: string | null } {
  const minutes = input?.minutes;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_VISIT_MINUTES) {
    throw AppError.validation('minutes', `must be a whole number of minutes from 1 to ${MAX_VISIT_MINUTES}`);
  }
  const comment = input?.comment;
  if (comment !== undefined && comment !== null && (typeof comment !== 'string' || comment.length > 500)) {
    throw AppError.validation('comment', 'must be a text of at most 500 characters');
  }
  return { minutes, comment: comment?.trim() || null };
}

/** The line's quantity in the time-tracking item's order unit: minutes for MIN, else hours (6 decimals). */
export function visitQuantity(minutes: number, orderUnit: string): number {
  return MINUTE_UNITS.has(orderUnit.trim().toUpperCase()) ? minutes : Math.round((minutes / 60) * 1e6) / 1e6;
}

/** The new line's status follows the order: a visit on a delivered order is delivered with it, else it waits as the order does. */
function lineStatusOf(orderStatus: string): OrderStatus {
  if (orderStatus === 'confirmed' || orderStatus === 'delivered') return orderStatus;
  return 'open';
}

/**
 * Time tracking (history event T, docs/ordering-flags.md): a service visit at a location (someone counted or refilled
 * its racks) recorded on one of its orders with the minutes it took. It adds a line of the customer's time-tracking item
 * (no kanban rule, the item's catalog and supplier) and a T event. A customer without a time-tracking item answers 1032
 * with its own message (field `time_tracking_item_id`); a cancelled order 1000 `status`. Staff who may change data only.
 */
@Injectable()
export class TimeTrackingService {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly bus: ServiceBus,
    private readonly zones: CompanyTimeZones,
    private readonly orders: OrdersService,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    private readonly repository: OrdersRepository,
  ) {}

  async record(caller: CompanyCaller, scope: OrderScope, orderId: number, input: TimeTrackingInput): Promise<OrderDto> {
    if (![Role.Writer, Role.Admin, Role.Owner].includes(caller.role)) {
      throw new AppError(ErrorCode.NoPermission, 'only staff who may change data record service visits');
    }
    const { minutes, comment } = normalizeTimeTracking(input);
    // the order's location and customer, then the catalog's current customer and time-tracking item (no bus call in a transaction)
    const seen = await this.uow.forCompany(caller.companyId).read((em) => this.orders.visibleRow(em, caller, scope, orderId));
    if (!seen) throw new AppError(ProtocolCode.NotFound, 'order not found');
    const place = await this.bus.request(ReplenishmentSubjects.snapshot, { company_id: caller.companyId, item_ids: [], location_ids: [raw.num(seen.location_id)] });
    const customer = place.customers.find((c) => c.id === raw.num(seen.customer_id));
    const itemId = customer?.time_tracking_item_id ?? null;
    const item = itemId === null ? null : await this.bus.request(ReplenishmentSubjects.snapshot, { company_id: caller.companyId, item_ids: [itemId], location_ids: [] });
    const today = localTime(this.clock.now(), await this.zones.zoneOf(caller.companyId)).date;
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      await applySnapshot(em, place);
      if (item) await applySnapshot(em, item);
      const order = await this.orders.visibleRow(em, caller, scope, orderId, { forUpdate: true });
      if (!order) throw new AppError(ProtocolCode.NotFound, 'order not found');
      if (order.status === 'cancelled') throw AppError.validation('status', 'the order is cancelled: no service visit can be recorded on it');
      if (itemId === null) {
        throw new AppError(ErrorCode.NoServiceFee, 'no time tracking item: the customer has no time-tracking item for service visits', {
          field: 'time_tracking_item_id',
        });
      }
      const row = await this.repository.itemWithNames(em, caller.companyId, itemId);
      if (!row || row.deleted === true || raw.num(row.customer_id) !== raw.num(order.customer_id)) {
        throw new AppError(ErrorCode.NoServiceFee, `no time tracking item: the customer's time-tracking item ${itemId} is unknown or deleted`, {
          field: 'time_tracking_item_id',
        });
      }
      const now = this.clock.now();
      const pos = (await this.repository.lastPos(em, caller.companyId, orderId)) + 1;
      em.create(OrderLine, {
        companyId: caller.companyId,
        orderId,
        pos,
        ruleId: null,
        itemId,
        catalogId: raw.numOrNull(row.catalog_id),
        catalogName: String(row.catalog_name ?? ''),
        supplierId: raw.numOrNull(row.supplier_id),
        supplierName: String(row.supplier_name ?? ''),
        sku: String(row.sku),
        name: String(row.name),
        quantity: visitQuantity(minutes, String(row.order_unit ?? '')),
        unit: String(row.order_unit ?? ''),
        itemUnit: String(row.item_unit ?? ''),
        quantityPerOrderUnit: raw.num(row.quantity_per_order_unit ?? 1),
        shipping: today,
        status: lineStatusOf(String(order.status)),
        createdAt: now,
      } as OrderLine);
      this.orders.addEvent(em, caller.companyId, orderId, 'T', orderEventMessage('time_tracking', { minutes, pos, comment }), caller.userId, now);
      await this.repository.touch(em, caller.companyId, orderId, now);
      await em.flush();
    });
    return this.orders.get(caller, scope, orderId);
  }
}
