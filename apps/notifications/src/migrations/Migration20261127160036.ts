import { Migration } from '@mikro-orm/migrations';

export class Migration20261127160036 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "notifications";`);
    this.addSql(`create table "notifications"."dead_letter" ("id" bigserial primary key, "consumer" text not null, "event_id" uuid not null, "subject" text not null, "company_id" int null, "payload" json not null, "error" text not null, "error_code" int not null, "error_message" text not null, "failures" int not null, "first_failed_at" timestamptz(6) not null, "last_failed_at" timestamptz(6) not null, "dead_at" timestamptz(6) null);`);
    this.addSql(`create index "dead_letter_company_idx" on "notifications"."dead_letter" ("company_id", "id");`);
    this.addSql(`alter table "notifications"."dead_letter" add constraint "dead_letter_consumer_event_unique" unique ("consumer", "event_id");`);

    this.addSql(`create table "notifications"."inbox" ("consumer" text not null, "event_id" uuid not null, "processed_at" timestamptz(6) not null, constraint "inbox_pkey" primary key ("consumer", "event_id"));`);
    this.addSql(`create index "inbox_processed_at_idx" on "notifications"."inbox" ("processed_at");`);

    this.addSql(`create table "notifications"."outbox" ("id" uuid not null, "subject" text not null, "payload" json not null, "created_at" timestamptz(6) not null, "claimed_until" timestamptz(6) null, "published_at" timestamptz(6) null, "attempts" int not null default 0, constraint "outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_pending_idx" on "notifications"."outbox" ("published_at", "created_at");`);

    this.addSql(`create table "notifications"."server" ("id" serial primary key, "company_id" int not null, "name" text not null, "type" text not null, "host" text not null, "port" int not null, "username" text not null default '', "password_sealed" text null, "private_key_sealed" text null, "passphrase_sealed" text null, "smtp_security" text null, "ssh_algorithms" jsonb null, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "server_company_id_index" on "notifications"."server" ("company_id");`);
    this.addSql(`create index "server_company_id_type_index" on "notifications"."server" ("company_id", "type");`);
    this.addSql(`alter table "notifications"."server" add constraint "server_company_id_name_unique" unique ("company_id", "name");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications"."dead_letter" cascade;`);

    this.addSql(`drop table if exists "notifications"."inbox" cascade;`);

    this.addSql(`drop table if exists "notifications"."outbox" cascade;`);

    this.addSql(`drop table if exists "notifications"."server" cascade;`);

    this.addSql(`drop schema if exists "notifications";`);
  }

}
