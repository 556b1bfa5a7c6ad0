import { Migration } from '@mikro-orm/migrations';

export class Migration20261124032049 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders"."purchase_order_line" add column "delivered_at" timestamptz(6) null;`);

    // Backfill (docs/statistics.md "Service analysis"): a delivered line's time is that of the last S history event that
    // delivered it ("supply N: delivered line 1, 2 ..." as SuppliesConsumer and the demo seed word them; the event's time is
    // when the supply service recorded the change). Delivered lines without such an event stay null (not counted as dated).
    this.addSql(`update "orders"."purchase_order_line" l set "delivered_at" = d.at
      from (select e.company_id, e.order_id, trim(p.pos)::int as pos, max(e.created_at) as at
              from "orders"."purchase_order_event" e
              cross join lateral regexp_split_to_table(substring(e.text from 'delivered line ([0-9, ]+)'), ',') as p(pos)
             where e.type = 'S' and e.text like 'supply %: delivered line %' and trim(p.pos) ~ '^[0-9]+$'
             group by e.company_id, e.order_id, trim(p.pos)::int) d
     where l.company_id = d.company_id and l.order_id = d.order_id and l.pos = d.pos and l.status = 'delivered';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."purchase_order_line" drop column "delivered_at";`);
  }

}
