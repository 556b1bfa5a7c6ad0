import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { OrderQueueState } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/**
 * An entry of the order queue (spec 3 "Order queue entry"; docs/replenishment.md "Order queue"): an order that
 * must be handed to its supplier. Written in the transaction that makes the order transmittable (a run's
 * statement, an order by hand, a confirmed request); `transmitted` when the supply service confirms receipt
 * (evt.supply.created), `error` at once for an order without a supplier (2001) or when not confirmed in time
 * (2005). Customer, location and supplier ids are kept for the access restrictions; names come from the order.
 */
@Entity({ tableName: 'order_queue' })
@TenantOwned()
@Unique({ properties: ['orderId'] })
@Index({ properties: ['companyId', 'state', 'createdAt'] })
@Index({
  name: 'order_queue_waiting',
  expression: `create index "order_queue_waiting" on "orders"."order_queue" ("queued_at") where "state" = 'waiting'`,
})
export class OrderQueueEntry extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'order_id', type: 'int' })
  orderId!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'location_id', type: 'int' })
  locationId!: number;

  @Property({ fieldName: 'supplier_id', type: 'int', nullable: true })
  supplierId: number | null = null;

  /** who created the order, or requeued the entry last (null: a scheduled run) */
  @Property({ fieldName: 'user_id', type: 'int', nullable: true })
  userId: number | null = null;

  @Property({ type: 'text', default: 'waiting' })
  state: OrderQueueState = 'waiting';

  /** journal code of the error (2001, 2005) */
  @Property({ fieldName: 'error_code', type: 'int', nullable: true })
  errorCode: number | null = null;

  @Property({ fieldName: 'error_message', type: 'text', nullable: true })
  errorMessage: string | null = null;

  @Property({ type: 'int', default: 1 })
  attempts: number = 1;

  /** when it (last) started waiting: the timeout counts from here */
  @Property({ fieldName: 'queued_at', type: 'datetime', length: 6 })
  queuedAt!: Date;

  @Property({ fieldName: 'transmitted_at', type: 'datetime', length: 6, nullable: true })
  transmittedAt: Date | null = null;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt!: Date;

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt!: Date;
}
