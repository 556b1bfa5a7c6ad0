import { Migration } from '@mikro-orm/migrations';

/**
 * The daily aggregates go: a day is summed from its hours when read (`ReadingsRepository.history`), the hourly
 * aggregates being kept as long. Each stored batch upserted a row per sensor and day beside the one per sensor and
 * hour; that per-sensor work, not the work per reading, was what a batch of many sensors cost (docs/ingestion.md
 * "Benchmark").
 */
export class Migration20261127174000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop table if exists "ingest"."reading_daily";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `create table "ingest"."reading_daily" ("sensor_id" int not null, "bucket" date not null, "company_id" int not null, "count" int not null, "min_value" double precision not null, "max_value" double precision not null, "sum_value" double precision not null, "last_value" double precision not null, "last_at" timestamptz(3) not null, constraint "reading_daily_pkey" primary key ("sensor_id", "bucket"));`,
    );
    this.addSql(`create index "reading_daily_company_idx" on "ingest"."reading_daily" ("company_id", "bucket");`);
    this.addSql(
      `insert into "ingest"."reading_daily" (sensor_id, bucket, company_id, count, min_value, max_value, sum_value, last_value, last_at) select sensor_id, (bucket at time zone 'UTC')::date, min(company_id), sum(count), min(min_value), max(max_value), sum(sum_value), (array_agg(last_value order by last_at desc))[1], max(last_at) from "ingest"."reading_hourly" group by 1, 2;`,
    );
  }
}
