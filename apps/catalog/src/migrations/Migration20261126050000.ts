import { Migration } from '@mikro-orm/migrations';

/** Storages (racks) at locations (docs/storages.md). */
export class Migration20261126050000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."storage" ("id" serial primary key, "company_id" int not null, "customer_id" int not null, "location_id" int not null, "name" text not null, "description" text not null default '', "bin" text not null default '', "prefix" text not null default '', "format" text not null default '', "storage_type_id" int null, "rows" smallint not null default 1, "columns" smallint not null default 1, "layout" text not null default 'right', "tare" numeric(14,3) not null default 0, "min_value" numeric(14,3) not null default 0, "interval" int not null default 0, "sensor_id" int null, "unit" text not null default '', "sensor_values" text not null default '', "stocked_or_ordered" boolean not null default true, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "storage_company_id_index" on "catalog"."storage" ("company_id");`);
    this.addSql(`create index "storage_company_id_location_id_index" on "catalog"."storage" ("company_id", "location_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."storage" cascade;`);
  }

}
