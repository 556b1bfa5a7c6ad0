import { Inject, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type OrderCreated,
  OrdersEvents,
  ReplenishmentSubjects,
  SupplyEvents,
} from '@kanban/contracts';
import { addToOutbox, BusController, claimInbox, DeadLetters, type EventEnvelope, OnEvent, ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { applySnapshot } from '../copies/copies';
import { SUPPLY_CHANGE_LOCK } from './supplies.repository';

/**
 * evt.orders.created → one supply per order (an order is already for one supplier). Claimed once in the
 * inbox and unique per order id, so a repeated event creates nothing twice (an order sent again, with another
 * event id, from the orders service's queue is answered with evt.supply.created `repeated`, so its queue
 * entry learns it arrived); acknowledged only after the
 * commit, so a supply service that was down receives the order when it is back. Names come from the
 * service's copy of the catalog; a record it has not seen an event of is fetched once with the catalog's
 * snapshot (before the transaction). An order without a supplier has no supply.
 */
@BusController()
export class OrdersConsumer {
  private readonly log = new Logger('SupplyOrdersConsumer');

  /** each event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(
    @Inject(unitOfWorkToken('supply')) private readonly uow: UnitOfWork,
    private readonly bus: ServiceBus,
    deadLetters: DeadLetters,
  ) {
    this.on = { orderCreated: deadLetters.consumer<OrderCreated>('supply.orders', (event) => this.createSupply(event)) };
  }

  @OnEvent(OrdersEvents.orderCreated)
  orderCreated(@Payload() event: EventEnvelope<OrderCreated>): Promise<void> {
    return this.on.orderCreated(event);
  }

  private async createSupply(event: EventEnvelope<OrderCreated>): Promise<void> {
    const order = event.data;
    if (order.supplier_id === null || order.supplier_id === undefined || !order.lines?.length) return;
    const supplierId = order.supplier_id;
    const companyId = order.company_id;
    const itemIds = [...new Set(order.lines.map((l) => l.item_id))];
    const missing = await this.uow.forCompany(companyId).read(async (em) => {
      const [row] = await em.execute<{ n: number }[]>(
        `select ((select count(*) from supply.customer_copy where id = ? and company_id = ?) = 0
              or (select count(*) from supply.supplier_copy where id = ? and company_id = ?) = 0
              or (select count(*) from supply.location_copy where id = ? and company_id = ?) = 0
              or (select count(*) from supply.item_copy where company_id = ? and id in (${itemIds.map(() => '?').join(', ')})) < ?)::int as n`,
        [order.customer_id, companyId, supplierId, companyId, order.location_id, companyId, companyId, ...itemIds, itemIds.length],
      );
      return Number(row?.n ?? 1) === 1;
    });
    const snapshot = missing
      ? await this.bus.request(ReplenishmentSubjects.snapshot, { company_id: companyId, item_ids: itemIds, location_ids: [order.location_id] })
      : null;

    await this.uow.forCompany(companyId).write(async (em) => {
      if (!(await claimInbox(em, 'supply.orders', event.id))) return;
      if (snapshot) await applySnapshot(em, snapshot);
      const shipping = order.lines.map((l) => l.shipping).sort()[0]!;
      const now = new Date();
      // The new supply's change sequence number is taken under the company's change lock (SUPPLY_CHANGE_LOCK).
      await em.execute('select pg_advisory_xact_lock(?, ?)', [SUPPLY_CHANGE_LOCK, companyId]);
      const [supply] = await em.execute<{ id: number }[]>(
        `insert into supply.supply (company_id, order_id, supplier_id, customer_id, location_id, supplier_name, customer_name, location_name,
                                    catalog_ext_id, order_date, shipping, status, line_count, delivered_count, version, created_at, updated_at, change_seq)
         values (?, ?, ?, ?, ?,
                 coalesce((select name from supply.supplier_copy where id = ? and company_id = ?), ''),
                 coalesce((select name from supply.customer_copy where id = ? and company_id = ?), ''),
                 coalesce((select name from supply.location_copy where id = ? and company_id = ?), ''),
                 coalesce((select k.ext_system_id from supply.item_copy i join supply.catalog_copy k on k.id = i.catalog_id
                            where i.id = ? and i.company_id = ?), ''),
                 ?, ?, 'open', ?, 0, 0, ?, ?, nextval('supply.supply_change_seq'))
         on conflict (order_id) do nothing
         returning id`,
        [
          companyId, order.id, supplierId, order.customer_id, order.location_id,
          supplierId, companyId, order.customer_id, companyId, order.location_id, companyId,
          order.lines[0]!.item_id, companyId,
          order.date, shipping, order.lines.length, now, now,
        ],
      );
      if (!supply) {
        // The order came again (requeued in the orders service's queue): nothing is created twice, but the
        // sender learns that its order arrived (evt.supply.created with `repeated`).
        const [existing] = await em.execute<{ id: number; line_count: number }[]>(
          'select id, line_count from supply.supply where order_id = ? and company_id = ?',
          [order.id, companyId],
        );
        this.log.warn(`order ${order.id} already has a supply; event ${event.id} creates nothing`);
        if (existing) {
          addToOutbox(em, SupplyEvents.supplyCreated, {
            id: Number(existing.id),
            company_id: companyId,
            order_id: order.id,
            supplier_id: supplierId,
            lines: Number(existing.line_count),
            repeated: true,
          });
          await em.flush();
        }
        return;
      }
      for (const line of order.lines) {
        await em.execute(
          `insert into supply.supply_line (company_id, supply_id, pos, item_id, catalog_id, sku, name, quantity, unit, shipping, delivered)
           values (?, ?, ?, ?, (select catalog_id from supply.item_copy where id = ? and company_id = ?), ?, ?, ?, ?, ?, false)`,
          [companyId, supply.id, line.pos, line.item_id, line.item_id, companyId, line.sku, line.name, line.quantity, line.unit ?? '', line.shipping],
        );
      }
      addToOutbox(em, SupplyEvents.supplyCreated, {
        id: Number(supply.id),
        company_id: companyId,
        order_id: order.id,
        supplier_id: supplierId,
        lines: order.lines.length,
      });
      await em.flush();
    });
  }
}
