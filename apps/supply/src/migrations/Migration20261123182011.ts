import { Migration } from '@mikro-orm/migrations';

export class Migration20261123182011 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "supply";`);
    this.addSql(`create table "supply"."catalog_copy" ("id" int not null, "company_id" int not null, "supplier_id" int not null, "name" text not null, "ext_system_id" text not null default '', "version" timestamptz(6) not null, constraint "catalog_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "catalog_copy_company_id_index" on "supply"."catalog_copy" ("company_id");`);

    this.addSql(`create table "supply"."customer_copy" ("id" int not null, "company_id" int not null, "name" text not null, "version" timestamptz(6) not null, constraint "customer_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "customer_copy_company_id_index" on "supply"."customer_copy" ("company_id");`);

    this.addSql(`create table "supply"."inbox" ("consumer" text not null, "event_id" uuid not null, "processed_at" timestamptz(6) not null, constraint "inbox_pkey" primary key ("consumer", "event_id"));`);

    this.addSql(`create table "supply"."item_copy" ("id" int not null, "company_id" int not null, "catalog_id" int null, "version" timestamptz(6) not null, constraint "item_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "item_copy_company_id_index" on "supply"."item_copy" ("company_id");`);

    this.addSql(`create table "supply"."location_copy" ("id" int not null, "company_id" int not null, "customer_id" int not null, "name" text not null, "version" timestamptz(6) not null, constraint "location_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "location_copy_company_id_index" on "supply"."location_copy" ("company_id");`);

    this.addSql(`create table "supply"."outbox" ("id" uuid not null, "subject" text not null, "payload" jsonb not null, "created_at" timestamptz(6) not null, "claimed_until" timestamptz(6) null, "published_at" timestamptz(6) null, "attempts" int not null default 0, constraint "outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_pending_idx" on "supply"."outbox" ("published_at", "created_at");`);

    this.addSql(`create table "supply"."access_restriction" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "customer_id" int null, "location_id" int null, "supplier_id" int null);`);
    this.addSql(`create index "access_restriction_company_id_index" on "supply"."access_restriction" ("company_id");`);
    this.addSql(`create index "access_restriction_company_id_user_id_index" on "supply"."access_restriction" ("company_id", "user_id");`);

    this.addSql(`create table "supply"."supplier_copy" ("id" int not null, "company_id" int not null, "name" text not null, "version" timestamptz(6) not null, constraint "supplier_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "supplier_copy_company_id_index" on "supply"."supplier_copy" ("company_id");`);

    this.addSql(`create table "supply"."supply" ("id" serial primary key, "company_id" int not null, "order_id" int not null, "supplier_id" int not null, "customer_id" int not null, "location_id" int not null, "supplier_name" text not null default '', "customer_name" text not null default '', "location_name" text not null default '', "catalog_ext_id" text not null default '', "order_date" date not null, "shipping" date not null, "status" text not null default 'open', "line_count" int not null default 0, "delivered_count" int not null default 0, "delivered_at" timestamptz(6) null, "version" int not null default 0, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "supply_company_id_index" on "supply"."supply" ("company_id");`);
    this.addSql(`create index "supply_company_id_supplier_id_customer_id_index" on "supply"."supply" ("company_id", "supplier_id", "customer_id");`);
    this.addSql(`create index "supply_company_id_supplier_id_created_at_index" on "supply"."supply" ("company_id", "supplier_id", "created_at");`);
    this.addSql(`alter table "supply"."supply" add constraint "supply_order_id_unique" unique ("order_id");`);

    this.addSql(`create table "supply"."supply_line" ("id" serial primary key, "company_id" int not null, "supply_id" int not null, "pos" int not null, "item_id" int not null, "catalog_id" int null, "sku" text not null, "name" text not null, "quantity" double precision not null, "unit" text not null default '', "shipping" date not null, "delivered" boolean not null default false, "delivered_at" timestamptz(6) null, "delivered_by" int null);`);
    this.addSql(`create index "supply_line_company_id_index" on "supply"."supply_line" ("company_id");`);
    this.addSql(`create index "supply_line_company_id_item_id_index" on "supply"."supply_line" ("company_id", "item_id");`);
    this.addSql(`alter table "supply"."supply_line" add constraint "supply_line_supply_id_pos_unique" unique ("supply_id", "pos");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "supply"."catalog_copy" cascade;`);

    this.addSql(`drop table if exists "supply"."customer_copy" cascade;`);

    this.addSql(`drop table if exists "supply"."inbox" cascade;`);

    this.addSql(`drop table if exists "supply"."item_copy" cascade;`);

    this.addSql(`drop table if exists "supply"."location_copy" cascade;`);

    this.addSql(`drop table if exists "supply"."outbox" cascade;`);

    this.addSql(`drop table if exists "supply"."access_restriction" cascade;`);

    this.addSql(`drop table if exists "supply"."supplier_copy" cascade;`);

    this.addSql(`drop table if exists "supply"."supply" cascade;`);

    this.addSql(`drop table if exists "supply"."supply_line" cascade;`);

    this.addSql(`drop schema if exists "supply";`);
  }

}
