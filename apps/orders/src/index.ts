// What the composition root needs from the orders service.
export { OrdersModule } from './orders.module';
export { ordersData } from './orders.data';
export { loadOrdersConfig, type OrdersConfig } from './config';
export { seedOrdersDemo, seedOrdersDemoSupplies, type OrdersDemoInput, type OrdersDemoSeed } from './demo/orders.seed';
export type { DemoUsers } from './demo/demo-history';
// For the database tests of the requisition (tests/e2e/orders-requisition.e2e.ts): the run, the scheduler and
// the read side built without Nest on a database of the test's own, and the cases the algorithm is checked with.
export { RequisitionService, REQUISITION_LOCK } from './requisition/requisition.service';
export { RequisitionScheduler } from './requisition/scheduler';
export { CompanyTimeZones, type Clock, type TimeZoneSource } from './requisition/company-time';
export { OrdersService } from './orders/orders.service';
export { QUANTITY_CASES, type QuantityCase } from './requisition/algorithm.cases';
export { JournalService } from './journal/journal.service';
export { closeDeliveredBackorders, applyBackorders } from './backorders/backorders.sql';
export { upsertSubscription } from './subscriptions/subscriptions.sql';
export { OrderQueueService } from './queue/queue.service';
export { LAST_DECISION_COLUMNS, lastDecisionJoin, lastDecisionOf, markPending } from './requisition/last-decision';
