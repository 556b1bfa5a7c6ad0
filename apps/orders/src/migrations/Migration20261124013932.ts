import { Migration } from '@mikro-orm/migrations';

export class Migration20261124013932 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "orders"."purchase_order_image" ("id" serial primary key, "company_id" int not null, "order_id" int not null, "blob_key" text not null, "mime" text not null, "width" int not null, "height" int not null, "size" int not null, "created_at" timestamptz(6) not null, "created_by" int null);`);
    this.addSql(`create index "purchase_order_image_company_id_order_id_id_index" on "orders"."purchase_order_image" ("company_id", "order_id", "id");`);

    this.addSql(`alter table "orders"."purchase_order" add column "attachment_name" text null, add column "attachment_mime" text null, add column "attachment_size" int null, add column "attachment_uploaded_at" timestamptz(6) null, add column "attachment_uploaded_by" int null;`);
    this.addSql(`alter table "orders"."purchase_order" rename column "attachment" to "attachment_key";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "orders"."purchase_order_image" cascade;`);

    this.addSql(`alter table "orders"."purchase_order" drop column "attachment_name", drop column "attachment_mime", drop column "attachment_size", drop column "attachment_uploaded_at", drop column "attachment_uploaded_by";`);

    this.addSql(`alter table "orders"."purchase_order" rename column "attachment_key" to "attachment";`);
  }

}
