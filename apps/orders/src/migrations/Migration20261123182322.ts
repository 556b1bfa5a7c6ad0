import { Migration } from '@mikro-orm/migrations';

export class Migration20261123182322 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "orders"."journal_entry" ("id" bigserial primary key, "company_id" int not null, "code" int not null, "message" text not null, "run_id" int null, "rule_id" int null, "order_id" int null, "customer_id" int null, "location_id" int null, "created_at" timestamptz(6) not null, "acknowledged_at" timestamptz(6) null, "acknowledged_by" int null);`);
    this.addSql(`create index "journal_entry_company_id_index" on "orders"."journal_entry" ("company_id");`);
    this.addSql(`create index "journal_entry_unacknowledged" on "orders"."journal_entry" ("company_id", "id") where "acknowledged_at" is null;`);
    this.addSql(`create index "journal_entry_company_id_id_index" on "orders"."journal_entry" ("company_id", "id");`);

    this.addSql(`create table "orders"."line_backorder" ("line_id" int not null, "company_id" int not null, "order_id" int not null, "pos" int not null, "rule_id" int null, "item_id" int not null, "customer_id" int not null, "location_id" int null, "quantity" double precision not null, "since" date not null, "state" text not null default 'open', "run_id" int null, "updated_at" timestamptz(6) not null, constraint "line_backorder_pkey" primary key ("line_id"));`);
    this.addSql(`create index "line_backorder_company_id_index" on "orders"."line_backorder" ("company_id");`);
    this.addSql(`create index "line_backorder_open" on "orders"."line_backorder" ("company_id", "rule_id") where "quantity" > 0;`);

    this.addSql(`create table "orders"."subscription_copy" ("location_id" int not null, "item_id" int not null, "company_id" int not null, "active" boolean not null default true, "last_ordered_on" date null, "last_run_id" int null, "last_order_id" int null, "version" timestamptz(6) not null, constraint "subscription_copy_pkey" primary key ("location_id", "item_id"));`);
    this.addSql(`create index "subscription_copy_company_id_index" on "orders"."subscription_copy" ("company_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "orders"."journal_entry" cascade;`);

    this.addSql(`drop table if exists "orders"."line_backorder" cascade;`);

    this.addSql(`drop table if exists "orders"."subscription_copy" cascade;`);
  }

}
