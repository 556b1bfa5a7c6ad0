import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { AppError, type ErrorBody, ProtocolCode } from '@kanban/access';
import { databaseFailureOf, type UnitOfWork } from '@kanban/persistence';
import type { EventOutcomes } from './bus-server';
import { addToOutbox, handleAllOnce, handleOnce } from './outbox';
import { DeadLetter } from './outbox.entity';
import { type EventEnvelope, toErrorBody } from './wire';
import { type DeadLetterAction, type DeadLetterDiscardResult, type DeadLetterRetryResult, type DeadLetterService, deadLetterSubject } from '@kanban/contracts';

export {
  deadLetterRequests,
  deadLetterSubject,
  type DeadLetterAction,
  type DeadLetterDiscardResult,
  type DeadLettered,
  type DeadLetterRetryResult,
} from '@kanban/contracts';

export interface DeadLetterOptions {
  service: DeadLetterService;
  /** failures after which an event is dead (EVENT_MAX_FAILURES) */
  maxFailures: number;
  /**
   * Tests only (EVENT_FAILURE_FILE): while this file exists, each of its lines `<consumer> <text>` makes that
   * consumer fail on events whose JSON contains the text, before its handler runs.
   */
  failureFile?: string;
}

/** The failure the test-only EVENT_FAILURE_FILE injects (an AppError: its text reaches the journal). */
export const INJECTED_FAILURE = 'failure injected by EVENT_FAILURE_FILE';

type Handler = (event: EventEnvelope) => Promise<void>;

/**
 * A service's dead letters. Every durable consumer runs through `consumer(name, handler)`: a failure is counted in
 * `<schema>.dead_letter` (in a transaction of its own) and thrown on (the transport redelivers: JetStream after its
 * backoff, the embedded relay at its next round) until the `maxFailures`-th, which marks the row dead, puts
 * `evt.<service>.dead_letter` into the outbox in the same transaction and returns normally: the transport
 * acknowledges and the events behind it flow. `retry` runs the stored envelope through the same handler again,
 * `discard` deletes it. A failure that cannot even be counted (the database is down) is thrown on uncounted.
 */
