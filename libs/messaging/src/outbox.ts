import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventSubscriber, FlushEventArgs } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { EnvReader } from '@kanban/config';
import type { BusEvent, BusEvents, DeadLetterService } from '@kanban/contracts';
import type { RestrictionCopyColumns, UnitOfWork } from '@kanban/persistence';
import { EVENT_PUBLISHER, type EventPublisher } from './event-publisher';
import { DeadLetter, InboxEntry, OutboxMessage } from './outbox.entity';
import type { EventEnvelope } from './wire';

/**
 * Adds an event to the current transaction: it is published if, and only if, the transaction commits. The payload is
 * the one `BusEvents` (libs/contracts) gives the subject.
 */
export function addToOutbox<E extends BusEvent>(em: EntityManager, subject: E, data: BusEvents[E]): EventEnvelope<BusEvents[E]> {
  const envelope: EventEnvelope<BusEvents[E]> = { id: randomUUID(), subject, occurredAt: new Date().toISOString(), data };
  const message = new OutboxMessage();
  message.id = envelope.id;
  message.subject = subject;
  message.payload = envelope;
  message.createdAt = new Date(envelope.occurredAt);
  em.persist(message);
  return envelope;
}

/**
 * Records that `consumer` processed the event, inside the consumer's own transaction. Returns false if it
 * had already been processed: the caller then does nothing (and the message is acknowledged).
 */
export async function claimInbox(em: EntityManager, consumer: string, eventId: string): Promise<boolean> {
  const rows = await em.execute<{ event_id: string }[]>(
    `insert into ${tableOf(em, InboxEntry.name, 'inbox')} (consumer, event_id, processed_at)
     values (?, ?, now()) on conflict do nothing returning event_id`,
    [consumer, eventId],
  );
  return rows.length === 1;
}

/**
 * `claimInbox` for several events at once (one statement): answers the ids that were new to `consumer` (those it had
 * processed already, or named twice, are left out).
 */
export async function claimInboxAll(em: EntityManager, consumer: string, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await em.execute<{ event_id: string }[]>(
    `insert into ${tableOf(em, InboxEntry.name, 'inbox')} (consumer, event_id, processed_at)
     select ?, id, now() from unnest(?::uuid[]) as id on conflict do nothing returning event_id`,
    [consumer, uuidArray([...new Set(eventIds)])],
  );
  return new Set(rows.map((r) => String(r.event_id)));
}

/**
 * Events of one company handled once, together: one write transaction of the company claims them in `consumer`'s inbox
 * and runs `work` on those new there (in their order, each once); if none is new it does nothing.
 */
export async function handleAllOnce<T extends { company_id: number }>(
  uow: UnitOfWork,
  consumer: string,
  companyId: number,
  events: EventEnvelope<T>[],
  work: (em: EntityManager, events: EventEnvelope<T>[]) => Promise<void>,
): Promise<void> {
  await uow.forCompany(companyId).write(async (em) => {
    const fresh = await claimInboxAll(em, consumer, events.map((e) => e.id));
    const todo = events.filter((e) => fresh.delete(e.id.toLowerCase()));
    if (todo.length > 0) await work(em, todo);
  });
}

/**
 * A durable event handled once: one write transaction of the event's company claims it in `consumer`'s inbox and,
 * if it is new there, runs `work`; a repeat does nothing (and is acknowledged).
 */
export async function handleOnce(
  uow: UnitOfWork,
  consumer: string,
  event: EventEnvelope<{ company_id: number }>,
  work: (em: EntityManager) => Promise<void>,
): Promise<void> {
  await uow.forCompany(event.data.company_id).write(async (em) => {
    if (!(await claimInbox(em, consumer, event.id))) return;
    await work(em);
  });
}

/** What identity's evt.identity.restrictions_changed carries: the user's full current set of restrictions. */
export interface RestrictionSet {
  company_id: number;
  user_id: number;
  restrictions: { customer_id?: number | null; location_id?: number | null; supplier_id?: number | null }[];
}

/** Replaces a service's copy of one user's access restrictions (its entity on `RestrictionCopyColumns`) by the set an event carries. */
export async function replaceRestrictionCopies(em: EntityManager, entity: new () => RestrictionCopyColumns, set: RestrictionSet): Promise<void> {
  const { company_id: companyId, user_id: userId } = set;
  await em.nativeDelete(entity, { companyId, userId });
  for (const r of set.restrictions) {
    em.create(entity, { companyId, userId, customerId: r.customer_id ?? null, locationId: r.location_id ?? null, supplierId: r.supplier_id ?? null });
  }
  await em.flush();
}

