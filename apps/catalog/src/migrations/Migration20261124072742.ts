import { Migration } from '@mikro-orm/migrations';

export class Migration20261124072742 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "inbox_processed_at_idx" on "catalog"."inbox" ("processed_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "catalog"."inbox_processed_at_idx";`);
  }

}
