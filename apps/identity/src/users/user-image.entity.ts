import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A user's profile image: only its metadata. The bytes live in the gateway's blob store under
 * `images/<key>`; the random key is also the public address (`/api/image/<key>`).
 */
@Entity({ tableName: 'user_image' })
export class UserImage {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Index()
  @Property({ fieldName: 'user_id', type: 'int' })
  userId!: number;

  @Property({ type: 'text', unique: true })
  key!: string;

  @Property({ type: 'text' })
  mime!: string;

  @Property({ type: 'int' })
  width!: number;

  @Property({ type: 'int' })
  height!: number;

  @Property({ type: 'int' })
  bytes!: number;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();
}
