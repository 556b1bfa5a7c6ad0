import { Migration } from '@mikro-orm/migrations';

/** The bins of racks (rule, sensor, calibration) and the rack's reading schedule (docs/storages.md). */
export class Migration20261127081500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."storage_bin" ("id" serial primary key, "company_id" int not null, "storage_id" int not null, "row" smallint not null, "column" smallint not null, "kanban_rule_id" int null, "sensor_id" int null, "measured" text null, "wanted" text null, "tare" numeric(14,3) null, "piece_weight" numeric(14,3) null, "empty_distance" numeric(14,3) null, "full_distance" numeric(14,3) null, "pieces_per_bin" numeric(14,3) null, "plausibility_min" numeric(14,3) null, "plausibility_max" numeric(14,3) null, "dead_time_seconds" int null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "storage_bin_company_id_index" on "catalog"."storage_bin" ("company_id");`);
    this.addSql(`create index "storage_bin_company_id_sensor_id_index" on "catalog"."storage_bin" ("company_id", "sensor_id");`);
    this.addSql(`alter table "catalog"."storage_bin" add constraint "storage_bin_storage_id_row_column_unique" unique ("storage_id", "row", "column");`);
    this.addSql(`alter table "catalog"."storage_bin" add constraint "storage_bin_company_id_kanban_rule_id_unique" unique ("company_id", "kanban_rule_id");`);
    this.addSql(`alter table "catalog"."storage" add column "schedule" jsonb not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."storage_bin" cascade;`);
    this.addSql(`alter table "catalog"."storage" drop column "schedule";`);
  }

}
