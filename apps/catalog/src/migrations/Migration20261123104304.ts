import { Migration } from '@mikro-orm/migrations';

export class Migration20261123104304 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."supplier" ("id" serial primary key, "company_id" int not null, "name" text not null, "nr" text null, "ext_nr" text not null default '', "description" text not null default '', "street" text not null default '', "postal" text not null default '', "city" text not null default '', "state" text not null default '', "country_iso" text not null default '', "active" boolean not null default true, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "supplier_company_id_index" on "catalog"."supplier" ("company_id");`);
    this.addSql(`alter table "catalog"."supplier" add constraint "supplier_company_id_nr_unique" unique ("company_id", "nr");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."supplier" cascade;`);
  }

}
