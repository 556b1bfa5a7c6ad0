import { Migration } from '@mikro-orm/migrations';

/**
 * Order history events get a message code and its parameters (docs/replenishment.md "Order history"). Existing
 * events are converted where their English text has one of the known forms (best effort, in SQL): the rest keep
 * code null and show their text. The patterns avoid semicolons and question marks (the embedded driver splits a
 * text on semicolons, the query layer takes question marks for parameters): \x3b is a semicolon, {0,1} optional.
 */
export class Migration20261124032231 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "orders"."purchase_order_event" add column "code" text null, add column "params" jsonb null;`);

    const convert = (code: string, pattern: string, params: string) =>
      this.addSql(`update "orders"."purchase_order_event" e set code = '${code}', params = ${params}
        from (select id, regexp_match(text, '${pattern}') as m from "orders"."purchase_order_event" where code is null) x
       where e.id = x.id and x.m is not null`);
    const exact = (code: string, text: string, params = `'{}'::jsonb`) =>
      this.addSql(`update "orders"."purchase_order_event" set code = '${code}', params = ${params} where code is null and text = '${text}'`);

    convert('requisition_run', String.raw`^requisition run (\d+) \((schedule|stock|execute)\)$`, `jsonb_build_object('run_id', x.m[1]::int, 'trigger', x.m[2])`);
    convert('subscription_run', String.raw`^subscription: requisition run (\d+)$`, `jsonb_build_object('run_id', x.m[1]::int)`);
    convert(
      'backorder_reordered',
      String.raw`^backorder: line (\d+) not delivered 7 days after its shipping day, cancelled and ordered anew( \(requisition run (\d+)\)){0,1}$`,
      `jsonb_build_object('pos', x.m[1]::int, 'run_id', x.m[3]::int,
         'shipping', (select l.shipping from "orders"."purchase_order_line" l where l.order_id = e.order_id and l.pos = x.m[1]::int))`,
    );
    exact('manual_order', 'ordered by hand');
    exact('manual_request', 'ordered by hand, waiting for approval');
    exact('status_ok', 'status updated to OK');
    exact('request_confirmed', 'request confirmed');
    exact('request_rejected', 'request rejected', `jsonb_build_object('reason', null)`);
    convert('request_rejected', String.raw`^request rejected: (.+)$`, `jsonb_build_object('reason', x.m[1])`);
    convert('attachment_added', String.raw`^attachment added: (.*) \(replaces (.*)\)$`, `jsonb_build_object('name', x.m[1], 'replaced', x.m[2])`);
    convert('attachment_added', String.raw`^attachment added: (.*)$`, `jsonb_build_object('name', x.m[1], 'replaced', null)`);
    convert('attachment_removed', String.raw`^attachment removed: (.*)$`, `jsonb_build_object('name', x.m[1])`);
    convert('picture_added', String.raw`^picture added \((\d+)\)$`, `jsonb_build_object('image_id', x.m[1]::int)`);
    convert('picture_removed', String.raw`^picture removed \((\d+)\)$`, `jsonb_build_object('image_id', x.m[1]::int)`);
    convert('queue_requeued', String.raw`^requeued in the order queue \(attempt (\d+)\)$`, `jsonb_build_object('attempt', x.m[1]::int)`);
    exact('queue_removed', 'taken out of the order queue');
    convert('supply_created', String.raw`^supply (\d+) created for the supplier$`, `jsonb_build_object('supply_id', x.m[1]::int)`);
    convert(
      'supply_repeated',
      String.raw`^supply (\d+): the order arrived again \(sent from the order queue\), nothing created twice$`,
      `jsonb_build_object('supply_id', x.m[1]::int)`,
    );
    // "supply 7: delivered line 1, 2\x3b taken back line 3 (supply delivered)", each part optional
    convert(
      'supply_delivery',
      String.raw`^supply (\d+):( delivered line (\d+(, \d+)*)){0,1}(\x3b{0,1} taken back line (\d+(, \d+)*)){0,1}( \(supply delivered\)){0,1}$`,
      `jsonb_build_object('supply_id', x.m[1]::int,
         'delivered', to_jsonb(coalesce(string_to_array(x.m[3], ', ')::int[], '{}'::int[])),
         'taken_back', to_jsonb(coalesce(string_to_array(x.m[6], ', ')::int[], '{}'::int[])),
         'complete', x.m[8] is not null)`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."purchase_order_event" drop column "code", drop column "params";`);
  }

}
