import { Migration } from '@mikro-orm/migrations';

/** A bin's newest reading and its fault (docs/storages.md "Readings become stock"): negative or implausible, for the plan. */
export class Migration20261127121000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "catalog"."storage_bin" add column "last_fault" text null, add column "last_fault_at" timestamptz(6) null, add column "last_fault_value" numeric(14,3) null, add column "last_reading_at" timestamptz(6) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog"."storage_bin" drop column "last_fault", drop column "last_fault_at", drop column "last_fault_value", drop column "last_reading_at";`);
  }

}
