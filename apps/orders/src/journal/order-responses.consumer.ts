import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  canMarkOk,
  type ExtStatus,
  extStatusText,
  isLineExtStatus,
  type OrderEventMessage,
  orderEventMessage,
  OrderResponseEvents,
  type OrderResponseRead,
  type OrderStatus,
} from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, handleOnce, OnEvent } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { raw } from '../shared/access';
import { OrdersRepository } from '../orders/orders.repository';
import { setPoNumber } from '../supplies/supplier-answer.sql';
import { JournalRepository } from './journal.repository';

async function insertEvent(em: EntityManager, r: OrderResponseRead, message: OrderEventMessage, at: Date): Promise<void> {
  await em.execute(
    `insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
     select ?, o.id, ?, ?, cast(? as jsonb), ?, null, ? from orders.purchase_order o where o.id = ? and o.company_id = ?`,
    [r.company_id, r.side, message.code, JSON.stringify(message.params), message.text, at, r.order_id, r.company_id],
  );
}

/**
 * Whether an answer's ext_status applies to the order (docs/notifications.md "Order responses"): OK (1) as the update
 * to OK does (an order on its way not yet OK; its open lines become confirmed); FE (-1) to an order on its way (open
 * or confirmed) that is not FE; KA (0) only back from FE (an answer never takes back the supplier's OK).
 */
export function extStatusApplies(order: { status: OrderStatus; ext_status: ExtStatus }, next: ExtStatus): boolean {
  if (order.ext_status === next) return false;
  if (next === 1) return canMarkOk(order);
  const onItsWay = order.status === 'open' || order.status === 'confirmed';
  if (next === -1) return onItsWay;
  return onItsWay && order.ext_status === -1;
}

/**
 * The orders service's side of order responses (issue 18 item 5; docs/notifications.md "Order responses"): each
 * evt.notifications.order_response either writes a journal entry (`response_failed`, 2003 / 2004 / 2005) or applies
 * what a supplier's answer file says about one order — its ext_status (the update to OK's own repository call for OK),
 * the purchase-order number with po_status 1 (`setPoNumber`, the supplier API acknowledgement's own writer), the lines' external
 * statuses — only where it differs from the order, each change a history event (`response_ext_status`,
 * `response_po_number`, `response_line_status`; type O or S by the rule) at the time the file was read. So the same
 * answer read twice changes nothing more. Claimed once in the inbox.
 */
@BusController()
export class OrderResponsesConsumer {
  private readonly on;

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly entries: JournalRepository,
    private readonly orders: OrdersRepository,
    deadLetters: DeadLetters,
  ) {
    this.on = { read: deadLetters.consumer<OrderResponseRead>('orders.order_response', (event) => this.apply(event)) };
  }

  @OnEvent(OrderResponseEvents.responseRead)
  read(@Payload() event: EventEnvelope<OrderResponseRead>): Promise<void> {
    return this.on.read(event);
  }

  private apply(event: EventEnvelope<OrderResponseRead>): Promise<void> {
    return handleOnce(this.uow, 'orders.order_response', event, (em) => applyOrderResponse(em, this.entries, this.orders, event.data));
  }
}

export async function applyOrderResponse(em: EntityManager, entries: JournalRepository, orders: OrdersRepository, r: OrderResponseRead): Promise<void> {
  const at = new Date(r.at);
  if (r.failure) {
    const what = r.file ? `the answer ${r.file}` : 'the answers';
    await entries.insert(em, {
      companyId: r.company_id,
      code: r.failure.code,
      message: `notification "${r.rule_name}": ${what} could not be ${r.failure.code === 2003 ? 'read' : 'fetched'} (${r.failure.kind}): ${r.failure.answer}`.slice(0, 2000),
      messageKey: 'response_failed',
      params: { rule_id: r.rule_id, rule: r.rule_name, file: r.file, order_id: r.order_id, kind: r.failure.kind, answer: r.failure.answer.slice(0, 500) },
      orderId: r.order_id,
      createdAt: at,
    });
    return;
  }
  if (r.order_id === null) return;
  const rows = await em.execute<{ status: string; ext_status: unknown; po_number: string | null }[]>(
    'select status, ext_status, po_number from orders.purchase_order where id = ? and company_id = ? for update',
    [r.order_id, r.company_id],
  );
  const order = rows[0];
  if (!order) return;
  const common = { rule_id: r.rule_id, rule: r.rule_name, file: r.file };
  const ext = raw.num(order.ext_status) as ExtStatus;
  if (r.ext_status !== null && extStatusApplies({ status: order.status as OrderStatus, ext_status: ext }, r.ext_status)) {
    if (r.ext_status === 1) await orders.markOk(em, r.company_id, r.order_id, at);
    else {
      await em.execute('update orders.purchase_order set ext_status = ?, updated_at = ? where id = ? and company_id = ?', [r.ext_status, at, r.order_id, r.company_id]);
      await em.execute(`update orders.purchase_order_line set ext_status = ? where order_id = ? and company_id = ? and status in ('open', 'confirmed')`, [
        r.ext_status,
        r.order_id,
        r.company_id,
      ]);
    }
    await insertEvent(em, r, orderEventMessage('response_ext_status', { ...common, ext_status: r.ext_status, text: extStatusText(r.ext_status) }), at);
  }
  if (r.po_number !== null && r.po_number !== '' && r.po_number !== order.po_number) {
    await setPoNumber(em, r.company_id, r.order_id, r.po_number, at);
    await insertEvent(em, r, orderEventMessage('response_po_number', { ...common, po_number: r.po_number }), at);
  }
  for (const line of r.lines) {
    if (!isLineExtStatus(line.status) || !Number.isInteger(line.pos)) continue;
    const changed = await em.execute<{ pos: number }[]>(
      `update orders.purchase_order_line set ext_line_status = ?
        where order_id = ? and company_id = ? and pos = ? and ext_line_status is distinct from ? returning pos`,
      [line.status, r.order_id, r.company_id, line.pos, line.status],
    );
    if (changed.length > 0) await insertEvent(em, r, orderEventMessage('response_line_status', { ...common, pos: line.pos, status: line.status }), at);
  }
}
