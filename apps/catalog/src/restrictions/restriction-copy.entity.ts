import { Entity, Index } from '@mikro-orm/core';
import { RestrictionCopyColumns, TenantOwned } from '@kanban/persistence';

/**
 * The catalog's copy of identity's access restrictions (identity owns them): one row per restriction of a
 * user in a company, exactly one of customer, location or supplier set. Fed by
 * `evt.identity.restrictions_changed`, which replaces the user's whole set.
 */
@Entity({ tableName: 'access_restriction' })
@TenantOwned()
@Index({ properties: ['companyId', 'userId'] })
export class RestrictionCopy extends RestrictionCopyColumns {}