/** Schema-qualified table of a messaging entity in the calling service's schema. */
function tableOf(em: EntityManager, entity: string, table: string): string {
  const schema = em.getMetadata().get(entity).schema ?? em.config.get('schema') ?? 'public';
  return `${em.getPlatform().quoteIdentifier(schema)}.${table}`;
}

/** A service's outbox settings from its environment (the same variables in every service). */
export interface OutboxConfig {
  /** Poll interval for events left behind (a crash, a failed publish). */
  intervalMs: number;
  /** Publish right after a transaction with events commits (off only to test crash recovery). */
  immediate: boolean;
  /** How long a published event stays in the outbox (for looking into what was sent) before it is deleted. */
  retentionHours: number;
  /**
   * How long the event streams keep events (distributed mode) and so how long a consumer must remember what it
   * processed: inbox rows older than this (and a day) are deleted, as no stream can deliver their events again.
   */
  eventRetentionHours: number;
  /** Failures after which a consumer gives up on an event and keeps it as a dead letter (EVENT_MAX_FAILURES). */
  maxFailures: number;
  /** Tests only (EVENT_FAILURE_FILE): see DeadLetterOptions.failureFile. */
  failureFile?: string;
}

export function readOutboxConfig(r: EnvReader): OutboxConfig {
  return {
    intervalMs: r.int('OUTBOX_RELAY_INTERVAL_MS', 1000, { min: 10 }),
    immediate: r.bool('OUTBOX_RELAY_IMMEDIATE', true),
    retentionHours: r.int('OUTBOX_RETENTION_HOURS', 168, { min: 1 }),
    eventRetentionHours: r.int('EVENT_RETENTION_HOURS', 336, { min: 1 }),
    maxFailures: r.int('EVENT_MAX_FAILURES', 10, { min: 1, max: 1000 }),
    failureFile: r.optional('EVENT_FAILURE_FILE'),
  };
}

/** How often the relay deletes published events and inbox entries past their retention. */
export const OUTBOX_PURGE_EVERY_MS = 60 * 60 * 1000;
/** Rows deleted by one purge statement (a long backlog goes in several short transactions). */
const PURGE_BATCH = 5000;

export interface OutboxRelayOptions extends OutboxConfig {
  service: DeadLetterService;
  /** How long a claimed batch is reserved for this relay. */
  claimMs: number;
  batchSize: number;
}

export const OUTBOX_RELAY_OPTIONS = Symbol('OUTBOX_RELAY_OPTIONS');

/**
 * Publishes committed outbox rows. A batch is claimed in one statement (FOR UPDATE SKIP LOCKED, so
 * replicas never take the same rows), published outside any transaction, then marked published. A relay
 * that dies after publishing and before marking leaves the claim to expire; the row is published again
 * with the same id, which JetStream drops as a duplicate, and consumers are idempotent anyway.
 */
/** The relay's own writes change nothing readers see: commit listeners (read caches) are not told. */
const BOOKKEEPING = { bookkeeping: true };

