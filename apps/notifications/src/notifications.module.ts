import { type DynamicModule, Module } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { servicePersistence } from '@kanban/persistence';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config';
import { DeliveryEventsConsumer } from './delivery/events.consumer';
import { DeliveryHandler } from './delivery/delivery.handler';
import { DigestJob } from './delivery/digest';
import { DeliveryRepository } from './delivery/delivery.repository';
import { DeliveryPlanner } from './delivery/planner';
import { DeliveryTrigger } from './delivery/trigger';
import { DeliveryWorker } from './delivery/worker';
import { HealthHandler } from './health/health.handler';
import { notificationsData } from './notifications.data';
import { ResponseFetcher } from './responses/fetcher';
import { ResponsesHandler } from './responses/responses.handler';
import { RulesHandler } from './rules/rules.handler';
import { RulesRepository } from './rules/rules.repository';
import { RulesService } from './rules/rules.service';
import { ServersHandler } from './servers/servers.handler';
import { ServersRepository } from './servers/servers.repository';
import { ServersService } from './servers/servers.service';
import { OrderSource } from './templates/order-source';
import { TemplatesHandler } from './templates/templates.handler';
import { TemplatesRepository } from './templates/templates.repository';
import { TemplatesService } from './templates/templates.service';

/**
 * Notifications (issue 18; docs/notifications.md): today the company's servers (SMTP, SFTP, FTP(S), HTTP(S)) with their
 * secrets sealed by SECRETS_KEY; rules, templates and delivery build on it.
 */
@Module({})
export class NotificationsModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [servicePersistence(notificationsData), serviceOutbox({ service: 'notifications', ...config.outbox, claimMs: 30_000, batchSize: 100 })],
      controllers: [HealthHandler, ServersHandler, TemplatesHandler, RulesHandler, DeliveryEventsConsumer, DeliveryHandler, ResponsesHandler],
      providers: [{ provide: NOTIFICATIONS_CONFIG, useValue: config }, ServersService, ServersRepository, TemplatesService, TemplatesRepository, OrderSource, RulesService, RulesRepository, DeliveryRepository, DeliveryPlanner, DeliveryWorker, DeliveryTrigger, DigestJob, ResponseFetcher],
    };
  }
}
