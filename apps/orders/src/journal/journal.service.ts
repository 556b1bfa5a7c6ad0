import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, JournalCode, ProtocolCode } from '@kanban/access';
import type {
  CompanyCaller,
  JournalAcknowledgeInput,
  JournalAcknowledgeResult,
  JournalDiscardResult,
  JournalEntryDto,
  JournalListQuery,
  JournalMessageKey,
  JournalRetryResult,
  Page,
} from '@kanban/contracts';
import type { DeadLetterService } from '@kanban/contracts';
import { type DeadLettered, DeadLetters, deadLetterRequests, type DeadLetterRetryResult, ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { type Clock, ORDERS_CLOCK } from '../requisition/company-time';
import { pageOf, raw } from '../shared/access';
import { parseJournalFilter } from './journal.filter';
import { JournalRepository } from './journal.repository';

export interface JournalRecord {
  code: JournalCode;
  /** the entry in English (the API's `message`) */
  message: string;
  /** the same as a code with params, translated by the web */
  messageKey: JournalMessageKey;
  params: Record<string, unknown>;
  runId?: number | null;
  ruleId?: number | null;
  orderId?: number | null;
  customerId?: number | null;
  locationId?: number | null;
}

/** The consumers that turn sensor readings into bins' levels and stock: their dead letters are journal 2006. */
const SENSOR_CONSUMERS: ReadonlySet<string> = new Set(['catalog.sensor_readings', 'orders.sensor_stock']);

const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** jsonb arrives parsed (pg, PGlite); a text column would arrive as text */
function jsonOrNull(v: unknown): Record<string, unknown> | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return JSON.parse(v) as Record<string, unknown>;
  return v as Record<string, unknown>;
}

function toDto(row: Record<string, unknown>): JournalEntryDto {
  return {
    id: raw.num(row.id),
    code: raw.num(row.code),
    message: String(row.message),
    message_key: (row.message_key ?? null) as JournalMessageKey | null,
    params: jsonOrNull(row.params),
    run_id: raw.numOrNull(row.run_id),
    rule_id: raw.numOrNull(row.rule_id),
    order_id: raw.numOrNull(row.order_id),
    customer_id: raw.numOrNull(row.customer_id),
    location_id: raw.numOrNull(row.location_id),
    created_at: raw.iso(row.created_at)!,
    acknowledged_at: raw.iso(row.acknowledged_at),
    acknowledged_by: raw.numOrNull(row.acknowledged_by),
    customer_name: strOrNull(row.customer_name),
    location_name: strOrNull(row.location_name),
    rule_sku: strOrNull(row.rule_sku),
    rule_item_name: strOrNull(row.rule_item_name),
    rule_customer_id: raw.numOrNull(row.rule_customer_id),
    rule_location_id: raw.numOrNull(row.rule_location_id),
    dead_letter: row.dead_letter_id !== null && row.dead_letter_id !== undefined,
  };
}

/**
 * The journal (docs/replenishment.md "Journal"): entries written when runs fail or meet rules they cannot
 * order for, and of the services' dead letters, listed newest first with the `filter` of the spec (only what the
 * caller's restrictions let them see), acknowledged by id or all at once; dead letters retried or discarded.
 */
