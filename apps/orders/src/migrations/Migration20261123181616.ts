import { Migration } from '@mikro-orm/migrations';

export class Migration20261123181616 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders"."customer_copy" add column "use_request_workflow" boolean not null default false, add column "use_backorder" boolean not null default false, add column "backorder_type" text not null default 'days', add column "use_subscription" boolean not null default false, add column "automatic_restock_days" int not null default 0, add column "service_fee_item_id" int null, add column "time_tracking_item_id" int null;`);

    this.addSql(`alter table "orders"."item_copy" add column "subscription_interval" int not null default 0, add column "purchaseable" boolean not null default true, add column "instant_delivery" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."customer_copy" drop column "use_request_workflow", drop column "use_backorder", drop column "backorder_type", drop column "use_subscription", drop column "automatic_restock_days", drop column "service_fee_item_id", drop column "time_tracking_item_id";`);

    this.addSql(`alter table "orders"."item_copy" drop column "subscription_interval", drop column "purchaseable", drop column "instant_delivery";`);
  }

}