export class DeadLetters {
  private readonly log = new Logger('DeadLetters');
  private readonly handlers = new Map<string, Handler>();
  /** consumer + event id of failures counted by this process: their row goes when the event succeeds later */
  private readonly failing = new Set<string>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: DeadLetterOptions,
  ) {}

  /** Registers a durable consumer under its inbox name; answers the handler to call from its @EventPattern. */
  consumer<T>(name: string, handler: (event: EventEnvelope<T>) => Promise<void>): (event: EventEnvelope<T>) => Promise<void> {
    if (this.handlers.has(name)) throw new Error(`consumer ${name} registered twice`);
    this.handlers.set(name, handler as Handler);
    return (event) => this.run(name, event as EventEnvelope);
  }

  /** A consumer that handles each event once (`handleOnce` on the service's UnitOfWork, the inbox under `name`). */
  once<T extends { company_id: number }>(name: string, work: (em: EntityManager, event: EventEnvelope<T>) => Promise<void>): (event: EventEnvelope<T>) => Promise<void> {
    return this.consumer<T>(name, (event) => handleOnce(this.uow, name, event, (em) => work(em, event)));
  }

  /**
   * A batch consumer (`@OnEvents`) that handles each event once: the events of a batch, by company, in one write
   * transaction each (`handleAllOnce`: one inbox claim for all, `work` on those new). A batch that fails is rolled back
   * and its events handled one by one (each in its own transaction, `work` given that one event), so a failure is
   * counted, redelivered and dead-lettered per event exactly as for `once`; the others of the batch go through (a batch
   * that failed because the database is out of reach is given back whole, uncounted, as a single failure whose count
   * cannot be written is). Answers
   * each event's outcome. A dead letter's retry runs its one event through `work` too.
   */
  batchOnce<T extends { company_id: number }>(
    name: string,
    work: (em: EntityManager, events: EventEnvelope<T>[]) => Promise<void>,
  ): (events: EventEnvelope<T>[]) => Promise<EventOutcomes> {
    const single = this.consumer<T>(name, (event) => handleOnce(this.uow, name, event, (em) => work(em, [event])));
    return async (events) => {
      const outcomes: EventOutcomes = events.map(() => null);
      const byCompany = new Map<number, number[]>();
      const alone: number[] = [];
      events.forEach((event, i) => {
        // events that failed before in this process or whose failure a test injects take the single path (their count)
        if (companyOf(event as EventEnvelope) === null || this.failing.has(`${name} ${event.id}`) || this.injects(name, event as EventEnvelope)) alone.push(i);
        else {
          const indexes = byCompany.get(event.data.company_id);
          if (indexes) indexes.push(i);
          else byCompany.set(event.data.company_id, [i]);
        }
      });
      for (const [companyId, indexes] of byCompany) {
        const group = indexes.map((i) => events[i]!);
        try {
          await handleAllOnce(this.uow, name, companyId, group, work);
        } catch (error) {
          if (outOfReach(error)) {
            // the database is out of reach: one by one each would fail the same way and its failure could not be
            // counted either (as in `run`); all of them are redelivered, uncounted, without waiting for it 2N times more
            this.log.warn(`${name}: a batch of ${group.length} events failed, the database is out of reach (redelivered): ${(error as Error)?.message ?? String(error)}`);
            for (const i of indexes) outcomes[i] = error;
            continue;
          }
          this.log.warn(`${name}: a batch of ${group.length} events failed, handling them one by one: ${(error as Error)?.message ?? String(error)}`);
          alone.push(...indexes);
        }
      }
      for (const i of alone.sort((a, b) => a - b)) {
        try {
          await single(events[i]!);
        } catch (error) {
          outcomes[i] = error ?? new Error('failed');
        }
      }
      return outcomes;
    };
  }

  private async run(name: string, event: EventEnvelope): Promise<void> {
    const key = `${name} ${event.id}`;
    try {
      this.injectedFailure(name, event);
      await this.handlers.get(name)!(event);
    } catch (error) {
      let dead: boolean;
      try {
        dead = await this.failed(name, event, error);
      } catch (recording) {
        this.log.warn(`${name}: failure of event ${event.subject} ${event.id} not counted: ${(recording as Error)?.message ?? String(recording)}`);
        throw error;
      }
      if (!dead) {
        this.failing.add(key);
        throw error;
      }
      this.failing.delete(key);
      return;
    }
    if (this.failing.delete(key)) {
      await this.uow
        .write((em) => em.execute(`delete from ${this.table(em)} where consumer = ? and event_id = ? and dead_at is null`, [name, event.id]))
        .catch((e: Error) => this.log.warn(`${name}: failure count of event ${event.id} not deleted: ${e.message}`));
    }
  }

  /** Counts a failure; answers whether the event is dead now (then it was announced and is to be acknowledged). */
  private async failed(name: string, event: EventEnvelope, error: unknown): Promise<boolean> {
    const safe = safeError(error);
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const companyId = companyOf(event);
    return this.uow.write(async (em) => {
      const [row] = await em.execute<{ id: string; failures: number; dead_at: unknown }[]>(
        `insert into ${this.table(em)} as d (consumer, event_id, subject, company_id, payload, error, error_code, error_message, failures, first_failed_at, last_failed_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, 1, now(), now())
         on conflict (consumer, event_id) do update set failures = d.failures + 1, error = excluded.error, error_code = excluded.error_code,
           error_message = excluded.error_message, payload = excluded.payload, last_failed_at = now()
         returning id, failures, dead_at`,
        [name, event.id, event.subject, companyId, JSON.stringify(event), detail.slice(0, 4000), safe.code, safe.message.slice(0, 500)],
      );
      const failures = Number(row!.failures);
      if (row!.dead_at) {
        // Delivered again after it was given up (deliveries are at least once): acknowledged, announced only once.
        this.log.warn(`${name}: event ${event.subject} ${event.id} (dead letter ${row!.id}) delivered again and failed: acknowledged`);
        return true;
      }
      if (failures < this.options.maxFailures) {
        this.log.warn(`${name}: event ${event.subject} ${event.id} failed (${failures} of ${this.options.maxFailures}): ${detail}`);
        return false;
      }
      await em.execute(`update ${this.table(em)} set dead_at = now() where id = ?`, [row!.id]);
      this.log.error(
        `${name}: event ${event.subject} ${event.id} failed ${failures} times, kept as dead letter ${row!.id}` +
          `${companyId === null ? ' (no company: only operators see it)' : ''}; the consumer moves on: ${detail}`,
      );
      if (companyId !== null) this.announce(em, { companyId, id: Number(row!.id), name, subject: event.subject, failures, error: safe });
      await em.flush();
      return true;
    });
  }

  private announce(em: EntityManager, d: { companyId: number; id: number; name: string; subject: string; failures: number; error: ErrorBody }): void {
    addToOutbox(em, deadLetterSubject(this.options.service), {
      company_id: d.companyId,
      service: this.options.service,
      dead_letter_id: d.id,
      consumer: d.name,
      subject: d.subject,
      failures: d.failures,
      error: { code: d.error.code, message: d.error.message },
    });
  }

  /** Runs a dead letter of the company through its consumer again: gone when it succeeded, counted when it failed. */
  async retry(input: DeadLetterAction): Promise<DeadLetterRetryResult> {
    const row = await this.find(input);
    const handler = this.handlers.get(row.consumer);
    if (!handler) throw new AppError(ProtocolCode.NotFound, `no consumer ${row.consumer} in this service`);
    const event = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as EventEnvelope;
    try {
      this.injectedFailure(row.consumer, event);
      await handler(event);
    } catch (error) {
      const safe = safeError(error);
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.log.warn(`${row.consumer}: retry of dead letter ${row.id} (${event.subject} ${event.id}) failed: ${detail}`);
      await this.uow.write((em) =>
        em.execute(
          `update ${this.table(em)} set failures = failures + 1, error = ?, error_code = ?, error_message = ?, last_failed_at = now() where id = ?`,
          [detail.slice(0, 4000), safe.code, safe.message.slice(0, 500), row.id],
        ),
      );
      return { retried: false, error: { code: safe.code, message: safe.message } };
    }
    await this.uow.write((em) => em.execute(`delete from ${this.table(em)} where id = ?`, [row.id]));
    this.log.log(`${row.consumer}: dead letter ${row.id} (${event.subject} ${event.id}) retried successfully`);
    return { retried: true, error: null };
  }

  /** Deletes a dead letter of the company: its event is given up for good. */
  async discard(input: DeadLetterAction): Promise<DeadLetterDiscardResult> {
    const row = await this.find(input);
    await this.uow.write((em) => em.execute(`delete from ${this.table(em)} where id = ?`, [row.id]));
    this.log.warn(`${row.consumer}: dead letter ${row.id} (${row.subject} ${row.event_id}) discarded`);
    return { discarded: true };
  }

  private async find(input: DeadLetterAction): Promise<{ id: string; consumer: string; subject: string; event_id: string; payload: unknown }> {
    if (!Number.isInteger(input?.id) || !Number.isInteger(input?.company_id)) throw AppError.validation('id', 'a dead letter id');
    const [row] = await this.uow.read((em) =>
      em.execute<{ id: string; consumer: string; subject: string; event_id: string; payload: unknown }[]>(
        `select id, consumer, subject, event_id, payload from ${this.table(em)} where id = ? and company_id = ? and dead_at is not null`,
        [input.id, input.company_id],
      ),
    );
    if (!row) throw new AppError(ProtocolCode.NotFound, 'no such dead letter');
    return row;
  }

  private injectedFailure(name: string, event: EventEnvelope): void {
    if (this.injects(name, event)) throw new AppError(ProtocolCode.Internal, INJECTED_FAILURE);
  }

  /** Whether EVENT_FAILURE_FILE makes `name` fail on this event. */
  private injects(name: string, event: EventEnvelope): boolean {
    const file = this.options.failureFile;
    if (!file || !existsSync(file)) return false;
    const json = JSON.stringify(event.data);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const [consumer, ...text] = line.trim().split(' ');
      if (consumer === name && text.length > 0 && json.includes(text.join(' '))) return true;
    }
    return false;
  }

  private table(em: EntityManager): string {
    const schema = em.getMetadata().get(DeadLetter.name).schema ?? em.config.get('schema') ?? 'public';
    return `${em.getPlatform().quoteIdentifier(schema)}.dead_letter`;
  }
}

/** What a tenant may see of a failure: an AppError's code and message; anything else (database text) is hidden. */
export function safeError(error: unknown): ErrorBody {
  const body = toErrorBody(error);
  return { code: body.code, message: body.message };
}

/**
 * The database cannot be reached (connection refused or lost, pool closed, shutting down): `databaseFailureOf`'s
 * `unavailable` but for a lock not granted in time (55P03) and a statement timeout (57014), which a reachable database
 * answers for the work in hand (counted, one by one).
 */
function outOfReach(error: unknown): boolean {
  if (databaseFailureOf(error) !== 'unavailable') return false;
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '55P03' || code === '57014') return false;
    if (typeof code === 'string' && code.length > 0) return true;
    current = (current as { cause?: unknown; previous?: unknown }).cause ?? (current as { previous?: unknown }).previous;
  }
  return true;
}

function companyOf(event: EventEnvelope): number | null {
  const id = (event.data as { company_id?: unknown } | null)?.company_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}
