import { Migration } from '@mikro-orm/migrations';

export class Migration20261123123606 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."image" ("id" serial primary key, "company_id" int not null, "owner_field" text not null, "owner_id" int not null, "customer_id" int null, "location_id" int null, "storage_id" int null, "storage_location_id" int null, "supplier_id" int null, "item_id" int null, "blob_key" text not null, "width" int not null, "height" int not null, "content_type" text not null, "selected" boolean not null default false, "selected_label" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`create index "image_company_id_index" on "catalog"."image" ("company_id");`);
    this.addSql(`alter table "catalog"."image" add constraint "image_blob_key_unique" unique ("blob_key");`);
    this.addSql(`create unique index "image_one_selected_label" on "catalog"."image" ("company_id", "owner_field", "owner_id") where "selected_label";`);
    this.addSql(`create unique index "image_one_selected" on "catalog"."image" ("company_id", "owner_field", "owner_id") where "selected";`);
    this.addSql(`create index "image_company_id_owner_field_owner_id_index" on "catalog"."image" ("company_id", "owner_field", "owner_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."image" cascade;`);
  }

}
