import { Inject, Injectable } from '@nestjs/common';
import { AppError, type JournalCode } from '@kanban/access';
import type { CompanyCaller, JournalAcknowledgeInput, JournalAcknowledgeResult, JournalEntryDto, JournalListQuery, Page } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { type Clock, ORDERS_CLOCK } from '../requisition/company-time';
import { pageOf, raw } from '../shared/access';
import { parseJournalFilter } from './journal.filter';

export interface JournalRecord {
  code: JournalCode;
  message: string;
  runId?: number | null;
  ruleId?: number | null;
  orderId?: number | null;
  customerId?: number | null;
  locationId?: number | null;
}

function toDto(row: Record<string, unknown>): JournalEntryDto {
  return {
    id: raw.num(row.id),
    code: raw.num(row.code),
    message: String(row.message),
    run_id: raw.numOrNull(row.run_id),
    rule_id: raw.numOrNull(row.rule_id),
    order_id: raw.numOrNull(row.order_id),
    customer_id: raw.numOrNull(row.customer_id),
    location_id: raw.numOrNull(row.location_id),
    created_at: raw.iso(row.created_at)!,
    acknowledged_at: raw.iso(row.acknowledged_at),
    acknowledged_by: raw.numOrNull(row.acknowledged_by),
  };
}

/**
 * The journal (docs/replenishment.md "Journal"): entries written when runs fail or meet rules they cannot
 * order for, listed newest first with the `filter` of the spec, acknowledged by id or all at once.
 */
@Injectable()
export class JournalService {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
  ) {}

  /** Writes an entry in a transaction of its own (a failed run's transaction is gone; its entry stays). */
  async record(companyId: number, entry: JournalRecord): Promise<void> {
    await this.uow.forCompany(companyId).write((em) =>
      em.execute(
        `insert into orders.journal_entry (company_id, code, message, run_id, rule_id, order_id, customer_id, location_id, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [companyId, entry.code, entry.message, entry.runId ?? null, entry.ruleId ?? null, entry.orderId ?? null, entry.customerId ?? null, entry.locationId ?? null, this.clock.now()],
      ),
    );
  }

  async list(caller: CompanyCaller, query: JournalListQuery): Promise<Page<JournalEntryDto>> {
    const filter = parseJournalFilter(query.filter);
    const { page, perPage } = pageOf(query);
    const where = ['j.company_id = ?', ...filter.where].join(' and ');
    const params = [caller.companyId, ...filter.params];
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const rows = await em.execute<Record<string, unknown>[]>(
        `select j.*, count(*) over () as total from orders.journal_entry j where ${where} order by j.id desc limit ? offset ?`,
        [...params, perPage, (page - 1) * perPage],
      );
      let total = rows.length > 0 ? raw.num(rows[0]!.total) : 0;
      if (rows.length === 0 && page > 1) {
        const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from orders.journal_entry j where ${where}`, params);
        total = Number(count!.n);
      }
      return { items: rows.map(toDto), total, page, per_page: perPage };
    });
  }

  /** Acknowledges the entries named (or every unacknowledged one with `all`); acknowledged entries stay as they were. */
  async acknowledge(caller: CompanyCaller, input: JournalAcknowledgeInput): Promise<JournalAcknowledgeResult> {
    const all = input.all === true;
    const ids = input.ids ?? [];
    if (!all) {
      if (!Array.isArray(ids) || ids.length === 0) throw AppError.validation('ids', 'name the entries (ids) or send all: true');
      if (ids.length > 1000) throw AppError.validation('ids', 'at most 1000 ids');
      if (!ids.every((id) => Number.isInteger(id) && id > 0)) throw AppError.validation('ids', 'ids are positive integers');
    }
    const now = this.clock.now();
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const rows = await em.execute<{ id: number }[]>(
        `update orders.journal_entry set acknowledged_at = ?, acknowledged_by = ?
          where company_id = ? and acknowledged_at is null ${all ? '' : `and id = any(cast(? as bigint[]))`}
          returning id`,
        all ? [now, caller.userId, caller.companyId] : [now, caller.userId, caller.companyId, `{${ids.join(',')}}`],
      );
      return { acknowledged: rows.length };
    });
  }
}
