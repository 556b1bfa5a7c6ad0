import { Migration } from '@mikro-orm/migrations';

/** The sensors' raised alarms (docs/sensors.md "Alarms"): when the check raised the offline and the low-battery alarm. */
export class Migration20261127124500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "catalog"."sensor" add column "offline_since" timestamptz(6) null, add column "battery_low_since" timestamptz(6) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog"."sensor" drop column "offline_since", drop column "battery_low_since";`);
  }

}
