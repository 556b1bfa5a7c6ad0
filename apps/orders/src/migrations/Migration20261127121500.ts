import { Migration } from '@mikro-orm/migrations';

/** The sensor state of a rule (docs/storages.md "Readings become stock"): newest reading, applied level, held movement. */
export class Migration20261127121500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "orders"."rule_sensor" ("company_id" int not null, "rule_id" int not null, "sensor_id" int not null, "read_at" timestamptz(6) not null, "level" double precision not null, "moved_at" timestamptz(6) null, "held" double precision null, "held_at" timestamptz(6) null, "dead_time_seconds" int not null default 0, "distance" boolean not null default false, constraint "rule_sensor_pkey" primary key ("company_id", "rule_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "orders"."rule_sensor" cascade;`);
  }

}
