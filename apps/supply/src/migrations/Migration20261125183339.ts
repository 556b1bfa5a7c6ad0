import { Migration } from '@mikro-orm/migrations';

export class Migration20261125183339 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "supply"."dead_letter" ("id" bigserial primary key, "consumer" text not null, "event_id" uuid not null, "subject" text not null, "company_id" int null, "payload" json not null, "error" text not null, "error_code" int not null, "error_message" text not null, "failures" int not null, "first_failed_at" timestamptz(6) not null, "last_failed_at" timestamptz(6) not null, "dead_at" timestamptz(6) null);`);
    this.addSql(`create index "dead_letter_company_idx" on "supply"."dead_letter" ("company_id", "id");`);
    this.addSql(`alter table "supply"."dead_letter" add constraint "dead_letter_consumer_event_unique" unique ("consumer", "event_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "supply"."dead_letter" cascade;`);
  }

}
