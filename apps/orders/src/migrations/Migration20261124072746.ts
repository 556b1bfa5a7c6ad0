import { Migration } from '@mikro-orm/migrations';

export class Migration20261124072746 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "inbox_processed_at_idx" on "orders"."inbox" ("processed_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "orders"."inbox_processed_at_idx";`);
  }

}
