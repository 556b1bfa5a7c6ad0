import { Migration } from '@mikro-orm/migrations';

/** The notifications' delivery (docs/notifications.md "Delivery"): one row per idempotency key, and the daily digests' collected events. */
export class Migration20261127193000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "notifications"."delivery" ("id" bigserial primary key, "company_id" int not null, "key" text not null, "rule_id" int not null, "rule_name" text not null, "order_id" int null, "version" int not null, "event" text not null, "side" text not null, "channel" text not null, "server_id" int null, "customer_id" int null, "location_id" int null, "supplier_id" int null, "payload" jsonb null, "status" text not null default 'pending', "attempts" int not null default 0, "first_attempt_at" timestamptz(6) null, "next_attempt_at" timestamptz(6) null, "lease_until" timestamptz(6) null, "last_answer" text not null default '', "last_kind" text null, "sent_at" timestamptz(6) null, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "delivery_company_id_index" on "notifications"."delivery" ("company_id");`);
    this.addSql(`create index "delivery_status_next_attempt_at_index" on "notifications"."delivery" ("status", "next_attempt_at");`);
    this.addSql(`create index "delivery_company_id_order_id_index" on "notifications"."delivery" ("company_id", "order_id");`);
    this.addSql(`create index "delivery_company_id_rule_id_order_id_index" on "notifications"."delivery" ("company_id", "rule_id", "order_id");`);
    this.addSql(`alter table "notifications"."delivery" add constraint "delivery_key_unique" unique ("key");`);

    this.addSql(`create table "notifications"."digest_item" ("id" bigserial primary key, "company_id" int not null, "rule_id" int not null, "source" text not null, "order_id" int null, "event" text not null, "summary" text not null, "occurred_at" timestamptz(6) not null, "digest_day" text null);`);
    this.addSql(`create index "digest_item_company_id_index" on "notifications"."digest_item" ("company_id");`);
    this.addSql(`create index "digest_item_rule_id_digest_day_index" on "notifications"."digest_item" ("rule_id", "digest_day");`);
    this.addSql(`alter table "notifications"."digest_item" add constraint "digest_item_rule_id_source_unique" unique ("rule_id", "source");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications"."delivery" cascade;`);

    this.addSql(`drop table if exists "notifications"."digest_item" cascade;`);
  }

}
