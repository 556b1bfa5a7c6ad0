import { type DynamicModule, Module } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { servicePersistence } from '@kanban/persistence';
import { ORDERS_CONFIG, type OrdersConfig } from './config';
import { HealthHandler } from './health/health.handler';
import { ordersData } from './orders.data';

/** Kanban rules, stock signals, requisition runs and orders (issue 5; docs/replenishment.md). */
@Module({})
export class OrdersModule {
  static forRoot(config: OrdersConfig): DynamicModule {
    return {
      module: OrdersModule,
      imports: [servicePersistence(ordersData), serviceOutbox({ service: 'orders', ...config.outbox, claimMs: 30_000, batchSize: 100 })],
      controllers: [HealthHandler],
      providers: [{ provide: ORDERS_CONFIG, useValue: config }],
    };
  }
}
