import { Migration } from '@mikro-orm/migrations';

/** A bin's own noise band (docs/storages.md "Noise band"); null keeps the sensor type's default. */
export class Migration20261128063305 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "catalog"."storage_bin" add column "noise_band" numeric(14,3) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog"."storage_bin" drop column "noise_band";`);
  }

}
