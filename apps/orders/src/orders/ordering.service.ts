import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode, Role } from '@kanban/access';
import {
  type CompanyCaller,
  type NewOrderInput,
  type NewOrderReply,
  type NotOrderableReason,
  type OrderableItemDto,
  type OrderableItemsQuery,
  type OrderableItemsReply,
  type OrderCreated,
  type OrderNotice,
  type OrderDto,
  orderEventMessage,
  OrdersEvents,
  type OrderScope,
  type RejectRequestInput,
  type ReplenishmentSnapshot,
  ReplenishmentSubjects,
  type RunTrigger,
} from '@kanban/contracts';
import { addToOutbox, ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { applySnapshot } from '../copies/copies';
import { QueueRepository } from '../queue/queue.repository';
import { type Clock, CompanyTimeZones, ORDERS_CLOCK } from '../requisition/company-time';
import { localTime } from '../requisition/schedule';
import { RulesRepository } from '../rules/rules.repository';
import { raw } from '../shared/access';
import { OrderLine, PurchaseOrder } from './order.entity';
import { checkLine, type LineProblem, normalizeNewOrder, problem, refusal, shippingDay } from './new-order.rules';
import { NewOrderRepository } from './new-order.repository';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** Read-only users neither order nor approve (spec 6: they only read); staff who may change data and customer users do. */
function assertMayOrder(caller: CompanyCaller): void {
  if (caller.role === Role.Readonly) throw new AppError(ErrorCode.NoPermission, 'read-only users cannot order');
}

interface ItemRow {
  id: number;
  customer_id: number;
  sku: string;
  name: string;
  order_unit: string;
  item_unit: string;
  quantity_per_order_unit: number;
  min_order_quantity: number;
  max_order_quantity: number;
  order_quantity_increment: number;
  days: number;
  disabled: boolean;
  deleted: boolean;
  paused: boolean;
  purchaseable: boolean;
  supplier_id: number | null;
  supplier_name: string;
  catalog_id: number | null;
  catalog_name: string;
  rule_id: number | null;
  rule_active: boolean | null;
  open_order_id: number | null;
}

/** A checked line, ready to be written. */
interface PlannedLine {
  item: ItemRow;
  quantity: number;
  /** a service line (time tracking, service fee): no rule */
  service: boolean;
  /** ad-hoc demand at a location with `adhoc` on: no rule */
  adhoc?: boolean;
}

/** The location's service fee of an order by hand: one line of `item` with `quantity` on each order (docs/ordering-flags.md). */
interface ServiceFee {
  item: ItemRow;
  quantity: number;
}

/**
 * Orders by hand and the request workflow (docs/replenishment.md "Orders by hand", "Requests").
 *
 * A new order names a location (in the path) and lines of items with quantities in the item's order unit.
 * Every check runs before anything is written (one transaction): 404 for a location the caller cannot see,
 * 1039 inactive customer or location, 1038 a customer without any kanban rule answer at once; then every line
 * is checked and ALL problems answer together (`refusal`: one problem keeps its own code, several answer 1000;
 * Data.errors lists each with its field `lines[i].x`, catalogue code and params): per line 1000 for a bad shape
 * or an unknown or unorderable item, 1032 a time-tracking (service) line of a customer without a service fee
 * item, 1040 no (active) rule of the item at the location, 1059 when the rule already has an open line (params
 * `order_id`: the one-open-line-per-rule index; we refuse rather than change an order the supplier may already
 * have), 1017 unit or SKU mismatch, 1014 / 1015 / 1016 quantity against MOQ, MXOQ, increment. A line may be given
 * in the item unit; it is converted to order units. The lines become one order per supplier, source `manual`. A customer with
 * the request workflow gets them as requests (status `request`, lines open), confirmed or rejected later;
 * otherwise they are open, `evt.orders.created` goes into the outbox and the orders into the order queue at once.
 */
@Injectable()
export class OrderingService {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly bus: ServiceBus,
    private readonly zones: CompanyTimeZones,
    private readonly orders: OrdersService,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    private readonly repository: OrdersRepository,
    private readonly rules: RulesRepository,
    private readonly queue: QueueRepository,
    private readonly search: NewOrderRepository,
  ) {}

  async create(caller: CompanyCaller, scope: Required<OrderScope>, input: NewOrderInput): Promise<NewOrderReply> {
    assertMayOrder(caller);
    const { lines, comment, problems: shapeProblems } = normalizeNewOrder(input);
    if (lines.length === 0) throw refusal(shapeProblems);
    // The catalog's current state of the location and the items (outside the transaction: no bus call inside one).
    const snapshot = await this.bus.request(ReplenishmentSubjects.snapshot, {
      company_id: caller.companyId,
      item_ids: lines.map((l) => l.item_id),
      location_ids: [scope.locationId],
    });
    // The location's service fee item (else the customer's) is read too when the location asks for a service fee.
    const feeItemId = serviceFeeItemOf(snapshot, scope.locationId);
    const fee =
      feeItemId !== null && !lines.some((l) => l.item_id === feeItemId)
        ? await this.bus.request(ReplenishmentSubjects.snapshot, { company_id: caller.companyId, item_ids: [feeItemId], location_ids: [] })
        : null;
    const zone = await this.zones.zoneOf(caller.companyId);
    const now = this.clock.now();
    const today = localTime(now, zone).date;
    const created = await this.openLineAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        await applySnapshot(em, snapshot);
        if (fee) await applySnapshot(em, fee);
        const place = await this.repository.place(em, caller.companyId, scope.customerId, scope.locationId);
        if (!place || !(await this.rules.mayReach(em, caller, scope.customerId, scope.locationId, null))) {
          throw new AppError(ProtocolCode.NotFound, 'location not found');
        }
        if (place.location_off === true || place.customer_off === true) {
          throw new AppError(ErrorCode.CustomerOrLocationInactive, 'the customer or the location is inactive', { field: 'location_id' });
        }
        // ad-hoc demand (the location's `adhoc`) needs no kanban rule, so neither does the customer
        const adhoc = place.adhoc === true;
        if (place.has_rules !== true && !adhoc) throw new AppError(ErrorCode.NoKanbanRuleForCustomer, 'the customer has no kanban rules', { field: 'lines' });
        const serviceFeeItem = raw.numOrNull(place.service_fee_item_id);
        const feeQuantity = raw.num(place.service_fee_quantity ?? 0);
        const itemIds = lines.map((l) => l.item_id);
        if (feeQuantity > 0 && serviceFeeItem !== null) itemIds.push(serviceFeeItem);
        const items = await this.items(em, caller.companyId, scope.locationId, today, [...new Set(itemIds)]);
        const timeTrackingItem = raw.numOrNull(place.time_tracking_item_id);
        const planned: PlannedLine[] = [];
        const problems: LineProblem[] = [...shapeProblems];
        for (const line of lines) {
          const i = line.index;
          const item = items.get(line.item_id);
          const field = `lines[${i}].item_id`;
          const refuse = (code: ErrorCode, message: string, params: Record<string, string | number> = {}) => problems.push(problem(code, field, message, params));
          if (!item || item.deleted || item.customer_id !== scope.customerId || !(await this.rules.mayReach(em, caller, scope.customerId, scope.locationId, item.supplier_id))) {
            refuse(ErrorCode.Validation, 'unknown item', { reason: 'unknown' });
            continue;
          }
          // One problem of the item per line, the first of: disabled, paused, not purchaseable, 1032, 1040, 1059.
          const service = item.id === timeTrackingItem || item.id === serviceFeeItem;
          if (item.disabled) refuse(ErrorCode.Validation, 'the item is disabled', { reason: 'disabled' });
          else if (item.paused) refuse(ErrorCode.Validation, 'the item is paused', { reason: 'paused' });
          else if (!item.purchaseable) refuse(ErrorCode.Validation, 'the item cannot be purchased', { reason: 'not_purchaseable' });
          // Services on site (the customer's time-tracking item) are billed with the customer's service fee item
          // and need no bin: without a service fee item the line answers 1032.
          else if (service && serviceFeeItem === null) refuse(ErrorCode.NoServiceFee, 'the customer has no service fee item');
          else if (!service && item.rule_id === null && !adhoc) refuse(ErrorCode.NoKanbanRuleForItem, 'no kanban rule for this item at the location', { reason: 'no_rule' });
          else if (!service && item.rule_id !== null && item.rule_active !== true) refuse(ErrorCode.NoKanbanRuleForItem, 'the kanban rule of this item at the location is inactive', { reason: 'rule_inactive' });
          else if (!service && item.open_order_id !== null) {
            refuse(ErrorCode.Duplicate, `already on order in order ${item.open_order_id} (an open line of this item's kanban rule)`, { order_id: item.open_order_id });
          }
          const checked = checkLine(line, item, i);
          problems.push(...checked.problems);
          planned.push({ item, quantity: checked.quantity, service, adhoc: !service && item.rule_id === null });
        }
        // The location asks for a service fee (its service_fee_quantity > 0): each order gets a line of the
        // location's service fee item, else the customer's; neither set (or the item gone) answers 1032.
        let serviceFee: ServiceFee | null = null;
        if (feeQuantity > 0) {
          const feeItem = serviceFeeItem === null ? undefined : items.get(serviceFeeItem);
          if (serviceFeeItem === null) {
            problems.push(
              problem(ErrorCode.NoServiceFee, 'service_fee_item_id', 'the location asks for a service fee, but neither the location nor the customer has a service fee item', {
                reason: 'no_service_fee_item',
              }),
            );
          } else if (!feeItem || feeItem.deleted || feeItem.customer_id !== scope.customerId) {
            problems.push(problem(ErrorCode.NoServiceFee, 'service_fee_item_id', `the service fee item ${serviceFeeItem} is unknown or deleted`, { reason: 'service_fee_item_unknown' }));
          } else {
            serviceFee = { item: feeItem, quantity: feeQuantity };
          }
        }
        if (problems.length > 0) throw refusal(problems);
        const request = place.use_request_workflow === true;
        const ids = await this.write(em, caller, {
          customerId: scope.customerId,
          locationId: scope.locationId,
          customerName: String(place.customer_name ?? ''),
          locationName: String(place.name),
          deliveryIsodow: raw.json<number[]>(place.delivery_isodow),
          today,
          now,
          comment,
          request,
          lines: planned,
          serviceFee,
        });
        // Open orders wait in the order queue for their transmission; requests once confirmed.
        if (!request) await this.queue.enqueue(em, caller.companyId, ids, caller.userId, now);
        return { ids, request };
      }),
    );
    const orders: OrderDto[] = [];
    for (const id of created.ids) orders.push(await this.orders.get(caller, scope, id));
    return { orders, requests: created.request };
  }

  /**
   * The item search of a new order: the customer's items matching `q` (SKU or name, at least 2 characters), each
   * marked orderable or with the reason it is not (the same checks as `create`, in the same order), orderable ones
   * first. 404 for a location the caller cannot see; read-only users 1020 as for ordering.
   */
  async orderableItems(caller: CompanyCaller, scope: Required<OrderScope>, query: OrderableItemsQuery): Promise<OrderableItemsReply> {
    assertMayOrder(caller);
    const q = typeof query?.q === 'string' ? query.q.trim() : '';
    if (q.length < 2) throw AppError.validation('q', 'at least 2 characters');
    const limit = Math.min(50, Math.max(1, Math.floor(Number(query?.limit ?? 20)) || 20));
    const today = localTime(this.clock.now(), await this.zones.zoneOf(caller.companyId)).date;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const place = await this.repository.place(em, caller.companyId, scope.customerId, scope.locationId);
      if (!place || !(await this.rules.mayReach(em, caller, scope.customerId, scope.locationId, null))) {
        throw new AppError(ProtocolCode.NotFound, 'location not found');
      }
      const serviceFeeItem = raw.numOrNull(place.service_fee_item_id);
      const serviceItems = [serviceFeeItem, raw.numOrNull(place.time_tracking_item_id)];
      const adhoc = place.adhoc === true;
      const rows = await this.search.search(em, caller, scope.customerId, scope.locationId, today, q, limit);
      const items = rows.map((r): OrderableItemDto => {
        const id = raw.num(r.id);
        const service = serviceItems.includes(id);
        const ruleId = raw.numOrNull(r.rule_id);
        const reason: NotOrderableReason | null =
          r.disabled === true
            ? 'disabled'
            : r.paused === true
              ? 'paused'
              : r.purchaseable === false
                ? 'not_purchaseable'
                : service
                  ? serviceFeeItem === null
                    ? 'no_service_fee'
                    : null
                  : ruleId === null
                    ? adhoc
                      ? null
                      : 'no_rule'
                    : r.rule_active !== true
                      ? 'rule_inactive'
                      : null;
        return {
          id,
          sku: String(r.sku),
          name: String(r.name),
          supplier_id: raw.numOrNull(r.supplier_id),
          supplier_name: String(r.supplier_name ?? ''),
          catalog_id: raw.numOrNull(r.catalog_id),
          catalog_name: String(r.catalog_name ?? ''),
          order_unit: String(r.order_unit ?? ''),
          item_unit: String(r.item_unit ?? ''),
          quantity_per_order_unit: raw.num(r.quantity_per_order_unit),
          min_order_quantity: raw.num(r.min_order_quantity ?? 0),
          max_order_quantity: raw.num(r.max_order_quantity ?? 0),
          order_quantity: raw.num(r.order_quantity ?? 0),
          order_quantity_increment: raw.num(r.order_quantity_increment ?? 1),
          rule_id: ruleId,
          service,
          adhoc: !service && ruleId === null && reason === null,
          orderable: reason === null,
          reason,
          open_order_id: service ? null : raw.numOrNull(r.open_order_id),
        };
      });
      // orderable first (services count as orderable without a rule), the query's SKU order kept otherwise
      return { items: [...items.filter((i) => i.orderable), ...items.filter((i) => !i.orderable)] };
    });
  }

  /** Confirms a waiting request: the order becomes open, a U event records who approved it, `evt.orders.created` goes out. */
  async confirm(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    assertMayOrder(caller);
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const order = await this.waiting(em, caller, scope, orderId);
      const now = this.clock.now();
      await this.repository.openRequest(em, caller.companyId, orderId, now);
      this.orders.addEvent(em, caller.companyId, orderId, 'U', orderEventMessage('request_confirmed', {}), caller.userId, now);
      addToOutbox(em, OrdersEvents.orderCreated, orderCreatedOf(caller.companyId, order, await this.repository.openLines(em, caller.companyId, raw.num(order.id))));
      addToOutbox(em, OrdersEvents.orderNotice, orderNoticeOf(caller.companyId, order, 'request_confirmed', now, caller.userId));
      await this.queue.enqueue(em, caller.companyId, [orderId], caller.userId, now);
      await em.flush();
    });
    return this.orders.get(caller, scope, orderId);
  }

  /** Rejects a waiting request: order and lines are cancelled (so the rules may order again), a U event keeps the reason. */
  async reject(caller: CompanyCaller, scope: OrderScope, orderId: number, input: RejectRequestInput): Promise<OrderDto> {
    assertMayOrder(caller);
    const reason = (input ?? {}).reason;
    if (reason !== undefined && reason !== null && (typeof reason !== 'string' || reason.length > 500)) {
      throw AppError.validation('reason', 'must be a text of at most 500 characters');
    }
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const order = await this.waiting(em, caller, scope, orderId);
      const now = this.clock.now();
      await this.repository.cancel(em, caller.companyId, orderId, now);
      const message = orderEventMessage('request_rejected', { reason: reason?.trim() || null });
      this.orders.addEvent(em, caller.companyId, orderId, 'U', message, caller.userId, now);
      addToOutbox(em, OrdersEvents.orderNotice, { ...orderNoticeOf(caller.companyId, order, 'request_rejected', now, caller.userId), reason: reason?.trim() || null });
      await em.flush();
    });
    return this.orders.get(caller, scope, orderId);
  }

  /** The order as a request the caller may see (404 otherwise), locked; 1000 `status` when it no longer waits. */
  private async waiting(em: EntityManager, caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<Record<string, unknown>> {
    const order = await this.orders.visibleRow(em, caller, scope, orderId, { forUpdate: true });
    if (!order) throw new AppError(ProtocolCode.NotFound, 'request not found');
    if (order.status !== 'request') throw AppError.validation('status', `the order is no longer a request (${String(order.status)})`);
    return order;
  }

  /** The items of the lines with their supplier, catalog, the rule at the location and its open line (if any). */
  private async items(em: EntityManager, companyId: number, locationId: number, today: string, ids: number[]): Promise<Map<number, ItemRow>> {
    const rows = await this.repository.orderableItems(em, companyId, locationId, today, ids);
    return new Map(
      rows.map((r) => [
        raw.num(r.id),
        {
          id: raw.num(r.id),
          customer_id: raw.num(r.customer_id),
          sku: String(r.sku),
          name: String(r.name),
          order_unit: String(r.order_unit ?? ''),
          item_unit: String(r.item_unit ?? ''),
          quantity_per_order_unit: raw.num(r.quantity_per_order_unit),
          min_order_quantity: raw.num(r.min_order_quantity ?? 0),
          max_order_quantity: raw.num(r.max_order_quantity ?? 0),
          order_quantity_increment: raw.num(r.order_quantity_increment ?? 1),
          days: raw.num(r.days),
          disabled: r.disabled === true,
          deleted: r.deleted === true,
          paused: r.paused === true,
          purchaseable: r.purchaseable !== false,
          supplier_id: raw.numOrNull(r.supplier_id),
          supplier_name: String(r.supplier_name),
          catalog_id: raw.numOrNull(r.catalog_id),
          catalog_name: String(r.catalog_name),
          rule_id: raw.numOrNull(r.rule_id),
          rule_active: r.rule_active === null || r.rule_active === undefined ? null : r.rule_active === true,
          open_order_id: raw.numOrNull(r.open_order_id),
        },
      ]),
    );
  }

  /** One order per supplier (pos by SKU), an R history event each, and `evt.orders.created` unless they wait as requests. */
  private async write(
    em: EntityManager,
    caller: CompanyCaller,
    o: {
      customerId: number;
      locationId: number;
      customerName: string;
      locationName: string;
      deliveryIsodow: number[];
      today: string;
      now: Date;
      comment: string;
      request: boolean;
      lines: PlannedLine[];
      serviceFee: ServiceFee | null;
    },
  ): Promise<number[]> {
    const bySupplier = new Map<number | null, PlannedLine[]>();
    for (const line of o.lines) bySupplier.set(line.item.supplier_id, [...(bySupplier.get(line.item.supplier_id) ?? []), line]);
    const ids: number[] = [];
    for (const [supplierId, group] of bySupplier) {
      group.sort((a, b) => a.item.sku.localeCompare(b.item.sku) || a.item.id - b.item.id);
      const order = em.create(PurchaseOrder, {
        companyId: caller.companyId,
        customerId: o.customerId,
        locationId: o.locationId,
        supplierId,
        customerName: o.customerName,
        locationName: o.locationName,
        supplierName: group[0]!.item.supplier_name,
        orderDate: o.today,
        createdAt: o.now,
        createdBy: caller.userId,
        status: o.request ? 'request' : 'open',
        source: 'manual',
        comment: o.comment,
        updatedAt: o.now,
      } as PurchaseOrder);
      await em.flush();
      // the location's service fee: one line per order (after the goods), unless the order holds the item already
      const fee = o.serviceFee;
      const withFee = fee && !group.some((l) => l.item.id === fee.item.id) ? [...group, { item: fee.item, quantity: fee.quantity, service: true }] : group;
      const lines = withFee.map((line, i) =>
        em.create(OrderLine, {
          companyId: caller.companyId,
          orderId: order.id,
          pos: i + 1,
          ruleId: line.service || line.adhoc ? null : line.item.rule_id,
          itemId: line.item.id,
          catalogId: line.item.catalog_id,
          catalogName: line.item.catalog_name,
          supplierId: line.item.supplier_id,
          supplierName: line.item.supplier_name,
          sku: line.item.sku,
          name: line.item.name,
          quantity: line.quantity,
          unit: line.item.order_unit,
          itemUnit: line.item.item_unit,
          quantityPerOrderUnit: line.item.quantity_per_order_unit,
          shipping: shippingDay(o.today, line.item.days, o.deliveryIsodow),
          status: 'open',
          createdAt: o.now,
        } as OrderLine),
      );
      this.orders.addEvent(em, caller.companyId, order.id, 'R', orderEventMessage(o.request ? 'manual_request' : 'manual_order', {}), caller.userId, o.now);
      if (!o.request) {
        addToOutbox(em, OrdersEvents.orderCreated, {
          id: order.id,
          company_id: caller.companyId,
          customer_id: o.customerId,
          location_id: o.locationId,
          supplier_id: supplierId,
          run_id: null,
          trigger: null,
          date: o.today,
          lines: lines.map((l) => ({ pos: l.pos, rule_id: l.ruleId, item_id: l.itemId, sku: l.sku, name: l.name, quantity: l.quantity, unit: l.unit, shipping: l.shipping })),
        });
      } else {
        addToOutbox(em, OrdersEvents.orderNotice, {
          company_id: caller.companyId,
          order_id: order.id,
          customer_id: o.customerId,
          location_id: o.locationId,
          supplier_id: supplierId,
          event: 'request_waiting',
          at: o.now.toISOString(),
          user_id: caller.userId,
        });
      }
      await em.flush();
      ids.push(order.id);
    }
    return ids;
  }

  /** The one-open-line-per-rule index refused a line another writer created meanwhile: 1059 as the friendly check. */
  private async openLineAs1059<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new AppError(ErrorCode.Duplicate, 'an open order line of a kanban rule of this order was created meanwhile', { field: 'lines' });
      }
      throw error;
    }
  }
}

