import { type DynamicModule, Module } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { createMailer, MAILER, type MailConfig } from '@kanban/mail';
import { servicePersistence } from '@kanban/persistence';
import { ApiClientsHandler } from './api-clients/api-clients.handler';
import { ApiClientsRepository } from './api-clients/api-clients.repository';
import { ApiClientsService } from './api-clients/api-clients.service';
import { SupplierDeletedConsumer } from './api-clients/supplier-deleted.consumer';
import { AuthHandler } from './auth/auth.handler';
import { AuthRepository } from './auth/auth.repository';
import { AuthService } from './auth/auth.service';
import { CompaniesHandler } from './companies/companies.handler';
import { CompaniesRepository } from './companies/companies.repository';
import { CompaniesService } from './companies/companies.service';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { identityData } from './identity.data';
import { MailConsumer } from './mail/mail.consumer';
import { InvitationsHandler } from './users/invitations.handler';
import { InvitationsRepository } from './users/invitations.repository';
import { InvitationsService } from './users/invitations.service';
import { UserNamesHandler } from './users/user-names.handler';
import { TargetUsersHandler } from './users/target-users.handler';
import { TargetUsersRepository } from './users/target-users.repository';
import { TargetUsersService } from './users/target-users.service';
import { UsersHandler } from './users/users.handler';
import { UsersRepository } from './users/users.repository';
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
      controllers: [AuthHandler, UsersHandler, CompaniesHandler, MailConsumer, TargetUsersHandler, UserNamesHandler, InvitationsHandler, ApiClientsHandler, SupplierDeletedConsumer],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: MAILER, useFactory: () => createMailer(mail) },
        AuthService,
        UsersService,
        InvitationsService,
        TargetUsersService,
        CompaniesService,
        AuthRepository,
        UsersRepository,
        InvitationsRepository,
        TargetUsersRepository,
        CompaniesRepository,
        ApiClientsService,
        ApiClientsRepository,
      ],
    };
  }
}
