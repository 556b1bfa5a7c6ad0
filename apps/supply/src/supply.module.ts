import { type DynamicModule, Module } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { servicePersistence } from '@kanban/persistence';
import { SUPPLY_CONFIG, type SupplyConfig } from './config';
import { CopiesConsumer } from './copies/copies.consumer';
import { FeedHandler } from './feed/feed.handler';
import { FeedRepository } from './feed/feed.repository';
import { FeedService } from './feed/feed.service';
import { HealthHandler } from './health/health.handler';
import { OrdersConsumer } from './supplies/orders.consumer';
import { SuppliesHandler } from './supplies/supplies.handler';
import { SuppliesRepository } from './supplies/supplies.repository';
import { SuppliesService } from './supplies/supplies.service';
import { supplyData } from './supply.data';

/** Supplies: what suppliers deliver for orders, marked delivered or taken back (issue 5; docs/supplies.md). */
@Module({})
export class SupplyModule {
  static forRoot(config: SupplyConfig): DynamicModule {
    return {
      module: SupplyModule,
      imports: [servicePersistence(supplyData), serviceOutbox({ service: 'supply', ...config.outbox, claimMs: 30_000, batchSize: 100 })],
      controllers: [HealthHandler, CopiesConsumer, OrdersConsumer, SuppliesHandler, FeedHandler],
      providers: [{ provide: SUPPLY_CONFIG, useValue: config }, SuppliesService, SuppliesRepository, FeedService, FeedRepository],
    };
  }
}
