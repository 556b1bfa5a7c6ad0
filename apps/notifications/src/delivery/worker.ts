import { existsSync, writeFileSync } from 'node:fs';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { NotificationDeliveryEvents } from '@kanban/contracts';
import { type DeliveryResult, nextAttemptDelayMs, postHttp, type RetryPolicy, sendMail, uploadFile } from '@kanban/delivery';
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
 * Sends the due deliveries (docs/notifications.md "Delivery"): every DELIVERY_POLL_MS, and at once when this process
 * planned one, it claims a batch (`for update skip locked`; a lease of DELIVERY_LEASE_MS, after which a crashed
 * worker's rows are claimed again), sends each with libs/delivery under its key (mail: Message-ID; file: in the remote
 * name; HTTP: Idempotency-Key) and records the outcome: sent, another attempt at the channel's next retry time, or
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
    for (;;) {
      if (this.stopped) return total;
      const now = new Date();
      const claimed = await this.uow.write((em) => this.repository.claim(em, now, new Date(now.getTime() + this.config.leaseMs), this.config.batch));
      if (claimed.length === 0) return total;
      total += claimed.length;
      await Promise.all(claimed.map((d) => this.attempt(d).catch((e: unknown) => this.log.error(`delivery ${d.key}: ${errorText(e)}`))));
    }
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const result = await this.send(d);
    await this.pauseForTest(d.key);
    await this.record(d, result);
  }

  /** One attempt with the key; never throws (a server that is gone or whose secrets cannot be opened is a permanent failure). */
  private async send(d: ClaimedDelivery): Promise<DeliveryResult> {
    if (!d.payload) return { ok: false, answer: 'nothing to send (the message was not rendered)', kind: 'other', retryable: false };
    if (d.serverId === null) return { ok: false, answer: 'the rule names no server', kind: 'other', retryable: false };
    let conn;
    try {
      conn = connectionOf(await this.servers.credentials(systemCaller(d.companyId), d.serverId), this.config.timeoutMs);
    } catch (error) {
      return { ok: false, answer: `server ${d.serverId}: ${errorText(error)}`, kind: 'other', retryable: false };
    }
    try {
      if (d.channel === 'mail') {
        const mail = d.payload as MailPayload;
        return await sendMail(conn, {
          messageId: d.key,
          from: mail.from,
          to: mail.to,
          cc: mail.cc,
          subject: mail.subject,
          ...(mail.text !== undefined ? { text: mail.text } : {}),
          ...(mail.html !== undefined ? { html: mail.html } : {}),
          attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content_base64, 'base64') })),
        });
      }
      const file = d.payload as FilePayload;
      const content = Buffer.from(file.content_base64, 'base64');
      if (d.channel === 'http') return await postHttp(conn, { path: file.path || '/', body: content, contentType: file.content_type, idempotencyKey: d.key });
      return await uploadFile(conn, { path: file.path, fileName: remoteFileName(file.file_name, d.key), content });
    } catch (error) {
      return { ok: false, answer: errorText(error), kind: 'other', retryable: true };
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

  private async record(d: ClaimedDelivery, result: DeliveryResult): Promise<void> {
    const now = new Date();
    const scale = this.config.retryScale;
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
    await this.uow.forCompany(d.companyId).write(async (em) => {
      if (!(await this.repository.record(em, d, { status, answer, kind, next, at: now }))) {
        this.log.warn(`delivery ${d.key}: attempt ${d.attempts} not recorded (claimed again meanwhile)`);
        return;
      }
      if (d.orderId === null) {
        if (!result.ok) this.log.warn(`digest ${d.key}: attempt ${d.attempts} failed (${kind}): ${answer}`);
        return;
      }
      addToOutbox(em, NotificationDeliveryEvents.deliveryChanged, {
        company_id: d.companyId,
        order_id: d.orderId,
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
      await em.flush();
    });
    if (next) {
      const wait = next.getTime() - Date.now();
      if (wait < this.config.pollMs) setTimeout(() => this.wake(), Math.max(0, wait)).unref();
    }
  }
}
