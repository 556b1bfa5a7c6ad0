import { Migration } from '@mikro-orm/migrations';

/** The outbox keeps its payload as written: json, not jsonb (libs/messaging outbox.entity.ts). */
export class Migration20261124034500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "identity"."outbox" alter column "payload" type json using "payload"::json;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."outbox" alter column "payload" type jsonb using "payload"::jsonb;`);
  }

}
