import { Migration } from '@mikro-orm/migrations';

export class Migration20261123150433 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "orders";`);
    this.addSql(`create table "orders"."catalog_copy" ("id" int not null, "company_id" int not null, "supplier_id" int not null, "name" text not null, "deleted" boolean not null default false, "version" timestamptz(6) not null, constraint "catalog_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "catalog_copy_company_id_index" on "orders"."catalog_copy" ("company_id");`);

    this.addSql(`create table "orders"."customer_copy" ("id" int not null, "company_id" int not null, "name" text not null, "inactive" boolean not null default false, "deleted" boolean not null default false, "version" timestamptz(6) not null, constraint "customer_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "customer_copy_company_id_index" on "orders"."customer_copy" ("company_id");`);

    this.addSql(`create table "orders"."inbox" ("consumer" text not null, "event_id" uuid not null, "processed_at" timestamptz(6) not null, constraint "inbox_pkey" primary key ("consumer", "event_id"));`);

    this.addSql(`create table "orders"."item_copy" ("id" int not null, "company_id" int not null, "customer_id" int not null, "catalog_id" int null, "supplier_id" int null, "sku" text not null, "name" text not null, "item_unit" text not null default '', "order_unit" text not null default '', "quantity_per_order_unit" double precision not null default 1, "min_order_quantity" double precision not null default 1, "max_order_quantity" double precision not null default 0, "order_quantity" double precision not null default 1, "order_quantity_increment" double precision not null default 1, "lead_time_days" int not null default 0, "transit_days" int not null default 0, "contract_end_date" date null, "paused_until" date null, "disabled" boolean not null default false, "deleted" boolean not null default false, "version" timestamptz(6) not null, constraint "item_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "item_copy_company_id_index" on "orders"."item_copy" ("company_id");`);
    this.addSql(`create index "item_copy_company_id_customer_id_index" on "orders"."item_copy" ("company_id", "customer_id");`);

    this.addSql(`create table "orders"."kanban_rule" ("id" serial primary key, "company_id" int not null, "customer_id" int not null, "location_id" int not null, "item_id" int not null, "threshold" double precision not null default 0, "capacity" double precision not null, "stock" double precision not null default 0, "stock_updated_at" timestamptz(6) null, "scan_code" text not null, "active" boolean not null default true, "pending_at" timestamptz(6) null, "last_decision" jsonb null, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "kanban_rule_company_id_index" on "orders"."kanban_rule" ("company_id");`);
    this.addSql(`create index "kanban_rule_pending" on "orders"."kanban_rule" ("company_id", "pending_at") where "pending_at" is not null;`);
    this.addSql(`create index "kanban_rule_company_id_item_id_index" on "orders"."kanban_rule" ("company_id", "item_id");`);
    this.addSql(`create index "kanban_rule_company_id_customer_id_index" on "orders"."kanban_rule" ("company_id", "customer_id");`);
    this.addSql(`alter table "orders"."kanban_rule" add constraint "kanban_rule_company_id_scan_code_unique" unique ("company_id", "scan_code");`);
    this.addSql(`alter table "orders"."kanban_rule" add constraint "kanban_rule_company_id_location_id_item_id_unique" unique ("company_id", "location_id", "item_id");`);

    this.addSql(`create table "orders"."location_copy" ("id" int not null, "company_id" int not null, "customer_id" int not null, "name" text not null, "inactive" boolean not null default false, "deleted" boolean not null default false, "delivery_days" jsonb not null, "delivery_isodow" jsonb not null, "schedule" jsonb not null, "slots" jsonb not null, "scheduled" boolean not null default false, "version" timestamptz(6) not null, constraint "location_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "location_copy_company_id_index" on "orders"."location_copy" ("company_id");`);

    this.addSql(`create table "orders"."purchase_order_event" ("id" serial primary key, "company_id" int not null, "order_id" int not null, "type" text not null, "text" text not null default '', "user_id" int null, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "purchase_order_event_company_id_index" on "orders"."purchase_order_event" ("company_id");`);
    this.addSql(`create index "purchase_order_event_order_id_id_index" on "orders"."purchase_order_event" ("order_id", "id");`);

    this.addSql(`create table "orders"."purchase_order_line" ("id" serial primary key, "company_id" int not null, "order_id" int not null, "pos" int not null, "rule_id" int null, "item_id" int not null, "catalog_id" int null, "catalog_name" text not null default '', "supplier_id" int null, "supplier_name" text not null default '', "sku" text not null, "name" text not null, "quantity" double precision not null, "unit" text not null default '', "item_unit" text not null default '', "quantity_per_order_unit" double precision not null default 1, "shipping" date not null, "status" text not null default 'open', "ext_status" smallint not null default 0, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "purchase_order_line_company_id_index" on "orders"."purchase_order_line" ("company_id");`);
    this.addSql(`create index "order_line_on_order" on "orders"."purchase_order_line" ("company_id", "rule_id") where "status" in ('open', 'confirmed');`);
    this.addSql(`create unique index "order_line_open_rule" on "orders"."purchase_order_line" ("rule_id") where "status" = 'open';`);
    this.addSql(`alter table "orders"."purchase_order_line" add constraint "purchase_order_line_order_id_pos_unique" unique ("order_id", "pos");`);

    this.addSql(`create table "orders"."outbox" ("id" uuid not null, "subject" text not null, "payload" jsonb not null, "created_at" timestamptz(6) not null, "claimed_until" timestamptz(6) null, "published_at" timestamptz(6) null, "attempts" int not null default 0, constraint "outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_pending_idx" on "orders"."outbox" ("published_at", "created_at");`);

    this.addSql(`create table "orders"."purchase_order" ("id" serial primary key, "company_id" int not null, "customer_id" int not null, "location_id" int not null, "supplier_id" int null, "customer_name" text not null default '', "location_name" text not null default '', "supplier_name" text not null default '', "order_date" date not null, "created_at" timestamptz(6) not null, "created_by" int null, "status" text not null default 'open', "source" text not null default 'requisition', "run_id" int null, "trigger" text null, "comment" text not null default '', "attachment" text null, "ext_status" smallint not null default 0, "po_status" smallint not null default 0, "notification_status" smallint not null default 0, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "purchase_order_company_id_index" on "orders"."purchase_order" ("company_id");`);
    this.addSql(`create index "purchase_order_company_id_location_id_created_at_index" on "orders"."purchase_order" ("company_id", "location_id", "created_at");`);
    this.addSql(`create index "purchase_order_company_id_customer_id_created_at_index" on "orders"."purchase_order" ("company_id", "customer_id", "created_at");`);
    this.addSql(`create index "purchase_order_company_id_created_at_index" on "orders"."purchase_order" ("company_id", "created_at");`);

    this.addSql(`create table "orders"."requisition_decision" ("id" bigserial primary key, "company_id" int not null, "run_id" int not null, "rule_id" int not null, "reason" text not null, "quantity" double precision not null, "stock" double precision not null, "threshold" double precision not null, "capacity" double precision not null, "on_order" double precision not null, "order_id" int null, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "requisition_decision_company_id_index" on "orders"."requisition_decision" ("company_id");`);
    this.addSql(`create index "requisition_decision_run_id_index" on "orders"."requisition_decision" ("run_id");`);
    this.addSql(`create index "requisition_decision_company_id_rule_id_id_index" on "orders"."requisition_decision" ("company_id", "rule_id", "id");`);

    this.addSql(`create table "orders"."requisition_run" ("id" serial primary key, "company_id" int not null, "trigger" text not null, "slot_key" text null, "rule_id" int null, "user_id" int null, "run_date" date not null, "started_at" timestamptz(6) not null, "finished_at" timestamptz(6) null, "evaluated" int not null default 0, "orders" int not null default 0, "lines" int not null default 0);`);
    this.addSql(`create index "requisition_run_company_id_index" on "orders"."requisition_run" ("company_id");`);
    this.addSql(`create index "requisition_run_company_id_id_index" on "orders"."requisition_run" ("company_id", "id");`);
    this.addSql(`alter table "orders"."requisition_run" add constraint "requisition_run_company_id_slot_key_unique" unique ("company_id", "slot_key");`);

    this.addSql(`create table "orders"."access_restriction" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "customer_id" int null, "location_id" int null, "supplier_id" int null);`);
    this.addSql(`create index "access_restriction_company_id_index" on "orders"."access_restriction" ("company_id");`);
    this.addSql(`create index "access_restriction_company_id_user_id_index" on "orders"."access_restriction" ("company_id", "user_id");`);

    this.addSql(`create table "orders"."stock_event" ("id" bigserial primary key, "company_id" int not null, "rule_id" int not null, "kind" text not null, "stock_before" double precision not null, "stock" double precision not null, "user_id" int null, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "stock_event_company_id_index" on "orders"."stock_event" ("company_id");`);
    this.addSql(`create index "stock_event_company_id_rule_id_id_index" on "orders"."stock_event" ("company_id", "rule_id", "id");`);

    this.addSql(`create table "orders"."supplier_copy" ("id" int not null, "company_id" int not null, "name" text not null, "active" boolean not null default true, "deleted" boolean not null default false, "version" timestamptz(6) not null, constraint "supplier_copy_pkey" primary key ("id"));`);
    this.addSql(`create index "supplier_copy_company_id_index" on "orders"."supplier_copy" ("company_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "orders"."catalog_copy" cascade;`);

    this.addSql(`drop table if exists "orders"."customer_copy" cascade;`);

    this.addSql(`drop table if exists "orders"."inbox" cascade;`);

    this.addSql(`drop table if exists "orders"."item_copy" cascade;`);

    this.addSql(`drop table if exists "orders"."kanban_rule" cascade;`);

    this.addSql(`drop table if exists "orders"."location_copy" cascade;`);

    this.addSql(`drop table if exists "orders"."purchase_order_event" cascade;`);

    this.addSql(`drop table if exists "orders"."purchase_order_line" cascade;`);

    this.addSql(`drop table if exists "orders"."outbox" cascade;`);

    this.addSql(`drop table if exists "orders"."purchase_order" cascade;`);

    this.addSql(`drop table if exists "orders"."requisition_decision" cascade;`);

    this.addSql(`drop table if exists "orders"."requisition_run" cascade;`);

    this.addSql(`drop table if exists "orders"."access_restriction" cascade;`);

    this.addSql(`drop table if exists "orders"."stock_event" cascade;`);

    this.addSql(`drop table if exists "orders"."supplier_copy" cascade;`);

    this.addSql(`drop schema if exists "orders";`);
  }

}
