import { Migration } from '@mikro-orm/migrations';

export class Migration20261123130000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm with schema public;`);
    this.addSql(`create table "catalog"."catalog" ("id" serial primary key, "company_id" int not null, "supplier_id" int not null, "name" text not null, "contract_name" text not null default '', "description" text not null default '', "ext_system_id" text not null default '', "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "catalog_company_id_index" on "catalog"."catalog" ("company_id");`);
    this.addSql(`create index "catalog_company_id_supplier_id_index" on "catalog"."catalog" ("company_id", "supplier_id");`);

    this.addSql(`create table "catalog"."item" ("id" serial primary key, "company_id" int not null, "customer_id" int not null, "catalog_id" int null, "supplier_id" int null, "sku" text not null, "name" text not null, "description" text not null default '', "item_unit" text not null default '', "order_unit" text not null default '', "quantity_per_order_unit" double precision not null default 1, "min_order_quantity" double precision not null default 1, "max_order_quantity" double precision not null default 0, "order_quantity" double precision not null default 1, "order_quantity_increment" double precision not null default 1, "lead_time_days" int not null default 0, "transit_days" int not null default 0, "material_number" text not null default '', "material_group" text not null default '', "unspsc" text not null default '', "contract_end_date" date null, "subscription_interval" int not null default 0, "paused_until" date null, "disabled" boolean not null default false, "instant_delivery" boolean not null default false, "purchaseable" boolean not null default true, "customer_sku" text not null default '', "latest_order" timestamptz(6) null, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "item_company_id_index" on "catalog"."item" ("company_id");`);
    this.addSql(`create index "item_company_id_supplier_id_index" on "catalog"."item" ("company_id", "supplier_id");`);
    this.addSql(`create index "item_catalog_id_index" on "catalog"."item" ("catalog_id");`);
    this.addSql(`create index "item_company_id_customer_id_name_index" on "catalog"."item" ("company_id", "customer_id", "name");`);
    this.addSql(`create unique index "item_sku_unique" on "catalog"."item" ("company_id", "customer_id", coalesce("catalog_id", 0), lower("sku"));`);
    this.addSql(`create index "item_sku_prefix" on "catalog"."item" ("company_id", lower("sku") text_pattern_ops);`);
    this.addSql(`create index "item_name_prefix" on "catalog"."item" ("company_id", lower("name") text_pattern_ops);`);
    this.addSql(`create index "item_customer_sku_prefix" on "catalog"."item" ("company_id", lower("customer_sku") text_pattern_ops);`);
    this.addSql(`create index "item_name_trgm" on "catalog"."item" using gin (lower("name") public.gin_trgm_ops);`);

    this.addSql(`create table "catalog"."item_backorder" ("id" serial primary key, "company_id" int not null, "order_id" int not null, "pos" int not null, "customer_id" int not null, "location_id" int null, "item_id" int not null, "quantity" double precision not null, "since" timestamptz(6) not null, "changed_at" timestamptz(6) not null);`);
    this.addSql(`create index "item_backorder_company_id_index" on "catalog"."item_backorder" ("company_id");`);
    this.addSql(`create index "item_backorder_company_id_item_id_index" on "catalog"."item_backorder" ("company_id", "item_id");`);
    this.addSql(`alter table "catalog"."item_backorder" add constraint "item_backorder_company_id_order_id_pos_unique" unique ("company_id", "order_id", "pos");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."catalog" cascade;`);

    this.addSql(`drop table if exists "catalog"."item" cascade;`);

    this.addSql(`drop table if exists "catalog"."item_backorder" cascade;`);
  }

}
