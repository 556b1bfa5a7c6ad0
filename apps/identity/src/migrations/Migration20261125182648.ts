import { Migration } from '@mikro-orm/migrations';

export class Migration20261125182648 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "identity"."refresh_token" add column "successor_id" uuid null, add column "family_started_at" timestamptz(6) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."refresh_token" drop column "successor_id", drop column "family_started_at";`);
  }

}
