import { existsSync, writeFileSync } from 'node:fs';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { NotificationDeliveryEvents } from '@kanban/contracts';
import {
  type DeliveryResult,
  type FileTarget,
  type MailTarget,
  nextAttemptDelayMs,
  openFileTarget,
  openMailTarget,
  type OutgoingMail,
  postHttp,
  type RetryPolicy,
  type ServerConnection,
} from '@kanban/delivery';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { NOTIFICATIONS_CONFIG, type DeliveryConfig, type NotificationsConfig } from '../config';
import { connectionOf, ServersService } from '../servers/servers.service';
import type { FilePayload, MailPayload } from './delivery.entity';
import { type ClaimedDelivery, DeliveryRepository } from './delivery.repository';
import { remoteFileName } from './matching';
import { systemCaller } from './system-caller';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
/**
 * Attempts recorded in one transaction at most, and how long the first of them waits for others (ms) unless every
 * attempt of its group has ended (then at once).
 */
const RECORD_BATCH = 100;
const RECORD_LINGER_MS = 100;

/**
 * Sends the due deliveries (docs/notifications.md "Delivery"): every DELIVERY_POLL_MS, and at once when this process
 * planned one, it claims a batch (`for update skip locked`; a lease of DELIVERY_LEASE_MS, after which a crashed
 * worker's rows are claimed again), sends each with libs/delivery under its key (mail: Message-ID; file: in the remote
 * name; HTTP: Idempotency-Key) and records the outcomes (batched: many attempts in one transaction): sent, another attempt at the channel's next retry time, or
 * failed when the failure is permanent or the give-up time is past. Each attempt publishes
 * evt.notifications.delivery_changed (the orders service writes the order's history, status and journal). A
 * delivery recorded as sent is never claimed again; one sent but not recorded (a crash) is sent again with the same
 * key, which the receivers recognise. Runs in every process of the service (embedded: the one process; distributed:
 * each notifications replica), unless DELIVERY_WORKER=false.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('DeliveryWorker');
  private readonly config: DeliveryConfig;
  private readonly policy: RetryPolicy;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork,
    private readonly repository: DeliveryRepository,
    private readonly servers: ServersService,
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
  ) {
    this.config = config.delivery;
    this.policy = { mailGiveUpAfterMs: this.config.mailGiveUpAfterMs, fileGiveUpAfterMs: this.config.fileGiveUpAfterMs, httpGiveUpAfterMs: this.config.httpGiveUpAfterMs };
  }

  onApplicationBootstrap(): void {
    if (!this.config.worker) return;
    this.timer = setInterval(() => this.wake(), this.config.pollMs);
    this.timer.unref();
    this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Looks for due deliveries now (a run in progress runs once more after it). */
  wake(): void {
    if (!this.config.worker || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.tick().catch((e: unknown) => this.log.warn(`delivery run failed: ${errorText(e)}`));
  }

  /** Sends what is due until nothing is; answers how many attempts were made. */
  tick(): Promise<number> {
    this.running ??= this.runAll().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.wake();
      }
    });
    return this.running;
  }

  private async runAll(): Promise<number> {
    let total = 0;
    const pools = new MailPools();
    try {
      for (;;) {
        if (this.stopped) return total;
        const now = new Date();
        const claimed = await this.uow.write((em) => this.repository.claim(em, now, new Date(now.getTime() + this.config.leaseMs), this.config.batch));
        if (claimed.length === 0) return total;
        total += claimed.length;
        await Promise.all(
          [...groupByServer(claimed).values()].map((group) => this.sendGroup(group, pools).catch((e: unknown) => this.log.error(`deliveries to server ${group[0]!.serverId}: ${errorText(e)}`))),
        );
      }
    } finally {
      await pools.closeAll();
    }
  }

  /**
   * The claimed deliveries to one server: its credentials opened once, then mail over a pool of up to
   * DELIVERY_MAIL_CONNECTIONS kept-open SMTP connections (kept for the next batches of the run: `MailPools`), files over one SFTP or FTP login one after the other, HTTP
   * posts side by side; the ended attempts recorded in batches (`recorder`: one transaction for up to RECORD_BATCH). A server that cannot be opened or
   * logged into fails every delivery of the group with the same answer (each then retried or given up on its own).
   */
  private async sendGroup(group: ClaimedDelivery[], pools: MailPools): Promise<void> {
    const first = group[0]!;
    const recorder = this.recorder(first.companyId, group.length);
    const finish = async (d: ClaimedDelivery, result: DeliveryResult) => {
      await this.pauseForTest(d.key);
      await recorder.add(d, result);
    };
    const failAll = (result: DeliveryResult) => Promise.all(group.map((d) => finish(d, result)));
    const sendable = group.filter((d) => d.payload);
    await Promise.all(group.filter((d) => !d.payload).map((d) => finish(d, { ok: false, answer: 'nothing to send (the message was not rendered)', kind: 'other', retryable: false })));
    if (sendable.length === 0) return;
    if (first.serverId === null) {
      await failAll({ ok: false, answer: 'the rule names no server', kind: 'other', retryable: false });
      return;
    }
    let conn;
    try {
      conn = connectionOf(await this.servers.credentials(systemCaller(first.companyId), first.serverId), this.config.timeoutMs);
    } catch (error) {
      await failAll({ ok: false, answer: `server ${first.serverId}: ${errorText(error)}`, kind: 'other', retryable: false });
      return;
    }
    const guarded = (send: () => Promise<DeliveryResult>): Promise<DeliveryResult> =>
      send().catch((error: unknown) => ({ ok: false, answer: errorText(error), kind: 'other', retryable: true }) as DeliveryResult);

    if (first.channel === 'mail') {
      const target = pools.get(`${first.companyId}:${first.serverId}`, conn, () => openMailTarget(conn, { maxConnections: this.config.mailConnections }));
      await Promise.all(sendable.map(async (d) => finish(d, await guarded(() => target.send(outgoingMail(d))))));
      return;
    }
    if (first.channel === 'http') {
      await Promise.all(
        sendable.map(async (d) => {
          const file = d.payload as FilePayload;
          const content = Buffer.from(file.content_base64, 'base64');
          await finish(d, await guarded(() => postHttp(conn, { path: file.path || '/', body: content, contentType: file.content_type, idempotencyKey: d.key })));
        }),
      );
      return;
    }
    let target: FileTarget;
    try {
      const opened = await openFileTarget(conn);
      if (!opened.ok) {
        await failAll(opened);
        return;
      }
      target = opened.target;
    } catch (error) {
      await failAll({ ok: false, answer: errorText(error), kind: 'other', retryable: true });
      return;
    }
    try {
      await Promise.all(
        sendable.map(async (d) => {
          const file = d.payload as FilePayload;
          const upload = { path: file.path, fileName: remoteFileName(file.file_name, d.key), content: Buffer.from(file.content_base64, 'base64') };
          await finish(d, await guarded(() => target.upload(upload)));
        }),
      );
    } finally {
      await target.close().catch(() => undefined);
    }
  }

  /** Tests only (DELIVERY_TEST_PAUSE_FILE): stops between sending and recording while the file exists. */
  private async pauseForTest(key: string): Promise<void> {
    const file = this.config.testPauseFile;
    if (!file || !existsSync(file)) return;
    writeFileSync(`${file}.sent`, key);
    this.log.warn(`paused after sending ${key} (${file})`);
    while (existsSync(file) && !this.stopped) await sleep(50);
  }

  /**
   * A recorder of one group's `expected` attempts (docs/notifications.md "Delivery", batching): each ended attempt waits
   * in a queue until RECORD_LINGER_MS after the first one waiting, until RECORD_BATCH wait or until the group's last
   * attempt has ended, then they are recorded
   * together in one transaction (their rows, and an evt.notifications.delivery_changed each in the outbox); the
   * promise of an attempt settles when its batch was committed (or failed: its rows stay `sending` and are claimed
   * again when the lease runs out, and sent again under the same key, as after a crash).
   */
  private recorder(companyId: number, expected: number): { add: (d: ClaimedDelivery, result: DeliveryResult) => Promise<void> } {
    const queue: { d: ClaimedDelivery; result: DeliveryResult; done: () => void }[] = [];
    let ended = 0;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;
    const drain = async (): Promise<void> => {
      while (queue.length > 0) {
        const batch = queue.splice(0, RECORD_BATCH);
        await this.recordBatch(companyId, batch).catch((e: unknown) => this.log.error(`recording ${batch.length} deliveries (${batch[0]!.d.key} …): ${errorText(e)}`));
        for (const b of batch) b.done();
      }
      running = null;
    };
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      running ??= drain();
    };
    return {
      add: (d, result) =>
        new Promise<void>((done) => {
          queue.push({ d, result, done });
          ended++;
          if (queue.length >= RECORD_BATCH || (ended >= expected && !running)) flush();
          else if (!timer && !running) timer = setTimeout(flush, RECORD_LINGER_MS);
          // a batch being recorded takes what waits when it is done (its loop), so no timer is needed then
        }),
    };
  }

  /** Records attempts of one company in one transaction: sent, another attempt at the channel's next retry time, or failed. */
  private async recordBatch(companyId: number, batch: { d: ClaimedDelivery; result: DeliveryResult }[]): Promise<void> {
    const now = new Date();
    const scale = this.config.retryScale;
    const outcomes = batch.map(({ d, result }) => {
      let status: 'sent' | 'pending' | 'failed';
      let next: Date | null = null;
      if (result.ok) status = 'sent';
      else {
        const elapsed = (now.getTime() - d.firstAttemptAt.getTime()) / scale;
        const delay = nextAttemptDelayMs(d.channel, d.attempts, elapsed, result.retryable, this.policy);
        if (delay === null) status = 'failed';
        else {
          status = 'pending';
          next = new Date(now.getTime() + Math.max(1, Math.round(delay * scale)));
        }
      }
      const answer = result.ok && result.alreadyDelivered ? `already delivered: ${result.answer}` : result.answer;
      const kind = result.ok ? null : result.kind;
      return { d, ok: result.ok, outcome: { status, answer, kind, next, at: now } };
    });
    await this.uow.forCompany(companyId).write(async (em) => {
      const recorded = await this.repository.recordAll(em, outcomes);
      for (const { d, ok, outcome } of outcomes) {
        const { status, answer, kind, next } = outcome;
        if (!recorded.has(d.id)) {
          this.log.warn(`delivery ${d.key}: attempt ${d.attempts} not recorded (claimed again meanwhile)`);
          continue;
        }
        if (d.orderId === null && d.subject === null) {
          if (!ok) this.log.warn(`digest ${d.key}: attempt ${d.attempts} failed (${kind}): ${answer}`);
          continue;
        }
        addToOutbox(em, NotificationDeliveryEvents.deliveryChanged, {
          company_id: d.companyId,
          order_id: d.orderId,
          ...(d.subject !== null ? { subject: d.subject } : {}),
          key: d.key,
          rule_id: d.ruleId,
          rule_name: d.ruleName,
          side: d.side,
          channel: d.channel,
          status: status === 'pending' ? 'retrying' : status,
          attempt: d.attempts,
          answer: answer.slice(0, 500),
          kind,
          next_attempt_at: next?.toISOString() ?? null,
          at: now.toISOString(),
          customer_id: d.customerId,
          location_id: d.locationId,
        });
      }
      await em.flush();
    });
    const soonest = Math.min(...outcomes.map(({ outcome }) => outcome.next?.getTime() ?? Infinity));
    if (soonest !== Infinity) {
      const wait = soonest - Date.now();
      if (wait < this.config.pollMs) setTimeout(() => this.wake(), Math.max(0, wait)).unref();
    }
  }
}

