import { Migration } from '@mikro-orm/migrations';

/**
 * The ordering flags of locations and customers in the read model (docs/ordering-flags.md): deltakanban (on unless
 * the catalog says otherwise, as the catalog's locations since its Migration20261127081300), adhoc, the location's
 * service fee, and the customer's show_stock_in_app. Copies older than this get them with the next event or snapshot.
 */
export class Migration20261127081400 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders"."location_copy" add column "deltakanban" boolean not null default true, add column "adhoc" boolean not null default false, add column "service_fee_item_id" int null, add column "service_fee_quantity" double precision not null default 0;`);
    this.addSql(`alter table "orders"."customer_copy" add column "show_stock_in_app" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."location_copy" drop column "deltakanban", drop column "adhoc", drop column "service_fee_item_id", drop column "service_fee_quantity";`);
    this.addSql(`alter table "orders"."customer_copy" drop column "show_stock_in_app";`);
  }

}
