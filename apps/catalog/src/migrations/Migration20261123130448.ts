import { Migration } from '@mikro-orm/migrations';

export class Migration20261123130448 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."item_subscription" ("id" serial primary key, "company_id" int not null, "location_id" int not null, "item_id" int not null, "active" boolean not null default true, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "item_subscription_company_id_index" on "catalog"."item_subscription" ("company_id");`);
    this.addSql(`alter table "catalog"."item_subscription" add constraint "item_subscription_location_id_item_id_unique" unique ("location_id", "item_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."item_subscription" cascade;`);
  }

}
