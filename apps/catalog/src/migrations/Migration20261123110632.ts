import { Migration } from '@mikro-orm/migrations';

export class Migration20261123110632 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."access_restriction" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "customer_id" int null, "location_id" int null, "supplier_id" int null);`);
    this.addSql(`create index "access_restriction_company_id_index" on "catalog"."access_restriction" ("company_id");`);
    this.addSql(`create index "access_restriction_company_id_user_id_index" on "catalog"."access_restriction" ("company_id", "user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."access_restriction" cascade;`);
  }

}
