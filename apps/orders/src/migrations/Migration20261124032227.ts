import { Migration } from '@mikro-orm/migrations';

/**
 * The requisition's state per rule beside the rule (docs/replenishment.md "Benchmark"): the pending stock changes in
 * `rule_pending` (moved from kanban_rule.pending_at), the last decision read from `requisition_decision` (its latest
 * row per rule; kanban_rule.last_decision held a copy, whose backorder quantity moves to that row), whose only
 * index is now its key (company_id, rule_id, id). The outbox's payload becomes json.
 */
export class Migration20261124032227 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "orders"."rule_pending" ("company_id" int not null, "rule_id" int not null, "changed_at" timestamptz(6) not null, constraint "rule_pending_pkey" primary key ("company_id", "rule_id"));`);
    this.addSql(`insert into "orders"."rule_pending" ("company_id", "rule_id", "changed_at") select "company_id", "id", "pending_at" from "orders"."kanban_rule" where "pending_at" is not null;`);

    this.addSql(`alter table "orders"."requisition_decision" add column "backorder" double precision not null default 0;`);
    this.addSql(`update "orders"."requisition_decision" d set "backorder" = coalesce((r."last_decision" ->> 'backorder')::float8, 0)
      from "orders"."kanban_rule" r
     where r."company_id" = d."company_id" and r."id" = d."rule_id" and r."last_decision" is not null
       and d."id" = (select max(x."id") from "orders"."requisition_decision" x where x."company_id" = r."company_id" and x."rule_id" = r."id");`);

    this.addSql(`drop index "orders"."kanban_rule_pending";`);
    this.addSql(`alter table "orders"."kanban_rule" drop column "pending_at", drop column "last_decision";`);

    this.addSql(`drop index "orders"."requisition_decision_run_id_index";`);
    // the key (company_id, rule_id, id) is the decisions' only index
    this.addSql(`drop index "orders"."requisition_decision_company_id_rule_id_id_index";`);
    this.addSql(`alter table "orders"."requisition_decision" drop constraint "requisition_decision_pkey";`);
    this.addSql(`alter table "orders"."requisition_decision" add constraint "requisition_decision_pkey" primary key ("company_id", "rule_id", "id");`);

    // the outbox keeps its payload as written: json, not jsonb (libs/messaging outbox.entity.ts)
    this.addSql(`alter table "orders"."outbox" alter column "payload" type json using "payload"::json;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders"."outbox" alter column "payload" type jsonb using "payload"::jsonb;`);

    this.addSql(`alter table "orders"."kanban_rule" add column "pending_at" timestamptz(6) null, add column "last_decision" jsonb null;`);
    this.addSql(`update "orders"."kanban_rule" r set "pending_at" = p."changed_at" from "orders"."rule_pending" p where p."company_id" = r."company_id" and p."rule_id" = r."id";`);
    this.addSql(`update "orders"."kanban_rule" r set "last_decision" = jsonb_build_object('run_id', d."run_id", 'trigger', rr."trigger", 'reason', d."reason",
        'quantity', d."quantity", 'stock', d."stock", 'threshold', d."threshold", 'capacity', d."capacity", 'on_order', d."on_order",
        'order_id', d."order_id", 'backorder', d."backorder", 'decided_at', to_char(d."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      from "orders"."requisition_decision" d join "orders"."requisition_run" rr on rr."id" = d."run_id"
     where d."company_id" = r."company_id" and d."rule_id" = r."id"
       and d."id" = (select max(x."id") from "orders"."requisition_decision" x where x."company_id" = r."company_id" and x."rule_id" = r."id");`);
    this.addSql(`CREATE INDEX kanban_rule_pending ON orders.kanban_rule USING btree (company_id, pending_at) WHERE (pending_at IS NOT NULL);`);
    this.addSql(`drop table if exists "orders"."rule_pending" cascade;`);

    this.addSql(`alter table "orders"."requisition_decision" drop column "backorder";`);

    this.addSql(`create index "requisition_decision_run_id_index" on "orders"."requisition_decision" ("run_id");`);
    this.addSql(`alter table "orders"."requisition_decision" drop constraint "requisition_decision_pkey";`);
    this.addSql(`create index "requisition_decision_company_id_rule_id_id_index" on "orders"."requisition_decision" ("company_id", "rule_id", "id");`);
    this.addSql(`alter table "orders"."requisition_decision" add constraint "requisition_decision_pkey" primary key ("id");`);
  }

}
