import { Migration } from '@mikro-orm/migrations';

/** Label printing (docs/label-printing.md): the companies' label templates and the customers' print settings. */
export class Migration20261128030000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "catalog"."label_template" ("id" serial primary key, "company_id" int not null, "name" text not null, "description" text not null default '', "type" text not null, "width" numeric(9,3) not null, "height" numeric(9,3) not null, "template" text not null, "form_inputs" jsonb not null, "builtin_key" text null, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "label_template_company_id_index" on "catalog"."label_template" ("company_id");`);
    this.addSql(`alter table "catalog"."label_template" add constraint "label_template_company_id_name_unique" unique ("company_id", "name");`);
    this.addSql(`alter table "catalog"."label_template" add constraint "label_template_company_id_builtin_key_unique" unique ("company_id", "builtin_key");`);

    this.addSql(`create table "catalog"."print_settings" ("id" serial primary key, "company_id" int not null, "customer_id" int not null, "template_id" int not null, "paper" text not null, "columns" int null, "rows" int null, "margin_top" numeric(9,3) not null default 0, "margin_left" numeric(9,3) not null default 0, "gap_x" numeric(9,3) not null default 0, "gap_y" numeric(9,3) not null default 0, "offset_x" numeric(9,3) not null default 0, "offset_y" numeric(9,3) not null default 0, "start_position" int not null default 1, "output" text not null, "zpl_dpi" int not null, "copies_mode" text not null, "copies" int not null default 1, "dpi" int not null default 200, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "print_settings_company_id_index" on "catalog"."print_settings" ("company_id");`);
    this.addSql(`alter table "catalog"."print_settings" add constraint "print_settings_company_id_customer_id_template_id_unique" unique ("company_id", "customer_id", "template_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog"."print_settings" cascade;`);
    this.addSql(`drop table if exists "catalog"."label_template" cascade;`);
  }

}
