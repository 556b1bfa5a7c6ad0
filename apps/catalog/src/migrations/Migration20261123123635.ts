import { Migration } from '@mikro-orm/migrations';

export class Migration20261123123635 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."location" ("id" serial primary key, "company_id" int not null, "customer_id" int not null, "name" text not null, "nr" text null, "extended_name" text not null default '', "description" text not null default '', "street" text not null default '', "postal" text not null default '', "city" text not null default '', "state" text not null default '', "country_iso" text not null default '', "geo_lat" double precision null, "geo_long" double precision null, "cost_center" text not null default '', "building" text not null default '', "room" text not null default '', "plant" text not null default '', "site_code" text not null default '', "recipient" text not null default '', "trolley_number" text not null default '', "r3_plant" text not null default '', "account_assignment_number" text not null default '', "account_assignment_type" text not null default '', "ext_system_id" text not null default '', "sort" int not null default 0, "delivery_days" jsonb not null default '[]', "service_fee_quantity" numeric(12,2) not null default 0, "service_fee_item_id" int null, "deltakanban" boolean not null default false, "adhoc" boolean not null default false, "take_picture" smallint not null default 0, "inactive_at" timestamptz(6) null, "schedule" jsonb not null default '{}', "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "location_company_id_index" on "catalog"."location" ("company_id");`);
    this.addSql(`create index "location_company_id_customer_id_index" on "catalog"."location" ("company_id", "customer_id");`);
    this.addSql(`alter table "catalog"."location" add constraint "location_customer_id_nr_unique" unique ("customer_id", "nr");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."location" cascade;`);
  }

}
