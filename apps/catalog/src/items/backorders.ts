import { Inject, Injectable } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type BackorderChanged, type BackorderDto, type CompanyCaller, ItemEvents } from '@kanban/contracts';
import { BusController, claimInbox, DeadLetters, type EventEnvelope, OnEvent } from '@kanban/messaging';
import { restrictedRowsCondition, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { ItemBackorder } from './backorder.entity';
import { assertParent } from './item-visibility';

/**
 * Keeps the catalog's read model of open backorders from evt.orders.backorder_changed (orders, issue 5):
 * each event once (inbox), and an event older than the stored state of its order line changes nothing.
 */
@BusController()
export class BackordersConsumer {
  /** each event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    deadLetters: DeadLetters,
  ) {
    this.on = { changed: deadLetters.consumer<BackorderChanged>('catalog.backorders', (event) => this.apply(event)) };
  }

  @OnEvent(ItemEvents.backorderChanged)
  changed(@Payload() event: EventEnvelope<BackorderChanged>): Promise<void> {
    return this.on.changed(event);
  }

  private async apply(event: EventEnvelope<BackorderChanged>): Promise<void> {
    const d = event.data;
    const changedAt = new Date(d.changed_at);
    await this.uow.forCompany(d.company_id).write(async (em) => {
      if (!(await claimInbox(em, 'catalog.backorders', event.id))) return;
      const row = await em.findOne(ItemBackorder, { orderId: d.order_id, pos: d.pos });
      if (row && row.changedAt.getTime() > changedAt.getTime()) return;
      if (!row) {
        em.create(ItemBackorder, {
          companyId: d.company_id,
          orderId: d.order_id,
          pos: d.pos,
          customerId: d.customer_id,
          locationId: d.location_id,
          itemId: d.item_id,
          quantity: d.quantity,
          since: changedAt,
          changedAt,
        } as ItemBackorder);
      } else {
        if (row.quantity <= 0 && d.quantity > 0) row.since = changedAt;
        row.quantity = d.quantity;
        row.itemId = d.item_id;
        row.customerId = d.customer_id;
        row.locationId = d.location_id;
        row.changedAt = changedAt;
      }
      await em.flush();
    });
  }
}

export type BackorderScope = { customerId: number; locationId?: number } | { supplierId: number };

/**
 * Open backorders (quantity above 0) of a customer, a location or a supplier's items, oldest first. Each row is
 * narrowed by the caller's restrictions on its own customer and location (a user restricted to one location of a
 * customer sees only that location's backorders, as in the location lists) and on its item's supplier.
 */
@Injectable()
export class BackordersService {
  constructor(@Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork) {}

  async list(caller: CompanyCaller, scope: BackorderScope): Promise<BackorderDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const conditions = ['b.company_id = ?', 'b.quantity > 0'];
      const params: unknown[] = [caller.companyId];
      if ('supplierId' in scope) {
        await assertParent(em, 'supplier', caller, scope.supplierId);
        conditions.push('i.supplier_id = ?');
        params.push(scope.supplierId);
      } else {
        await assertParent(em, 'customer', caller, scope.customerId);
        conditions.push('b.customer_id = ?');
        params.push(scope.customerId);
        if (scope.locationId !== undefined) {
          conditions.push('b.location_id = ?');
          params.push(scope.locationId);
        }
      }
      const [visibleSql, visibleParams] = restrictedRowsCondition('catalog', caller, { customer: 'b.customer_id', location: 'b.location_id', supplier: 'i.supplier_id' });
      const rows = await em.execute<Record<string, unknown>[]>(
        `select b.order_id, b.pos, b.customer_id, b.location_id, b.item_id, i.sku, i.name, i.supplier_id, b.quantity, b.since
           from catalog.item_backorder b join catalog.item i on i.id = b.item_id
          where ${conditions.join(' and ')} and ${visibleSql}
          order by b.since, b.order_id, b.pos limit 1000`,
        [...params, ...visibleParams],
      );
      return rows.map((r) => ({
        order_id: Number(r.order_id),
        pos: Number(r.pos),
        customer_id: Number(r.customer_id),
        location_id: r.location_id === null ? null : Number(r.location_id),
        item_id: Number(r.item_id),
        sku: String(r.sku),
        name: String(r.name),
        supplier_id: r.supplier_id === null ? null : Number(r.supplier_id),
        quantity: Number(r.quantity),
        since: new Date(r.since as string).toISOString(),
      }));
    });
  }
}
