import { MESSAGING_ENTITIES } from '@kanban/messaging';
import type { ServiceDataOptions } from '@kanban/persistence';
import { Delivery, DigestItem } from './delivery/delivery.entity';
import { NOTIFICATIONS_MIGRATIONS } from './migrations';
import { NotificationRecipient } from './rules/recipient.entity';
import { NotificationRule } from './rules/rule.entity';
import { Server } from './servers/server.entity';
import { EmailTemplate, FileTemplate } from './templates/template.entity';

/** The notifications service's schema: its servers, templates, notification rules with their recipients, the outbox, inbox and dead letters as every service. */
export const notificationsData: ServiceDataOptions = {
  service: 'notifications',
  entities: [Server, EmailTemplate, FileTemplate, NotificationRule, NotificationRecipient, Delivery, DigestItem, ...MESSAGING_ENTITIES],
  migrations: NOTIFICATIONS_MIGRATIONS,
};
