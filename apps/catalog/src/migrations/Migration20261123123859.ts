import { Migration } from '@mikro-orm/migrations';

export class Migration20261123123859 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."change_log" ("id" bigserial primary key, "company_id" int not null, "entity_kind" text not null, "entity_id" int not null, "customer_id" int null, "supplier_id" int null, "action" char(1) not null, "field" text null, "old_value" text null, "new_value" text null, "user_id" int not null, "at" timestamptz(6) not null);`);
    this.addSql(`create index "change_log_company_id_index" on "catalog"."change_log" ("company_id");`);
    this.addSql(`create index "change_log_company_id_supplier_id_at_index" on "catalog"."change_log" ("company_id", "supplier_id", "at");`);
    this.addSql(`create index "change_log_company_id_customer_id_at_index" on "catalog"."change_log" ("company_id", "customer_id", "at");`);

    this.addSql(`create table "catalog"."contact_rule_recipient" ("id" serial primary key, "company_id" int not null, "rule_id" int not null, "rule_name" text not null default '', "contact_id" int not null, "customer_id" int null, "supplier_id" int null);`);
    this.addSql(`create index "contact_rule_recipient_company_id_index" on "catalog"."contact_rule_recipient" ("company_id");`);
    this.addSql(`create index "contact_rule_recipient_contact_id_index" on "catalog"."contact_rule_recipient" ("contact_id");`);

    this.addSql(`create table "catalog"."contact" ("id" serial primary key, "company_id" int not null, "customer_id" int null, "supplier_id" int null, "first_name" text not null default '', "name" text not null, "gender" text not null default '', "job_title" text not null default '', "email" text not null default '', "tel_mobile" text not null default '', "tel_office" text not null default '', "salutation_line" text not null default '', "ext_system_id" text not null default '', "main" boolean not null default false, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "contact_company_id_index" on "catalog"."contact" ("company_id");`);
    this.addSql(`create index "contact_customer_id_index" on "catalog"."contact" ("customer_id");`);
    this.addSql(`create index "contact_supplier_id_index" on "catalog"."contact" ("supplier_id");`);
    this.addSql(`create unique index "contact_one_main_per_supplier" on "catalog"."contact" ("supplier_id") where "main";`);
    this.addSql(`create unique index "contact_one_main_per_customer" on "catalog"."contact" ("customer_id") where "main";`);

    this.addSql(`alter table "catalog"."contact" add constraint "contact_customer_id_foreign" foreign key ("customer_id") references "catalog"."customer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "catalog"."contact" add constraint "contact_supplier_id_foreign" foreign key ("supplier_id") references "catalog"."supplier" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."change_log" cascade;`);

    this.addSql(`drop table if exists "catalog"."contact_rule_recipient" cascade;`);

    this.addSql(`drop table if exists "catalog"."contact" cascade;`);
  }

}
