import { type DynamicModule, Module } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { createMailer, MAILER, type MailConfig } from '@kanban/mail';
import { servicePersistence } from '@kanban/persistence';
import { AuthHandler } from './auth/auth.handler';
import { AuthService } from './auth/auth.service';
import { CompaniesHandler } from './companies/companies.handler';
import { CompaniesService } from './companies/companies.service';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { identityData } from './identity.data';
import { MailConsumer } from './mail/mail.consumer';
import { InvitationsHandler } from './users/invitations.handler';
import { InvitationsService } from './users/invitations.service';
import { UserNamesHandler } from './users/user-names.handler';
import { TargetUsersHandler } from './users/target-users.handler';
import { TargetUsersService } from './users/target-users.service';
import { UsersHandler } from './users/users.handler';
import { UsersService } from './users/users.service';

/** Users, companies, memberships, access restrictions, tokens and the mails they send. */
@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig, mail: MailConfig): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        servicePersistence(identityData),
        serviceOutbox({ service: 'identity', ...config.outbox, claimMs: 30_000, batchSize: 100 }),
      ],
      controllers: [AuthHandler, UsersHandler, CompaniesHandler, MailConsumer, TargetUsersHandler, UserNamesHandler, InvitationsHandler],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: MAILER, useFactory: () => createMailer(mail) },
        AuthService,
        UsersService,
        InvitationsService,
        TargetUsersService,
        CompaniesService,
      ],
    };
  }
}
