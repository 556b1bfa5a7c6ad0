import { Migration } from '@mikro-orm/migrations';

/**
 * Answer mails (docs/notifications.md "Order responses"): an e-mail rule with fetch_response reads its answers from
 * the mailbox of an IMAP server, `response_server_id`.
 */
export class Migration20261128000500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "notifications"."notification_rule" add column "response_server_id" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications"."notification_rule" drop column "response_server_id";`);
  }

}
