import { Migration } from '@mikro-orm/migrations';

/**
 * The readings (docs/sensors.md, "Storage of readings"): raw readings partitioned by month (the partitions
 * `reading_pYYYYMM` are made by the writer as months come, dropped after the retention), idempotent per sensor and
 * time (the primary key), and hourly and daily aggregates that are kept. Hand-written: the ORM cannot describe
 * partitioned tables (`ingestData.rawTables` keeps them out of the migration check).
 */
export class Migration20261127083000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ingest"."reading" ("company_id" int not null, "sensor_id" int not null, "read_at" timestamptz(3) not null, "value" double precision not null, "raw_value" double precision not null, "battery" smallint null, "signal" real null, "source" text not null, "received_at" timestamptz(3) not null default now(), constraint "reading_pkey" primary key ("sensor_id", "read_at")) partition by range ("read_at");`,
    );
    this.addSql(`create index "reading_company_read_at_idx" on "ingest"."reading" ("company_id", "read_at");`);
    for (const [table, bucket] of [
      ['reading_hourly', 'timestamptz(0)'],
      ['reading_daily', 'date'],
    ] as const) {
      this.addSql(
        `create table "ingest"."${table}" ("sensor_id" int not null, "bucket" ${bucket} not null, "company_id" int not null, "count" int not null, "min_value" double precision not null, "max_value" double precision not null, "sum_value" double precision not null, "last_value" double precision not null, "last_at" timestamptz(3) not null, constraint "${table}_pkey" primary key ("sensor_id", "bucket"));`,
      );
      this.addSql(`create index "${table}_company_idx" on "ingest"."${table}" ("company_id", "bucket");`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ingest"."reading_daily";`);
    this.addSql(`drop table if exists "ingest"."reading_hourly";`);
    this.addSql(`drop table if exists "ingest"."reading" cascade;`);
  }
}
