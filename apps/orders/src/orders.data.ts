import { MESSAGING_ENTITIES } from '@kanban/messaging';
import type { ServiceDataOptions } from '@kanban/persistence';
import { COPY_ENTITIES } from './copies/copies.entity';
import { JournalEntry } from './journal/journal.entity';
import { LineBackorder } from './backorders/backorder.entity';
import { SubscriptionCopy } from './subscriptions/subscription.entity';
import { ORDERS_MIGRATIONS } from './migrations';
import { OrderQueueEntry } from './queue/queue.entity';
import { OrderEvent, OrderImage, OrderLine, PurchaseOrder } from './orders/order.entity';
import { RequisitionDecision, RequisitionRun } from './requisition/run.entity';
import { KanbanRule, RulePending, StockEvent } from './rules/rule.entity';
import { RuleSensor } from './rules/rule-sensor.entity';
import { SupplyState } from './supplies/supply-state.entity';

/** The orders service's schema: its entities and its migrations. */
export const ordersData: ServiceDataOptions = {
  service: 'orders',
  entities: [...COPY_ENTITIES, KanbanRule, RulePending, StockEvent, RuleSensor, RequisitionRun, RequisitionDecision, PurchaseOrder, OrderLine, OrderEvent, OrderImage, SupplyState, JournalEntry, LineBackorder, SubscriptionCopy, OrderQueueEntry, ...MESSAGING_ENTITIES],
  migrations: ORDERS_MIGRATIONS,
};
