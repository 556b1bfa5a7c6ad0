import { Migration } from '@mikro-orm/migrations';

/**
 * Order responses (docs/notifications.md "Order responses"): `response_lease_until` lets one notifications process at
 * a time read a rule's answer files (several replicas would otherwise read the same file together).
 */
export class Migration20261127233500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "notifications"."notification_rule" add column "response_lease_until" timestamptz(6) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications"."notification_rule" drop column "response_lease_until";`);
  }

}
