import { Migration } from '@mikro-orm/migrations';

/**
 * The raw readings lose their index on (company, time): no query of the product reads them by company (the history
 * reads a sensor's readings by the primary key (sensor, time), the retention drops whole partitions), and keeping it
 * cost every stored reading a second index entry (bench:ingest, docs/ingestion.md).
 */
export class Migration20261127160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "ingest"."reading_company_read_at_idx";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index if not exists "reading_company_read_at_idx" on "ingest"."reading" ("company_id", "read_at");`);
  }
}
