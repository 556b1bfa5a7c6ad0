import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Role } from '@kanban/access';
import { TenantEntity, TenantOwned } from '@kanban/persistence';
import { User } from './user.entity';

/** A user's role in one company, and whether the user may use the mobile app there. */
@Entity({ tableName: 'membership' })
@TenantOwned()
@Unique({ properties: ['companyId', 'user'] })
export class Membership extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'smallint' })
  role!: Role;

  @Property({ type: 'boolean', default: false })
  app: boolean = false;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
