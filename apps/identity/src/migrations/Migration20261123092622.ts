import { Migration } from '@mikro-orm/migrations';

export class Migration20261123092622 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."user_image" ("id" serial primary key, "user_id" int not null, "key" text not null, "mime" text not null, "width" int not null, "height" int not null, "bytes" int not null, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "user_image_user_id_index" on "identity"."user_image" ("user_id");`);
    this.addSql(`alter table "identity"."user_image" add constraint "user_image_key_unique" unique ("key");`);

    this.addSql(`alter table "identity"."user" add constraint "user_image_id_foreign" foreign key ("image_id") references "identity"."user_image" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."user" drop constraint "user_image_id_foreign";`);

    this.addSql(`drop table if exists "identity"."user_image" cascade;`);
  }

}
