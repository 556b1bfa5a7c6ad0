import { Migration } from '@mikro-orm/migrations';

/** The bin's noise band kept with a rule's sensor state for settling held readings; 0.5 is the band every bin had before. */
export class Migration20261128063319 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders"."rule_sensor" add column "noise_band" double precision not null default 0.5;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."rule_sensor" drop column "noise_band";`);
  }

}
