import { MESSAGING_ENTITIES } from '@kanban/messaging';
import type { ServiceDataOptions } from '@kanban/persistence';
import { NOTIFICATIONS_MIGRATIONS } from './migrations';
import { Server } from './servers/server.entity';
import { EmailTemplate, FileTemplate } from './templates/template.entity';

/** The notifications service's schema: its servers, the outbox, inbox and dead letters as every service. */
export const notificationsData: ServiceDataOptions = {
  service: 'notifications',
  entities: [Server, EmailTemplate, FileTemplate, ...MESSAGING_ENTITIES],
  migrations: NOTIFICATIONS_MIGRATIONS,
};
