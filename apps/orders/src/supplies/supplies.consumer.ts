import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type OrderEventMessage,
  orderEventMessage,
  type SupplyAcknowledged,
  type SupplyCreated,
  type SupplyDeliveryChanged,
  SupplyEvents,
  SupplierFeedEvents,
} from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, handleOnce, OnEvent } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { closeDeliveredBackorders } from '../backorders/backorders.sql';
import { markTransmitted } from '../queue/queue.sql';
import { setPoNumber } from './supplier-answer.sql';

/** An S history event on the order (when the order exists in the company). */
async function insertEvent(em: EntityManager, companyId: number, orderId: number, message: OrderEventMessage, userId: number | null, at: Date): Promise<void> {
  await em.execute(
    `insert into orders.purchase_order_event (company_id, order_id, type, code, params, text, user_id, created_at)
     select ?, o.id, 'S', ?, cast(? as jsonb), ?, ?, ? from orders.purchase_order o where o.id = ? and o.company_id = ?`,
    [companyId, message.code, JSON.stringify(message.params), message.text, userId, at, orderId, companyId],
  );
}

/**
 * The orders service's side of supplies (docs/supplies.md): evt.supply.created writes an S history event on
 * the order and marks its order queue entry transmitted (also when the supply existed and a requeued order
 * arrived again: `repeated`); evt.supply.delivery_changed marks the order's lines of the same pos delivered with the time the
 * supplier marked them (`delivered_at`), or back to what they were (confirmed after the update to OK, else open;
 * `delivered_at` null again) when taken back, and the order `delivered` when
 * all its lines are (back to confirmed/open otherwise), with an S history event. Each event is claimed once in
 * the inbox; a change older than the last applied one of the supply (its version) is ignored.
 */
@BusController()
export class SuppliesConsumer {
  /** each event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    deadLetters: DeadLetters,
  ) {
    this.on = {
      created: deadLetters.consumer<SupplyCreated>('orders.supply_created', (event) => this.applyCreated(event)),
      deliveryChanged: deadLetters.consumer<SupplyDeliveryChanged>('orders.supply_delivery', (event) => this.applyDeliveryChanged(event)),
      acknowledged: deadLetters.consumer<SupplyAcknowledged>('orders.supply_acknowledged', (event) => this.applyAcknowledged(event)),
    };
  }

  @OnEvent(SupplyEvents.supplyCreated)
  created(@Payload() event: EventEnvelope<SupplyCreated>): Promise<void> {
    return this.on.created(event);
  }

  private applyCreated(event: EventEnvelope<SupplyCreated>): Promise<void> {
    const s = event.data;
    return handleOnce(this.uow, 'orders.supply_created', event, async (em) => {
      const message = orderEventMessage(s.repeated ? 'supply_repeated' : 'supply_created', { supply_id: s.id });
      await insertEvent(em, s.company_id, s.order_id, message, null, new Date(event.occurredAt));
      await markTransmitted(em, s.company_id, s.order_id, new Date());
    });
  }

  @OnEvent(SupplierFeedEvents.acknowledged)
  acknowledged(@Payload() event: EventEnvelope<SupplyAcknowledged>): Promise<void> {
    return this.on.acknowledged(event);
  }

  /**
   * The supplier's system acknowledged the supply (docs/supplier-api.md): the lines of those positions take its
   * external status (TR, or PO with the number), never going back from PO to TR; with a number the order's po_number
   * and po_status 1 (received).
   */
  private applyAcknowledged(event: EventEnvelope<SupplyAcknowledged>): Promise<void> {
    const s = event.data;
    return handleOnce(this.uow, 'orders.supply_acknowledged', event, async (em) => {
      const at = new Date();
      let changed: number[] = [];
      if (s.positions.length > 0) {
        const from = s.status === 'PO' ? ['TR', 'PO'] : ['TR'];
        const rows = await em.execute<{ pos: number }[]>(
          `update orders.purchase_order_line set ext_line_status = ?
            where order_id = ? and company_id = ? and pos in (${s.positions.map(() => '?').join(', ')})
              and (ext_line_status is null or ext_line_status in (${from.map(() => '?').join(', ')}))
              and ext_line_status is distinct from ?
            returning pos`,
          [s.status, s.order_id, s.company_id, ...s.positions, ...from, s.status],
        );
        changed = rows.map((r) => r.pos).sort((a, b) => a - b);
      }
      if (s.po_number !== null) await setPoNumber(em, s.company_id, s.order_id, s.po_number, at);
      // the order's history shows the acknowledgement (S) when it changed a line or brought a number
      if (changed.length > 0 || s.po_number !== null) {
        const positions = changed.length > 0 ? changed : [...s.positions].sort((a, b) => a - b);
        await insertEvent(em, s.company_id, s.order_id, orderEventMessage('supplier_acknowledged', { supply_id: s.id, status: s.status, po_number: s.po_number, positions }), null, at);
      }
    });
  }

