import { Migration } from '@mikro-orm/migrations';

export class Migration20261126044500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders"."journal_entry" add column "message_key" text null, add column "params" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."journal_entry" drop column "message_key", drop column "params";`);
  }

}
