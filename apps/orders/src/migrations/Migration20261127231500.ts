import { Migration } from '@mikro-orm/migrations';

/**
 * evt.orders.journal_entry (docs/notifications.md "Delivery"): every journal entry, whoever writes it (the journal
 * repository, the runs' and the order queue's set-based statements), is put into the outbox by a trigger in the
 * transaction that writes it, so notification rules of the event `journal_entry` hear of each entry once.
 * evt.orders.order_notice `orderqueue_error` the same way: an order queue entry that goes into error (an order
 * without a supplier queued, requeued while it still has none, the timeout sweep's 2005) announces it once per time.
 */
export class Migration20261127231500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create or replace function "orders"."journal_entry_outbox"() returns trigger language plpgsql as $fn$
declare
  event_id uuid := gen_random_uuid();
  occurred text := to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
begin
  insert into "orders"."outbox" (id, subject, payload, created_at, attempts)
  values (event_id, 'evt.orders.journal_entry',
          json_build_object('id', event_id, 'subject', 'evt.orders.journal_entry', 'occurredAt', occurred,
            'data', json_build_object('id', new.id, 'company_id', new.company_id, 'code', new.code, 'message', new.message,
              'message_key', new.message_key, 'params', new.params, 'run_id', new.run_id, 'rule_id', new.rule_id,
              'order_id', new.order_id, 'customer_id', new.customer_id, 'location_id', new.location_id,
              'dead_letter_service', new.dead_letter_service, 'created_at', occurred)),
          clock_timestamp(), 0);
  return null;
end
$fn$;`);
    this.addSql(`create trigger "journal_entry_outbox" after insert on "orders"."journal_entry" for each row execute function "orders"."journal_entry_outbox"();`);
    this.addSql(`create or replace function "orders"."order_queue_error_outbox"() returns trigger language plpgsql as $fn$
declare
  event_id uuid := gen_random_uuid();
  occurred text := to_char(coalesce(new.updated_at, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
begin
  if new.state <> 'error' or (tg_op = 'UPDATE' and old.state = 'error') then
    return null;
  end if;
  insert into "orders"."outbox" (id, subject, payload, created_at, attempts)
  values (event_id, 'evt.orders.order_notice',
          json_build_object('id', event_id, 'subject', 'evt.orders.order_notice', 'occurredAt', occurred,
            'data', json_build_object('company_id', new.company_id, 'order_id', new.order_id, 'customer_id', new.customer_id,
              'location_id', new.location_id, 'supplier_id', new.supplier_id, 'event', 'orderqueue_error', 'at', occurred,
              'user_id', null, 'error', json_build_object('code', new.error_code, 'message', coalesce(new.error_message, '')))),
          clock_timestamp(), 0);
  return null;
end
$fn$;`);
    this.addSql(`create trigger "order_queue_error_outbox" after insert or update of "state" on "orders"."order_queue" for each row execute function "orders"."order_queue_error_outbox"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "order_queue_error_outbox" on "orders"."order_queue";`);
    this.addSql(`drop function if exists "orders"."order_queue_error_outbox"();`);
    this.addSql(`drop trigger if exists "journal_entry_outbox" on "orders"."journal_entry";`);
    this.addSql(`drop function if exists "orders"."journal_entry_outbox"();`);
  }

}
