import { Migration } from '@mikro-orm/migrations';

/**
 * The supplier feed (docs/supplier-api.md): a change sequence number per supply (existing supplies numbered in the
 * order they were created), the supplier's order number and acknowledgement, the lines' external status.
 */
export class Migration20261127200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create sequence if not exists "supply"."supply_change_seq";`);
    this.addSql(`alter table "supply"."supply" add column "change_seq" bigint null, add column "po_number" text null, add column "acknowledged_at" timestamptz(6) null;`);
    this.addSql(`update "supply"."supply" s set "change_seq" = n.seq from (select id, nextval('supply.supply_change_seq') as seq from (select id from "supply"."supply" order by updated_at, id) o) n where n.id = s.id;`);
    this.addSql(`alter table "supply"."supply" alter column "change_seq" set not null;`);
    this.addSql(`create index "supply_company_id_supplier_id_change_seq_index" on "supply"."supply" ("company_id", "supplier_id", "change_seq");`);
    this.addSql(`alter table "supply"."supply_line" add column "ext_line_status" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "supply"."supply_company_id_supplier_id_change_seq_index";`);
    this.addSql(`alter table "supply"."supply" drop column "change_seq", drop column "po_number", drop column "acknowledged_at";`);
    this.addSql(`alter table "supply"."supply_line" drop column "ext_line_status";`);
    this.addSql(`drop sequence if exists "supply"."supply_change_seq";`);
  }

}
