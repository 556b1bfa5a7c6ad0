import { Migration } from '@mikro-orm/migrations';

/** Sensors of a company and its device keys (docs/sensors.md). */
export class Migration20261127081345 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."sensor" ("id" serial primary key, "company_id" int not null, "name" text not null, "external_id" text not null, "type" text not null, "unit" text not null, "version" text not null default '', "interval_minutes" int not null default 15, "active" boolean not null default true, "battery" smallint null, "signal" smallint null, "last_seen_at" timestamptz(6) null, "last_value" numeric(18,3) null, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "sensor_company_id_index" on "catalog"."sensor" ("company_id");`);
    this.addSql(`create index "sensor_company_id_name_index" on "catalog"."sensor" ("company_id", "name");`);
    this.addSql(`alter table "catalog"."sensor" add constraint "sensor_company_id_external_id_unique" unique ("company_id", "external_id");`);
    this.addSql(`create table "catalog"."device_key" ("id" serial primary key, "company_id" int not null, "key_id" text not null, "secret_hash" text not null, "created_at" timestamptz(6) not null, "last_used_at" timestamptz(6) null, "expires_at" timestamptz(6) null);`);
    this.addSql(`alter table "catalog"."device_key" add constraint "device_key_key_id_unique" unique ("key_id");`);
    this.addSql(`create index "device_key_company_id_index" on "catalog"."device_key" ("company_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."device_key" cascade;`);
    this.addSql(`drop table if exists "catalog"."sensor" cascade;`);
  }

}
