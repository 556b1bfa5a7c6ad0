import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { servicePersistence } from '@kanban/persistence';
import { ORDERS_CONFIG, type OrdersConfig } from './config';
import { CopiesConsumer } from './copies/copies.consumer';
import { HealthHandler } from './health/health.handler';
import { DeadLettersConsumer } from './journal/dead-letters.consumer';
import { SensorAlarmsConsumer } from './journal/sensor-alarms.consumer';
import { NotificationDeliveryConsumer } from './journal/notification-delivery.consumer';
import { OrderResponsesConsumer } from './journal/order-responses.consumer';
import { JournalHandler } from './journal/journal.handler';
import { JournalService } from './journal/journal.service';
import { ordersData } from './orders.data';
import { OrderFilesService } from './orders/order-files.service';
import { OrdersHandler } from './orders/orders.handler';
import { OrderingService } from './orders/ordering.service';
import { TimeTrackingService } from './orders/time-tracking.service';
import { OrderQueueHandler } from './queue/queue.handler';
import { OrderQueueService } from './queue/queue.service';
import { OrdersService } from './orders/orders.service';
import { CompanyTimeZones, IdentityTimeZones, ORDERS_CLOCK, systemClock, TIME_ZONE_SOURCE } from './requisition/company-time';
import { RequisitionService } from './requisition/requisition.service';
import { RequisitionScheduler } from './requisition/scheduler';
import { RulesHandler } from './rules/rules.handler';
import { FillHistoryHandler } from './rules/fill-history.handler';
import { FillHistoryRepository } from './rules/fill-history.repository';
import { RulesOfItemHandler } from './rules/rules-of-item.handler';
import { RulesService } from './rules/rules.service';
import { SensorStockConsumer } from './rules/sensor-stock.consumer';
import { StatsHandler } from './stats/stats.handler';
import { JournalRepository } from './journal/journal.repository';
import { NewOrderRepository } from './orders/new-order.repository';
import { OrdersRepository } from './orders/orders.repository';
import { QueueRepository } from './queue/queue.repository';
import { RequisitionRepository } from './requisition/requisition.repository';
import { RulesRepository } from './rules/rules.repository';
import { StatsRepository } from './stats/stats.repository';
import { StatsService } from './stats/stats.service';
import { SuppliesConsumer } from './supplies/supplies.consumer';

/** Kanban rules, stock signals, requisition runs and orders (issue 5; docs/replenishment.md). */
@Module({})
export class OrdersModule {
  /** `overrides`: a clock or a time-zone source of a test in place of the system clock and identity. */
  static forRoot(config: OrdersConfig, overrides: { clock?: Provider; timeZones?: Provider } = {}): DynamicModule {
    return {
      module: OrdersModule,
      imports: [servicePersistence(ordersData), serviceOutbox({ service: 'orders', ...config.outbox, claimMs: 30_000, batchSize: 100 })],
      controllers: [HealthHandler, CopiesConsumer, RulesHandler, FillHistoryHandler, OrdersHandler, SuppliesConsumer, RulesOfItemHandler, JournalHandler, DeadLettersConsumer, SensorAlarmsConsumer, NotificationDeliveryConsumer, OrderResponsesConsumer, StatsHandler, OrderQueueHandler, SensorStockConsumer],
      providers: [
        { provide: ORDERS_CONFIG, useValue: config },
        overrides.clock ?? { provide: ORDERS_CLOCK, useValue: systemClock },
        overrides.timeZones ?? { provide: TIME_ZONE_SOURCE, useClass: IdentityTimeZones },
        CompanyTimeZones,
        RequisitionService,
        RequisitionScheduler,
        RulesService,
        OrdersService,
        OrderingService,
        TimeTrackingService,
        OrderFilesService,
        JournalService,
        StatsService,
        StatsRepository,
        JournalRepository,
        OrdersRepository,
        NewOrderRepository,
        QueueRepository,
        RequisitionRepository,
        RulesRepository,
        FillHistoryRepository,
        OrderQueueService,
      ],
    };
  }
}
