import { Migration } from '@mikro-orm/migrations';

export class Migration20261124072738 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "inbox_processed_at_idx" on "identity"."inbox" ("processed_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "identity"."inbox_processed_at_idx";`);
  }

}