@Injectable()
export class JournalService {
  private readonly log = new Logger('Journal');

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    /** the services' dead letters are reached over the bus (absent only where a test builds the service by hand) */
    @Optional() private readonly bus?: ServiceBus,
    /** the orders service's own dead letters, reached without the bus */
    @Optional() private readonly deadLetters?: DeadLetters,
    private readonly entries: JournalRepository = new JournalRepository(),
  ) {}

  /** Writes an entry in a transaction of its own (a failed run's transaction is gone; its entry stays). */
  async record(companyId: number, entry: JournalRecord): Promise<void> {
    await this.uow.forCompany(companyId).write((em) => this.entries.insert(em, { ...entry, companyId, createdAt: this.clock.now() }));
  }

  async list(caller: CompanyCaller, query: JournalListQuery): Promise<Page<JournalEntryDto>> {
    const filter = parseJournalFilter(query.filter);
    const { page, perPage } = pageOf(query);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const { rows, total } = await this.entries.list(em, caller, filter, page, perPage);
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
    return this.uow.forCompany(caller.companyId).write(async (em) => ({ acknowledged: await this.entries.acknowledge(em, caller, all ? null : ids, now) }));
  }

  /**
   * Journal entry of a service's dead letter (evt.<service>.dead_letter), in the consumer's transaction: 2000, or 2006
   * `sensor_store_failed` when the consumer turns sensor readings into bins' levels or stock (SENSOR_CONSUMERS: the
   * readings are stored; the dead letter keeps the event for "retry now").
   */
  async recordDeadLetter(em: EntityManager, d: DeadLettered): Promise<void> {
    const consumer = d.consumer.startsWith(`${d.service}.`) ? d.consumer.slice(d.service.length + 1) : d.consumer;
    const sensor = SENSOR_CONSUMERS.has(d.consumer);
    const message = sensor
      ? `sensor readings could not be saved as stock by the ${d.service} service (${consumer}, ${d.failures} attempts): ${d.error.message} (${d.error.code})`
      : `event ${d.subject} could not be processed by the ${d.service} service (${consumer}, ${d.failures} attempts): ${d.error.message} (${d.error.code})`;
    await this.entries.insert(em, {
      companyId: d.company_id,
      code: sensor ? JournalCode.SaveMeasurement : JournalCode.Unexpected,
      message: message.slice(0, 2000),
      messageKey: sensor ? 'sensor_store_failed' : 'dead_letter',
      params: { ...(sensor ? { stage: d.service } : {}), subject: d.subject, service: d.service, consumer, failures: d.failures, error_code: d.error.code, error: d.error.message.slice(0, 1000) },
      deadLetterService: d.service,
      deadLetterId: d.dead_letter_id,
      createdAt: this.clock.now(),
    });
  }

  /**
   * Runs a dead letter's event through its consumer again (the service that keeps it, over the bus; no transaction is
   * open meanwhile): the entry goes when it succeeded and stays, with the answer's error, when it failed again.
   */
  async retry(caller: CompanyCaller, id: number): Promise<JournalRetryResult> {
    const entry = await this.deadLetterEntry(caller, id);
    const result = await this.onDeadLetter<DeadLetterRetryResult>(caller, entry, 'retry');
    if (result.retried) await this.remove(caller, entry.id);
    this.log.log(`company ${caller.companyId}: user ${caller.userId} retried dead letter ${entry.service}/${entry.deadLetterId}: ${result.retried ? 'processed' : 'failed again'}`);
    return { retried: result.retried, error: result.error };
  }

  /** Gives a dead letter's event up for good: the service deletes it, then its entry goes. */
  async discard(caller: CompanyCaller, id: number): Promise<JournalDiscardResult> {
    const entry = await this.deadLetterEntry(caller, id);
    await this.onDeadLetter<{ discarded: boolean }>(caller, entry, 'discard');
    await this.remove(caller, entry.id);
    this.log.warn(`company ${caller.companyId}: user ${caller.userId} discarded dead letter ${entry.service}/${entry.deadLetterId}`);
    return { discarded: true };
  }

  /**
   * The service that keeps the dead letter acts on it: its `<service>.dead_letters.*` request, or directly for the orders
   * service's own. A dead letter the service no longer has (retried or discarded by a call whose entry was not removed)
   * takes its entry with it: 404.
   */
  private async onDeadLetter<T>(caller: CompanyCaller, entry: { id: number; service: string; deadLetterId: number }, action: 'retry' | 'discard'): Promise<T> {
    const input = { company_id: caller.companyId, id: entry.deadLetterId };
    try {
      if (entry.service === 'orders' && this.deadLetters) {
        return (action === 'retry' ? await this.deadLetters.retry(input) : await this.deadLetters.discard(input)) as T;
      }
      if (!this.bus) throw new AppError(ProtocolCode.Unavailable, 'no bus to reach the dead letter');
      return (await this.bus.request(deadLetterRequests(entry.service as DeadLetterService)[action], input)) as T;
    } catch (error) {
      if (error instanceof AppError && error.code === ProtocolCode.NotFound) {
        await this.remove(caller, entry.id);
        throw new AppError(ProtocolCode.NotFound, 'the dead letter is gone (retried or discarded before)');
      }
      throw error;
    }
  }

  private async deadLetterEntry(caller: CompanyCaller, id: number): Promise<{ id: number; service: string; deadLetterId: number }> {
    if (!Number.isInteger(id) || id < 1) throw new AppError(ProtocolCode.NotFound, 'no such journal entry');
    const row = await this.uow.forCompany(caller.companyId).read((em) => this.entries.deadLetterOf(em, caller, id));
    if (!row) throw new AppError(ProtocolCode.NotFound, 'no such journal entry');
    if (row.dead_letter_service === null || row.dead_letter_id === null) throw AppError.validation('id', 'the entry is not a dead letter');
    return { id: Number(row.id), service: row.dead_letter_service, deadLetterId: Number(row.dead_letter_id) };
  }

  private async remove(caller: CompanyCaller, id: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write((em) => this.entries.delete(em, caller.companyId, id));
  }
}
