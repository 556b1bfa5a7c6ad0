import { Migration } from '@mikro-orm/migrations';

/** The supplier API's acknowledgements (docs/supplier-api.md): the supplier's order number, the lines' external status. */
export class Migration20261127200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders"."purchase_order" add column "po_number" text null;`);
    this.addSql(`alter table "orders"."purchase_order_line" add column "ext_line_status" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."purchase_order" drop column "po_number";`);
    this.addSql(`alter table "orders"."purchase_order_line" drop column "ext_line_status";`);
  }

}
