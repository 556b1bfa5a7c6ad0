import { MESSAGING_ENTITIES } from '@kanban/messaging';
import type { ServiceDataOptions } from '@kanban/persistence';
import { ApiClient } from './api-clients/api-client.entity';
import { ActionToken } from './auth/action-token.entity';
import { RefreshToken } from './auth/refresh-token.entity';
import { Company } from './companies/company.entity';
import { SupportRequest } from './companies/support-request.entity';
import { IDENTITY_MIGRATIONS } from './migrations';
import { AccessRestriction } from './users/access-restriction.entity';
import { Invitation } from './users/invitation.entity';
import { Membership } from './users/membership.entity';
import { User } from './users/user.entity';
import { UserImage } from './users/user-image.entity';

/** The identity service's schema: its entities and its migrations. */
export const identityData: ServiceDataOptions = {
  service: 'identity',
  entities: [Company, SupportRequest, User, UserImage, Membership, Invitation, AccessRestriction, RefreshToken, ActionToken, ApiClient, ...MESSAGING_ENTITIES],
  migrations: IDENTITY_MIGRATIONS,
};
