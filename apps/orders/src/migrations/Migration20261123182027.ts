import { Migration } from '@mikro-orm/migrations';

export class Migration20261123182027 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "orders"."supply_state" ("id" int not null, "company_id" int not null, "order_id" int not null, "version" int not null, "updated_at" timestamptz(6) not null, constraint "supply_state_pkey" primary key ("id"));`);
    this.addSql(`create index "supply_state_company_id_index" on "orders"."supply_state" ("company_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "orders"."supply_state" cascade;`);
  }

}