/**
 * The SMTP pools of one worker run, by company and server: the next claimed batch to the same server sends over the
 * connections the last one opened (no new greeting, EHLO and login per batch), unless the server's settings changed
 * meanwhile (then a new pool). Closed, after their last mails, when the run ends (nothing more due).
 */
class MailPools {
  private readonly open = new Map<string, { settings: string; target: MailTarget }>();

  get(key: string, conn: ServerConnection, make: () => MailTarget): MailTarget {
    const settings = JSON.stringify(conn);
    const known = this.open.get(key);
    if (known?.settings === settings) return known.target;
    if (known) void known.target.close().catch(() => undefined);
    const target = make();
    this.open.set(key, { settings, target });
    return target;
  }

  async closeAll(): Promise<void> {
    const targets = [...this.open.values()].map((p) => p.target);
    this.open.clear();
    await Promise.all(targets.map((t) => t.close().catch(() => undefined)));
  }
}

/** The claimed deliveries by company, server and channel (one connection or pool each). */
function groupByServer(claimed: ClaimedDelivery[]): Map<string, ClaimedDelivery[]> {
  const groups = new Map<string, ClaimedDelivery[]>();
  for (const d of claimed) {
    const key = `${d.companyId}:${d.serverId ?? '-'}:${d.channel}`;
    const group = groups.get(key);
    if (group) group.push(d);
    else groups.set(key, [d]);
  }
  return groups;
}

/** A mail delivery's payload as the SMTP transport takes it, with its key as Message-ID. */
function outgoingMail(d: ClaimedDelivery): OutgoingMail {
  const mail = d.payload as MailPayload;
  return {
    messageId: d.key,
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    ...(mail.text !== undefined ? { text: mail.text } : {}),
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content_base64, 'base64') })),
  };
}
