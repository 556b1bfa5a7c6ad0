import 'reflect-metadata';
import { startServiceProcess } from '@kanban/messaging';
import { loadIdentityConfig } from './config';
import { IdentityModule } from './identity.module';

/** Distributed run: the identity service as its own process (no HTTP), over NATS and PostgreSQL (mail by SMTP). */
startServiceProcess('identity', (env) => {
  const smtpUrl = env.url('SMTP_URL', undefined, ['smtp', 'smtps']);
  const mailFrom = env.str('MAIL_FROM', 'Kanban <no-reply@kanban.example>');
  return IdentityModule.forRoot(loadIdentityConfig(process.env), { kind: 'smtp', url: smtpUrl, from: mailFrom });
});