@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown, EventSubscriber {
  private readonly log = new Logger('OutboxRelay');
  private timer?: NodeJS.Timeout;
  private lastPurge = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Set when a flush wrote outbox rows; the next commit then starts a drain. */
  private dirty = false;

  constructor(
    private readonly uow: UnitOfWork,
    @Inject(EVENT_PUBLISHER) private readonly publisher: EventPublisher,
    @Inject(OUTBOX_RELAY_OPTIONS) private readonly options: OutboxRelayOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.publisher.ensureStream(this.options.service);
    if (this.options.immediate) this.uow.raw.em.getEventManager().registerSubscriber(this);
    this.timer = setInterval(() => this.kick(), this.options.intervalMs);
    this.timer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  afterFlush(args: FlushEventArgs): void {
    if (args.uow.getChangeSets().some((c) => c.entity instanceof OutboxMessage)) {
      this.dirty = true;
      // A flush outside a transaction has committed already.
      if (!args.em.isInTransaction()) setImmediate(() => this.kick());
    }
  }

  afterTransactionCommit(): void {
    if (this.dirty) setImmediate(() => this.kick());
  }

  /** Starts a drain, or asks the running one to go round again. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().then(() => undefined, () => undefined).finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Publishes everything pending; resolves when nothing is left or a publish failed. Purges now and then. */
  async drain(): Promise<number> {
    this.dirty = false;
    let total = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) {
        await this.purgeWhenDue();
        return total;
      }
      // the batch in one go (JetStream: sent together, acknowledged together), marked published in one statement: those
      // before the first failure; the failed one and those after it are released for the next round (one of them that
      // went out meanwhile goes again with its id: a duplicate JetStream drops)
      let published: number;
      let failure: unknown;
      try {
        ({ published, error: failure } = await this.publisher.publishAll(batch.map((row) => row.payload as EventEnvelope)));
      } catch (error) {
        published = 0;
        failure = error;
      }
      if (published > 0) await this.markPublished(batch.slice(0, published).map((row) => row.id));
      total += published;
      if (published < batch.length) {
        const row = batch[published]!;
        this.log.warn(`publishing ${row.subject} ${row.id} failed, retrying later: ${(failure as Error)?.message ?? String(failure)}`);
        await this.release(batch.slice(published).map((r) => r.id));
        return total;
      }
      // a batch that was not full took every row there was: no claim to find none (rows committed since then kick the
      // relay again, those of other replicas their own relay, and the interval finds what is left)
      if (batch.length < this.options.batchSize) {
        await this.purgeWhenDue();
        return total;
      }
    }
  }

  private async purgeWhenDue(): Promise<void> {
    if (Date.now() - this.lastPurge < OUTBOX_PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.purge().catch((error: Error) => this.log.warn(`purging the outbox and inbox failed: ${error.message}`));
  }

  private async claim(): Promise<OutboxMessage[]> {
    return this.uow.write(async (em) => {
      const table = this.table(em);
      const rows = await em.execute<Record<string, unknown>[]>(
        `update ${table} set claimed_until = now() + (? * interval '1 millisecond'), attempts = attempts + 1
         where id in (select id from ${table}
                      where published_at is null and (claimed_until is null or claimed_until < now())
                      order by created_at, id limit ? for update skip locked)
         returning id, subject, payload, created_at`,
        [this.options.claimMs, this.options.batchSize],
      );
      return rows
        .map((r) => Object.assign(new OutboxMessage(), { id: r.id, subject: r.subject, payload: parseJson(r.payload), createdAt: r.created_at }))
        .sort((a, b) => +new Date(a.createdAt) - +new Date(b.createdAt));
    }, BOOKKEEPING);
  }

  /**
   * Deletes published events older than the retention (in batches, through the index on published_at; unpublished ones
   * stay whatever their age) and inbox entries a day older than the event streams keep events. Returns how many went.
   */
  async purge(): Promise<{ outbox: number; inbox: number }> {
    const outbox = await this.purgeRows(
      (table) => `delete from ${table} where id in (select id from ${table} where published_at < now() - (? * interval '1 hour') limit ?)`,
      OutboxMessage.name,
      'outbox',
      this.options.retentionHours,
    );
    const inbox = await this.purgeRows(
      (table) =>
        `delete from ${table} where (consumer, event_id) in
           (select consumer, event_id from ${table} where processed_at < now() - (? * interval '1 hour') limit ?)`,
      InboxEntry.name,
      'inbox',
      this.options.eventRetentionHours + 24,
    );
    // Failure counts of events that succeeded later elsewhere (another replica, after a restart); dead letters stay.
    await this.purgeRows(
      (table) =>
        `delete from ${table} where id in (select id from ${table} where dead_at is null and last_failed_at < now() - (? * interval '1 hour') limit ?)`,
      DeadLetter.name,
      'dead_letter',
      this.options.eventRetentionHours + 24,
    );
    return { outbox, inbox };
  }

  private async purgeRows(statement: (table: string) => string, entity: string, tableName: string, hours: number): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.uow.write(async (em) => {
        const rows = await em.execute<{ n: string }[]>(
          `with gone as (${statement(tableOf(em, entity, tableName))} returning 1) select count(*) as n from gone`,
          [hours, PURGE_BATCH],
        );
        return Number(rows[0]?.n ?? 0);
      }, BOOKKEEPING);
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }

  private async markPublished(ids: string[]): Promise<void> {
    await this.uow.write((em) =>
      em.execute(`update ${this.table(em)} set published_at = now(), claimed_until = null where id = any(?::uuid[])`, [uuidArray(ids)]), BOOKKEEPING,
    );
  }

  private async release(ids: string[]): Promise<void> {
    await this.uow.write((em) =>
      em.execute(`update ${this.table(em)} set claimed_until = null where id = any(?::uuid[]) and published_at is null`, [uuidArray(ids)]), BOOKKEEPING,
    );
  }

  private table(em: EntityManager): string {
    return tableOf(em, OutboxMessage.name, 'outbox');
  }
}

/** Outbox ids (uuids) as one PostgreSQL array literal, bound as one parameter (`= any(?::uuid[])`). */
function uuidArray(ids: string[]): string {
  return `{${ids.join(',')}}`;
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
