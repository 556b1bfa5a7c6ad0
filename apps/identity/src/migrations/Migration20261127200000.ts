import { Migration } from '@mikro-orm/migrations';

/** Suppliers' API clients (docs/supplier-api.md). */
export class Migration20261127200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity"."api_client" ("id" serial primary key, "company_id" int not null, "supplier_id" int not null, "name" text not null, "client_id" text not null, "secret_hash" text not null, "created_by" int null, "created_at" timestamptz(6) not null, "last_used_at" timestamptz(6) null, "revoked_at" timestamptz(6) null);`);
    this.addSql(`create index "api_client_company_id_index" on "identity"."api_client" ("company_id");`);
    this.addSql(`create index "api_client_company_id_supplier_id_index" on "identity"."api_client" ("company_id", "supplier_id");`);
    this.addSql(`alter table "identity"."api_client" add constraint "api_client_client_id_unique" unique ("client_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity"."api_client" cascade;`);
  }

}
