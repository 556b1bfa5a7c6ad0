import { Migration } from '@mikro-orm/migrations';

export class Migration20261127163314 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "notifications"."email_template" ("id" serial primary key, "company_id" int not null, "name" text not null, "header" text not null default '', "body" text not null default '', "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "email_template_company_id_index" on "notifications"."email_template" ("company_id");`);
    this.addSql(`alter table "notifications"."email_template" add constraint "email_template_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(`create table "notifications"."file_template" ("id" serial primary key, "company_id" int not null, "name" text not null, "header" text not null default '', "body" text not null default '', "encoding" text not null default 'UTF-8', "linebreak" text not null default 'CRLF', "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "file_template_company_id_index" on "notifications"."file_template" ("company_id");`);
    this.addSql(`alter table "notifications"."file_template" add constraint "file_template_company_id_name_unique" unique ("company_id", "name");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications"."email_template" cascade;`);

    this.addSql(`drop table if exists "notifications"."file_template" cascade;`);
  }

}