  @OnEvent(SupplyEvents.deliveryChanged)
  deliveryChanged(@Payload() event: EventEnvelope<SupplyDeliveryChanged>): Promise<void> {
    return this.on.deliveryChanged(event);
  }

  private applyDeliveryChanged(event: EventEnvelope<SupplyDeliveryChanged>): Promise<void> {
    const s = event.data;
    return handleOnce(this.uow, 'orders.supply_delivery', event, async (em) => {
      const applied = await em.execute<{ id: number }[]>(
        `insert into orders.supply_state as x (id, company_id, order_id, version, updated_at) values (?, ?, ?, ?, ?)
         on conflict (id) do update set version = excluded.version, updated_at = excluded.updated_at
         where x.version < excluded.version and x.company_id = excluded.company_id
         returning x.id`,
        [s.id, s.company_id, s.order_id, s.version, new Date()],
      );
      if (applied.length === 0) return;
      const deliveredLines = s.lines.filter((l) => l.delivered);
      const delivered = deliveredLines.map((l) => l.pos);
      const takenBack = s.lines.filter((l) => !l.delivered).map((l) => l.pos);
      const list = (n: number[]) => n.map(() => '?').join(', ');
      if (delivered.length > 0) {
        // Each line keeps when the supplier marked it (the supply line's delivered_at; the event's time if missing).
        await em.execute(
          `update orders.purchase_order_line l set status = 'delivered', delivered_at = v.delivered_at
             from (values ${deliveredLines.map(() => '(?::int, ?::timestamptz)').join(', ')}) as v(pos, delivered_at)
            where l.order_id = ? and l.company_id = ? and l.pos = v.pos and l.status in ('open', 'confirmed')`,
          [...deliveredLines.flatMap((l) => [l.pos, l.delivered_at ?? event.occurredAt]), s.order_id, s.company_id],
        );
      }
      if (takenBack.length > 0) {
        // Back to confirmed after the update to OK, else open; but never a second open line of a rule (the
        // requisition may have ordered the rule again meanwhile): then it counts as confirmed, still on order.
        await em.execute(
          `update orders.purchase_order_line l
              set status = case when l.ext_status = 1 then 'confirmed'
                                when l.rule_id is not null and exists (select 1 from orders.purchase_order_line x
                                       where x.rule_id = l.rule_id and x.status = 'open' and x.id <> l.id) then 'confirmed'
                                else 'open' end,
                  delivered_at = null
            where l.order_id = ? and l.company_id = ? and l.pos in (${list(takenBack)}) and l.status = 'delivered'`,
          [s.order_id, s.company_id, ...takenBack],
        );
      }
      const now = new Date();
      await em.execute(
        `update orders.purchase_order o
            set status = case when c.total > 0 and c.delivered = c.total then 'delivered'
                              when o.status = 'delivered' then case when o.ext_status = 1 then 'confirmed' else 'open' end
                              else o.status end,
                updated_at = ?
           from (select count(*) filter (where status <> 'cancelled')::int as total,
                        count(*) filter (where status = 'delivered')::int as delivered
                   from orders.purchase_order_line where order_id = ? and company_id = ?) c
          where o.id = ? and o.company_id = ?`,
        [now, s.order_id, s.company_id, s.order_id, s.company_id],
      );
      // Delivered lines that were backorders close them now (evt.orders.backorder_changed with quantity 0).
      if (delivered.length > 0) await closeDeliveredBackorders(em, s.company_id, now);
      const message = orderEventMessage('supply_delivery', { supply_id: s.id, delivered, taken_back: takenBack, complete: s.delivered });
      await insertEvent(em, s.company_id, s.order_id, message, s.user_id, new Date(event.occurredAt));
    });
  }
}