/** The service fee item an order at the location gets (the location's, else its customer's), when the location asks for a fee. */
function serviceFeeItemOf(snapshot: ReplenishmentSnapshot, locationId: number): number | null {
  const location = snapshot.locations.find((l) => l.id === locationId);
  if (!location || !((location.service_fee_quantity ?? 0) > 0)) return null;
  return location.service_fee_item_id ?? snapshot.customers.find((c) => c.id === location.customer_id)?.service_fee_item_id ?? null;
}

/** `evt.orders.created` of an order as it stands (a confirmed request): the same payload as a run's. */
function orderCreatedOf(companyId: number, order: Record<string, unknown>, lines: Record<string, unknown>[]): OrderCreated {
  const id = raw.num(order.id);
  return {
    id,
    company_id: companyId,
    customer_id: raw.num(order.customer_id),
    location_id: raw.num(order.location_id),
    supplier_id: raw.numOrNull(order.supplier_id),
    run_id: raw.numOrNull(order.run_id),
    trigger: (order.trigger as RunTrigger | null) ?? null,
    date: raw.day(order.order_date)!,
    lines: lines.map((l) => ({
      pos: raw.num(l.pos),
      rule_id: raw.numOrNull(l.rule_id),
      item_id: raw.num(l.item_id),
      sku: String(l.sku),
      name: String(l.name),
      quantity: raw.num(l.quantity),
      unit: String(l.unit),
      shipping: raw.day(l.shipping)!,
    })),
  };
}

/** evt.orders.order_notice of an order row (a request confirmed or rejected). */
function orderNoticeOf(companyId: number, order: Record<string, unknown>, event: OrderNotice['event'], at: Date, userId: number | null): OrderNotice {
  return {
    company_id: companyId,
    order_id: raw.num(order.id),
    customer_id: raw.num(order.customer_id),
    location_id: raw.num(order.location_id),
    supplier_id: raw.numOrNull(order.supplier_id),
    event,
    at: at.toISOString(),
    user_id: userId,
  };
}
