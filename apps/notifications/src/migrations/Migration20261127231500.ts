import { Migration } from '@mikro-orm/migrations';

/**
 * Deliveries of events without an order (docs/notifications.md "Events without an order"): `subject` names the
 * journal entry or the sensor alarm a delivery is about (`j42`, `s3.offline.t1764230400000`), as its key does.
 */
export class Migration20261127231500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "notifications"."delivery" add column "subject" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications"."delivery" drop column "subject";`);
  }

}
