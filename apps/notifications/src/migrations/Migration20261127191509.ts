import { Migration } from '@mikro-orm/migrations';

export class Migration20261127191509 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "notifications"."notification_rule" ("id" serial primary key, "company_id" int not null, "customer_id" int null, "location_id" int null, "supplier_id" int null, "name" text not null, "type" text not null, "active" boolean not null default true, "event" text not null, "email_from" text not null default '', "email_from_name" text not null default '', "email_to" text not null default '', "email_to_name" text not null default '', "subject" text not null default '', "email_template_id" int null, "attachment_template_id" int null, "attachment_name" text not null default '', "delivery_note_pdf" boolean not null default false, "server_id" int null, "path" text not null default '', "fetch_response" boolean not null default false, "response_path" text not null default '', "response_expressions" jsonb not null default '[]', "only_daily" boolean not null default false, "daily_hour" smallint not null default 7, "all_locations" boolean not null default false, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "notification_rule_company_id_index" on "notifications"."notification_rule" ("company_id");`);
    this.addSql(`create index "notification_rule_company_id_event_index" on "notifications"."notification_rule" ("company_id", "event");`);
    this.addSql(`create index "notification_rule_company_id_supplier_id_index" on "notifications"."notification_rule" ("company_id", "supplier_id");`);
    this.addSql(`create index "notification_rule_company_id_customer_id_location_id_index" on "notifications"."notification_rule" ("company_id", "customer_id", "location_id");`);

    this.addSql(`create table "notifications"."notification_recipient" ("id" serial primary key, "company_id" int not null, "rule_id" int not null, "kind" text not null, "contact_id" int null, "user_id" int null, "email" text not null default '', "name" text not null default '', "cc" boolean not null default false);`);
    this.addSql(`create index "notification_recipient_company_id_index" on "notifications"."notification_recipient" ("company_id");`);
    this.addSql(`create index "notification_recipient_rule_id_index" on "notifications"."notification_recipient" ("rule_id");`);
    this.addSql(`create index "notification_recipient_contact_id_index" on "notifications"."notification_recipient" ("contact_id");`);

    this.addSql(`alter table "notifications"."notification_recipient" add constraint "notification_recipient_rule_id_foreign" foreign key ("rule_id") references "notifications"."notification_rule" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notifications"."notification_recipient" drop constraint "notification_recipient_rule_id_foreign";`);

    this.addSql(`drop table if exists "notifications"."notification_rule" cascade;`);

    this.addSql(`drop table if exists "notifications"."notification_recipient" cascade;`);
  }

}
