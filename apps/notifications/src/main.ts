import 'reflect-metadata';
import { startServiceProcess } from '@kanban/messaging';
import { loadNotificationsConfig } from './config';
import { NotificationsModule } from './notifications.module';

/** Distributed run: the notifications service as its own process (no HTTP), over NATS and PostgreSQL; needs SECRETS_KEY. */
startServiceProcess('notifications', () => NotificationsModule.forRoot(loadNotificationsConfig(process.env)));
