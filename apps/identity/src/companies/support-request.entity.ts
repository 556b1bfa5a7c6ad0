import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/** A message from a user to the support team, kept and mailed. */
@Entity({ tableName: 'support_request' })
@TenantOwned()
export class SupportRequest extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  message!: string;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
