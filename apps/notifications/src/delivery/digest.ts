import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import type { MailPayload } from './delivery.entity';
import { DeliveryRepository } from './delivery.repository';
import { digestKey, type DeliveryRule } from './matching';
import { address, DeliveryPlanner } from './planner';
import { systemCaller } from './system-caller';
import { DeliveryWorker } from './worker';

type Row = Record<string, unknown>;

/** A company's local day (YYYY-MM-DD) and hour in its time zone. */
export function localDayHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The digest's text: one line per event, oldest first, with its local time. */
export function digestText(ruleName: string, day: string, items: { summary: string; occurredAt: Date }[], timeZone: string): string {
  const time = new Intl.DateTimeFormat('de-DE', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const lines = items.map((i) => `${time.format(i.occurredAt)}  ${i.summary}`);
  return `${ruleName}: ${day}\n\n${lines.join('\n')}\n`;
}

/**
 * The daily digests of only-daily e-mail rules (docs/notifications.md "Daily digests"): every
 * DELIVERY_DIGEST_CHECK_MS it looks at the rules with collected events; once the company's local hour (identity's
 * company time zone) reaches the rule's daily_hour, it plans one mail per recipient listing the collected events,
 * key `r{rule}.d{day}.{address}` (unique: once per rule, recipient and day, whichever process gets there first), and
 * marks the events taken (digest_day). Events collected after that go into the next day's digest. The worker sends the
 * digests like every delivery (retries, give-up); they concern no single order, so they write no order history.
 */
@Injectable()
export class DigestJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('DeliveryDigests');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    @Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork,
    private readonly repository: DeliveryRepository,
    private readonly planner: DeliveryPlanner,
    private readonly worker: DeliveryWorker,
    private readonly bus: ServiceBus,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.delivery.worker) return;
    this.timer = setInterval(() => void this.tick().catch((e: unknown) => this.log.warn(`digest check failed: ${(e as Error).message}`)), this.config.delivery.digestCheckMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One check (joined when one is running); answers the digests planned. */
  tick(now = new Date()): Promise<number> {
    this.running ??= this.check(now).finally(() => (this.running = null));
    return this.running;
  }

  private async check(now: Date): Promise<number> {
    const due = await this.uow.read((em) =>
      em.execute<Row[]>(
        `select distinct r.company_id, r.id from notifications.notification_rule r
           join notifications.digest_item i on i.rule_id = r.id and i.company_id = r.company_id and i.digest_day is null
          where r.only_daily and r.active and r.type = 'E'`,
      ),
    );
    const zones = new Map<number, string>();
    let planned = 0;
    for (const row of due) {
      const companyId = Number(row.company_id);
      try {
        if (!zones.has(companyId)) zones.set(companyId, (await this.bus.request('identity.company.get', { caller: systemCaller(companyId) })).timezone || 'Europe/Berlin');
        const [rule] = await this.uow.forCompany(companyId).read((em) => this.repository.rulesOf(em, companyId, [], Number(row.id)));
        if (rule) planned += await this.digest(rule, zones.get(companyId)!, now);
      } catch (error) {
        this.log.warn(`digest of rule ${String(row.id)} not planned: ${(error as Error).message}`);
      }
    }
    if (planned > 0) this.worker.wake();
    return planned;
  }

  /** The rule's digest of today when its hour has come and none was planned today; answers the mails planned. */
  private async digest(rule: DeliveryRule, timeZone: string, now: Date): Promise<number> {
    const { day, hour } = localDayHour(now, timeZone);
    if (hour < rule.dailyHour) return 0;
    const companyId = rule.companyId;
    const caller = systemCaller(companyId);
    const { to, cc } = await this.planner.addresses(caller, rule);
    const recipients = [...to, ...cc];
    if (rule.serverId === null || recipients.length === 0) {
      this.log.warn(`digest of rule ${rule.id}: no server or no recipients`);
      return 0;
    }
    const [server] = await this.uow.forCompany(companyId).read((em) => em.execute<Row[]>('select username from notifications.server where company_id = ? and id = ?', [companyId, rule.serverId]));
    const from = rule.emailFrom || String(server?.username ?? '');
    return this.uow.forCompany(companyId).write(async (em) => {
      const done = await em.execute<Row[]>('select 1 from notifications.delivery where rule_id = ? and key like ? limit 1', [rule.id, `r${rule.id}.d${day}.%`]);
      if (done.length > 0) return 0;
      const items = await em.execute<Row[]>(
        'select id, summary, occurred_at from notifications.digest_item where rule_id = ? and company_id = ? and digest_day is null and occurred_at <= ? order by occurred_at, id for update',
        [rule.id, companyId, now],
      );
      if (items.length === 0) return 0;
      const text = digestText(rule.name, day, items.map((i) => ({ summary: String(i.summary), occurredAt: new Date(i.occurred_at as string) })), timeZone);
      await em.execute(`update notifications.digest_item set digest_day = ? where id in (${items.map(() => '?').join(', ')})`, [day, ...items.map((i) => i.id)]);
      let count = 0;
      for (const recipient of recipients) {
        const payload: MailPayload = {
          from: address(from, rule.emailFromName),
          to: [recipient.display],
          cc: [],
          subject: `${rule.name}: ${items.length} × ${day}`,
          text,
          attachments: [],
        };
        const inserted = await this.repository.insert(
          em,
          {
            companyId,
            key: digestKey(rule.id, day, recipient.email),
            ruleId: rule.id,
            ruleName: rule.name,
            orderId: null,
            version: 1,
            event: 'digest',
            side: rule.supplierId !== null ? 'S' : 'O',
            channel: 'mail',
            serverId: rule.serverId,
            customerId: rule.customerId,
            locationId: rule.locationId,
            supplierId: rule.supplierId,
            payload,
            failure: from.includes('@') ? null : "the rule has no sender (email_from) and the SMTP server's user is no address",
          },
          now,
        );
        if (inserted) count += 1;
      }
      return count;
    });
  }
}
