import { Migration } from '@mikro-orm/migrations';

export class Migration20261127081554 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "ingest";`);
    this.addSql(`create table "ingest"."dead_letter" ("id" bigserial primary key, "consumer" text not null, "event_id" uuid not null, "subject" text not null, "company_id" int null, "payload" json not null, "error" text not null, "error_code" int not null, "error_message" text not null, "failures" int not null, "first_failed_at" timestamptz(6) not null, "last_failed_at" timestamptz(6) not null, "dead_at" timestamptz(6) null);`);
    this.addSql(`create index "dead_letter_company_idx" on "ingest"."dead_letter" ("company_id", "id");`);
    this.addSql(`alter table "ingest"."dead_letter" add constraint "dead_letter_consumer_event_unique" unique ("consumer", "event_id");`);

    this.addSql(`create table "ingest"."inbox" ("consumer" text not null, "event_id" uuid not null, "processed_at" timestamptz(6) not null, constraint "inbox_pkey" primary key ("consumer", "event_id"));`);
    this.addSql(`create index "inbox_processed_at_idx" on "ingest"."inbox" ("processed_at");`);

    this.addSql(`create table "ingest"."outbox" ("id" uuid not null, "subject" text not null, "payload" json not null, "created_at" timestamptz(6) not null, "claimed_until" timestamptz(6) null, "published_at" timestamptz(6) null, "attempts" int not null default 0, constraint "outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_pending_idx" on "ingest"."outbox" ("published_at", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ingest"."dead_letter" cascade;`);

    this.addSql(`drop table if exists "ingest"."inbox" cascade;`);

    this.addSql(`drop table if exists "ingest"."outbox" cascade;`);

    this.addSql(`drop schema if exists "ingest";`);
  }

}
