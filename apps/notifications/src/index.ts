// What the composition root needs from the notifications service.
export { NotificationsModule } from './notifications.module';
export { notificationsData } from './notifications.data';
export { loadNotificationsConfig, type NotificationsConfig } from './config';
export { newSecretsKey } from './servers/secret-box';
// tests: the daily digests' job, whose check the digest test calls at the hour it chooses
export { DigestJob } from './delivery/digest';
// the demo company's servers, templates and rules (the embedded run with its demo outbox)
export { seedNotificationsDemo, DEMO_NOTIFICATIONS, DEMO_TEMPLATES, type NotificationsDemoInput, type NotificationsDemoSeed, type DemoServerLogin } from './demo/notifications.seed';
