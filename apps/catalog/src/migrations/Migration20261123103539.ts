import { Migration } from '@mikro-orm/migrations';

export class Migration20261123103539 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "catalog";`);
    this.addSql(`create table "catalog"."customer" ("id" serial primary key, "company_id" int not null, "name" text not null, "nr" text null, "extended" text not null default '', "description" text not null default '', "street" text not null default '', "postal" text not null default '', "city" text not null default '', "state" text not null default '', "country_iso" text not null default '', "vat_id" text not null default '', "auftragsnr" text not null default '', "bediener" text not null default '', "scan_id_prefix" text not null default '', "service_fee_item_id" int null, "time_tracking_item_id" int null, "use_subscription" boolean not null default false, "use_backorder" boolean not null default false, "backorder_type" text not null default 'days', "use_request_workflow" boolean not null default false, "show_stock_in_app" boolean not null default false, "automatic_restock_days" int not null default 0, "inactive" boolean not null default false, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "customer_company_id_index" on "catalog"."customer" ("company_id");`);
    this.addSql(`alter table "catalog"."customer" add constraint "customer_company_id_nr_unique" unique ("company_id", "nr");`);

    this.addSql(`create table "catalog"."inbox" ("consumer" text not null, "event_id" uuid not null, "processed_at" timestamptz(6) not null, constraint "inbox_pkey" primary key ("consumer", "event_id"));`);

    this.addSql(`create table "catalog"."outbox" ("id" uuid not null, "subject" text not null, "payload" jsonb not null, "created_at" timestamptz(6) not null, "claimed_until" timestamptz(6) null, "published_at" timestamptz(6) null, "attempts" int not null default 0, constraint "outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_pending_idx" on "catalog"."outbox" ("published_at", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."customer" cascade;`);

    this.addSql(`drop table if exists "catalog"."inbox" cascade;`);

    this.addSql(`drop table if exists "catalog"."outbox" cascade;`);

    this.addSql(`drop schema if exists "catalog";`);
  }

}
