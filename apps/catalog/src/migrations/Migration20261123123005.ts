import { Migration } from '@mikro-orm/migrations';

export class Migration20261123123005 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."custom_field" ("id" serial primary key, "company_id" int not null, "entity" text not null, "key" text not null, "label" text not null, "type" text not null, "options" jsonb not null, "required" boolean not null default false, "sort" int not null default 0, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "custom_field_company_id_index" on "catalog"."custom_field" ("company_id");`);
    this.addSql(`alter table "catalog"."custom_field" add constraint "custom_field_company_id_entity_key_unique" unique ("company_id", "entity", "key");`);

    this.addSql(`create table "catalog"."custom_field_value" ("id" serial primary key, "company_id" int not null, "entity" text not null, "entity_id" int not null, "field_id" int not null, "value" jsonb not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "custom_field_value_company_id_index" on "catalog"."custom_field_value" ("company_id");`);
    this.addSql(`create index "custom_field_value_company_id_entity_entity_id_index" on "catalog"."custom_field_value" ("company_id", "entity", "entity_id");`);
    this.addSql(`alter table "catalog"."custom_field_value" add constraint "custom_field_value_field_id_entity_id_unique" unique ("field_id", "entity_id");`);

    this.addSql(`create table "catalog"."storage_type" ("id" serial primary key, "company_id" int not null, "name" text not null, "description" text not null default '', "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "storage_type_company_id_index" on "catalog"."storage_type" ("company_id");`);

    this.addSql(`create table "catalog"."unit" ("id" serial primary key, "company_id" int not null, "code" text not null, "name" text not null, "description" text not null default '', "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "unit_company_id_index" on "catalog"."unit" ("company_id");`);
    this.addSql(`alter table "catalog"."unit" add constraint "unit_company_id_code_unique" unique ("company_id", "code");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."custom_field" cascade;`);

    this.addSql(`drop table if exists "catalog"."custom_field_value" cascade;`);

    this.addSql(`drop table if exists "catalog"."storage_type" cascade;`);

    this.addSql(`drop table if exists "catalog"."unit" cascade;`);
  }

}
