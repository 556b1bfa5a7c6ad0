import { Migration } from '@mikro-orm/migrations';

export class Migration20261123052520 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create schema if not exists "identity";`);
    this.addSql(`create table "identity"."access_restriction" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "customer_id" int null, "location_id" int null, "supplier_id" int null, "created_at" timestamptz(6) not null, constraint access_restriction_one_target check (num_nonnulls(customer_id, location_id, supplier_id) = 1));`);
    this.addSql(`create index "access_restriction_company_id_index" on "identity"."access_restriction" ("company_id");`);
    this.addSql(`create index "access_restriction_company_id_user_id_index" on "identity"."access_restriction" ("company_id", "user_id");`);
    this.addSql(`alter table "identity"."access_restriction" add constraint "access_restriction_company_id_user_id_customer_id_29fcd_unique" unique ("company_id", "user_id", "customer_id", "location_id", "supplier_id");`);

    this.addSql(`create table "identity"."action_token" ("id" uuid not null, "user_id" int not null, "kind" text not null, "secret_hash" text not null, "expires_at" timestamptz(6) not null, "used_at" timestamptz(6) null, "created_at" timestamptz(6) not null, constraint "action_token_pkey" primary key ("id"));`);
    this.addSql(`create index "action_token_user_id_kind_index" on "identity"."action_token" ("user_id", "kind");`);

    this.addSql(`create table "identity"."company" ("id" serial primary key, "name" text not null, "nr" text not null default '', "extended" text not null default '', "street" text not null default '', "postal" text not null default '', "city" text not null default '', "state" text not null default '', "country_iso" text not null default 'DE', "timezone" text not null default 'Europe/Berlin', "max_users" int not null default 25, "max_customers" int not null default 100, "max_suppliers" int not null default 50, "max_readonly" int not null default 25, "max_app_users" int not null default 25, "created_at" timestamptz(6) not null);`);

    this.addSql(`create table "identity"."inbox" ("consumer" text not null, "event_id" uuid not null, "processed_at" timestamptz(6) not null, constraint "inbox_pkey" primary key ("consumer", "event_id"));`);

    this.addSql(`create table "identity"."outbox" ("id" uuid not null, "subject" text not null, "payload" jsonb not null, "created_at" timestamptz(6) not null, "claimed_until" timestamptz(6) null, "published_at" timestamptz(6) null, "attempts" int not null default 0, constraint "outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "outbox_pending_idx" on "identity"."outbox" ("published_at", "created_at");`);

    this.addSql(`create table "identity"."refresh_token" ("id" uuid not null, "family_id" uuid not null, "user_id" int not null, "secret_hash" text not null, "client_kind" text not null, "expires_at" timestamptz(6) not null, "used_at" timestamptz(6) null, "revoked_at" timestamptz(6) null, "created_at" timestamptz(6) not null, constraint "refresh_token_pkey" primary key ("id"));`);
    this.addSql(`create index "refresh_token_user_id_index" on "identity"."refresh_token" ("user_id");`);
    this.addSql(`create index "refresh_token_family_id_index" on "identity"."refresh_token" ("family_id");`);

    this.addSql(`create table "identity"."support_request" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "subject" text not null, "message" text not null, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "support_request_company_id_index" on "identity"."support_request" ("company_id");`);

    this.addSql(`create table "identity"."user" ("id" serial primary key, "email" text not null, "password_hash" text null, "first_name" text not null default '', "last_name" text not null default '', "initials" text not null default '', "job_title" text not null default '', "salutation" text not null default '', "pref_language" text not null default 'en', "operator" boolean not null default false, "email_confirmed_at" timestamptz(6) null, "failed_logins" int not null default 0, "locked_at" timestamptz(6) null, "image_id" int null, "data" jsonb not null, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`alter table "identity"."user" add constraint "user_email_unique" unique ("email");`);

    this.addSql(`create table "identity"."membership" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "role" smallint not null, "app" boolean not null default false, "created_at" timestamptz(6) not null);`);
    this.addSql(`create index "membership_company_id_index" on "identity"."membership" ("company_id");`);
    this.addSql(`alter table "identity"."membership" add constraint "membership_company_id_user_id_unique" unique ("company_id", "user_id");`);

    this.addSql(`alter table "identity"."membership" add constraint "membership_user_id_foreign" foreign key ("user_id") references "identity"."user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "identity"."membership" drop constraint "membership_user_id_foreign";`);

    this.addSql(`drop table if exists "identity"."access_restriction" cascade;`);

    this.addSql(`drop table if exists "identity"."action_token" cascade;`);

    this.addSql(`drop table if exists "identity"."company" cascade;`);

    this.addSql(`drop table if exists "identity"."inbox" cascade;`);

    this.addSql(`drop table if exists "identity"."outbox" cascade;`);

    this.addSql(`drop table if exists "identity"."refresh_token" cascade;`);

    this.addSql(`drop table if exists "identity"."support_request" cascade;`);

    this.addSql(`drop table if exists "identity"."user" cascade;`);

    this.addSql(`drop table if exists "identity"."membership" cascade;`);

    this.addSql(`drop schema if exists "identity";`);
  }

}
