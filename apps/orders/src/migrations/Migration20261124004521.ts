import { Migration } from '@mikro-orm/migrations';

export class Migration20261124004521 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "orders"."order_queue" ("id" serial primary key, "company_id" int not null, "order_id" int not null, "customer_id" int not null, "location_id" int not null, "supplier_id" int null, "user_id" int null, "state" text not null default 'waiting', "error_code" int null, "error_message" text null, "attempts" int not null default 1, "queued_at" timestamptz(6) not null, "transmitted_at" timestamptz(6) null, "created_at" timestamptz(6) not null, "updated_at" timestamptz(6) not null);`);
    this.addSql(`create index "order_queue_company_id_index" on "orders"."order_queue" ("company_id");`);
    this.addSql(`create index "order_queue_waiting" on "orders"."order_queue" ("queued_at") where "state" = 'waiting';`);
    this.addSql(`create index "order_queue_company_id_state_created_at_index" on "orders"."order_queue" ("company_id", "state", "created_at");`);
    this.addSql(`alter table "orders"."order_queue" add constraint "order_queue_order_id_unique" unique ("order_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "orders"."order_queue" cascade;`);
  }

}
