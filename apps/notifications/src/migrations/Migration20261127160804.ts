import { Migration } from '@mikro-orm/migrations';

export class Migration20261127160804 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "notifications"."server" add column "tls_verify" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications"."server" drop column "tls_verify";`);
  }

}
