import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import { visibleCondition } from '../shared/access';

export type Row = Record<string, unknown>;

/** An entry to write: what `JournalService.record` and dead letters put in. */
export interface JournalRow {
  companyId: number;
  code: number;
  message: string;
  /** the message as a code with its params (JournalMessageKey) */
  messageKey: string;
  params: Record<string, unknown>;
  runId?: number | null;
  ruleId?: number | null;
  orderId?: number | null;
  customerId?: number | null;
  locationId?: number | null;
  deadLetterService?: string | null;
  deadLetterId?: number | null;
  createdAt: Date;
}

/**
 * Which entries a caller may see (spec 6 restrictions, as the other orders lists): an entry's customer and location,
 * its supplier being its order's, else its rule's item's. A restricted caller does not see entries without them
 * (a failed run of the whole company, dead letters): those are for staff without restrictions.
 */
function visibleEntries(caller: CompanyCaller): [string, unknown[]] {
  return visibleCondition(caller, {
    customer: 'j.customer_id',
    location: 'j.location_id',
    supplier: `coalesce((select o.supplier_id from orders.purchase_order o where o.id = j.order_id and o.company_id = j.company_id),
                        (select i.supplier_id from orders.kanban_rule r join orders.item_copy i on i.id = r.item_id and i.company_id = r.company_id
                          where r.id = j.rule_id and r.company_id = j.company_id))`,
  });
}

/** The statements of the journal (`orders.journal_entry`, docs/replenishment.md "Journal"), each limited to what the caller may see. */
@Injectable()
export class JournalRepository {
  /** Writes an entry. */
  async insert(em: EntityManager, entry: JournalRow): Promise<void> {
    if (entry.deadLetterService !== undefined) {
      await em.execute(
        `insert into orders.journal_entry (company_id, code, message, message_key, params, dead_letter_service, dead_letter_id, created_at) values (?, ?, ?, ?, cast(? as jsonb), ?, ?, ?)`,
        [entry.companyId, entry.code, entry.message, entry.messageKey, JSON.stringify(entry.params), entry.deadLetterService, entry.deadLetterId ?? null, entry.createdAt],
      );
      return;
    }
    await em.execute(
      `insert into orders.journal_entry (company_id, code, message, message_key, params, run_id, rule_id, order_id, customer_id, location_id, created_at)
       values (?, ?, ?, ?, cast(? as jsonb), ?, ?, ?, ?, ?, ?)`,
      [
        entry.companyId,
        entry.code,
        entry.message,
        entry.messageKey,
        JSON.stringify(entry.params),
        entry.runId ?? null,
        entry.ruleId ?? null,
        entry.orderId ?? null,
        entry.customerId ?? null,
        entry.locationId ?? null,
        entry.createdAt,
      ],
    );
  }

  /** A page of the entries the caller may see, newest first, narrowed by the parsed filter's conditions on `j`; and their number. */
  async list(em: EntityManager, caller: CompanyCaller, filter: { where: string[]; params: unknown[] }, page: number, perPage: number): Promise<{ rows: Row[]; total: number }> {
    const [visible, visibleParams] = visibleEntries(caller);
    const where = ['j.company_id = ?', ...filter.where, visible].join(' and ');
    const params = [caller.companyId, ...filter.params, ...visibleParams];
    // the page's entries, then the names of their context (customer, location, the rule's item) for the page only
    const rows = await em.execute<Row[]>(
      `select p.*, cu.name as customer_name, lo.name as location_name, i.sku as rule_sku, i.name as rule_item_name,
              r.customer_id as rule_customer_id, r.location_id as rule_location_id
         from (select j.*, count(*) over () as total from orders.journal_entry j where ${where} order by j.id desc limit ? offset ?) p
         left join orders.customer_copy cu on cu.company_id = p.company_id and cu.id = p.customer_id
         left join orders.location_copy lo on lo.company_id = p.company_id and lo.id = p.location_id
         left join orders.kanban_rule r on r.company_id = p.company_id and r.id = p.rule_id
         left join orders.item_copy i on i.company_id = r.company_id and i.id = r.item_id
        order by p.id desc`,
      [...params, perPage, (page - 1) * perPage],
    );
    let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && page > 1) {
      const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from orders.journal_entry j where ${where}`, params);
      total = Number(count!.n);
    }
    return { rows, total };
  }

  /** Acknowledges the unacknowledged entries named (every one with `ids` null) the caller may see; answers how many. */
  async acknowledge(em: EntityManager, caller: CompanyCaller, ids: number[] | null, now: Date): Promise<number> {
    const [visible, visibleParams] = visibleEntries(caller);
    const rows = await em.execute<{ id: number }[]>(
      `update orders.journal_entry j set acknowledged_at = ?, acknowledged_by = ?
        where j.company_id = ? and j.acknowledged_at is null ${ids === null ? '' : `and j.id = any(cast(? as bigint[]))`} and ${visible}
        returning j.id`,
      ids === null ? [now, caller.userId, caller.companyId, ...visibleParams] : [now, caller.userId, caller.companyId, `{${ids.join(',')}}`, ...visibleParams],
    );
    return rows.length;
  }

  /** The entry's dead letter columns, if the caller may see it. */
  async deadLetterOf(em: EntityManager, caller: CompanyCaller, id: number): Promise<{ id: string; dead_letter_service: string | null; dead_letter_id: string | null } | undefined> {
    const [visible, visibleParams] = visibleEntries(caller);
    const [row] = await em.execute<{ id: string; dead_letter_service: string | null; dead_letter_id: string | null }[]>(
      `select j.id, j.dead_letter_service, j.dead_letter_id from orders.journal_entry j where j.id = ? and j.company_id = ? and ${visible}`,
      [id, caller.companyId, ...visibleParams],
    );
    return row;
  }

  async delete(em: EntityManager, companyId: number, id: number): Promise<void> {
    await em.execute('delete from orders.journal_entry where id = ? and company_id = ?', [id, companyId]);
  }
}
