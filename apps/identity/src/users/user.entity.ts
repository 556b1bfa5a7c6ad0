import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { UserData } from '@kanban/contracts';
import { UserImage } from './user-image.entity';

/** A person who signs in; belongs to companies through memberships. */
@Entity({ tableName: 'user' })
export class User {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  /** Stored lower-case; unique. */
  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ fieldName: 'password_hash', type: 'text', nullable: true, hidden: true, lazy: false })
  passwordHash?: string | null;

  @Property({ fieldName: 'first_name', type: 'text', default: '' })
  firstName: string = '';

  @Property({ fieldName: 'last_name', type: 'text', default: '' })
  lastName: string = '';

  @Property({ type: 'text', default: '' })
  initials: string = '';

  @Property({ fieldName: 'job_title', type: 'text', default: '' })
  jobTitle: string = '';

  @Property({ type: 'text', default: '' })
  salutation: string = '';

  @Property({ fieldName: 'pref_language', type: 'text', default: 'en' })
  prefLanguage: 'de' | 'en' = 'en';

  /** Platform operator: administers companies. A flag, not a role code. */
  @Property({ type: 'boolean', default: false })
  operator: boolean = false;

  @Property({ fieldName: 'email_confirmed_at', type: 'datetime', length: 6, nullable: true })
  emailConfirmedAt?: Date | null;

  @Property({ fieldName: 'failed_logins', type: 'int', default: 0 })
  failedLogins: number = 0;

  /** Set after 5 failed logins in a row; only a password reset clears it. */
  @Property({ fieldName: 'locked_at', type: 'datetime', length: 6, nullable: true })
  lockedAt?: Date | null;

  /** The profile image; always loaded with the user (the DTO carries its address). */
  @ManyToOne(() => UserImage, { fieldName: 'image_id', nullable: true, deleteRule: 'set null', eager: true })
  image?: UserImage | null;

  @Property({ type: 'json' })
  data: UserData = {};

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6, onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
