import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryChannel, NotificationEvent } from '@kanban/contracts';
import type { DeliveryPayload } from './delivery.entity';
import type { DeliveryRecipient, DeliveryRule } from './matching';

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A delivery as the worker claims it. */
export interface ClaimedDelivery {
  id: number;
  companyId: number;
  key: string;
  ruleId: number;
  ruleName: string;
  orderId: number | null;
  /** an event without an order (null for orders and digests) */
  subject: string | null;
  side: 'O' | 'S';
  channel: DeliveryChannel;
  serverId: number | null;
  customerId: number | null;
  locationId: number | null;
  payload: DeliveryPayload | null;
  attempts: number;
  firstAttemptAt: Date;
}

/** What an attempt ended in, as recorded: `next` null when sent or given up. */
export interface DeliveryOutcome {
  status: 'sent' | 'pending' | 'failed';
  answer: string;
  kind: string | null;
  next: Date | null;
  at: Date;
}

/** A delivery to insert (planned). */
export interface NewDelivery {
  companyId: number;
  key: string;
  ruleId: number;
  ruleName: string;
  orderId: number | null;
  version: number;
  event: string;
  side: 'O' | 'S';
  channel: DeliveryChannel;
  serverId: number | null;
  customerId: number | null;
  locationId: number | null;
  supplierId: number | null;
  payload: DeliveryPayload | null;
  /** set when the message could not be rendered: the delivery is failed at once with this answer */
  failure: string | null;
  /** an event without an order: what it is about (`j{journal entry}`, `s{sensor}.{alarm}.t{ms}`); null for orders and digests */
  subject?: string | null;
}

function toRule(r: Row, recipients: DeliveryRecipient[]): DeliveryRule {
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    customerId: num(r.customer_id),
    locationId: num(r.location_id),
    supplierId: num(r.supplier_id),
    name: String(r.name),
    type: r.type as 'E' | 'F',
    active: Boolean(r.active),
    event: r.event as NotificationEvent,
    emailFrom: String(r.email_from ?? ''),
    emailFromName: String(r.email_from_name ?? ''),
    emailTo: String(r.email_to ?? ''),
    emailToName: String(r.email_to_name ?? ''),
    subject: String(r.subject ?? ''),
    emailTemplateId: num(r.email_template_id),
    attachmentTemplateId: num(r.attachment_template_id),
    attachmentName: String(r.attachment_name ?? ''),
    deliveryNotePdf: Boolean(r.delivery_note_pdf),
    serverId: num(r.server_id),
    path: String(r.path ?? ''),
    onlyDaily: Boolean(r.only_daily),
    dailyHour: Number(r.daily_hour ?? 0),
    allLocations: Boolean(r.all_locations),
    recipients,
  };
}

/**
 * The statements of the delivery (`notifications.delivery`, `notifications.digest_item`) and what it reads of the
 * rules (`notifications.notification_rule`, `notification_recipient`) and templates.
 */
@Injectable()
export class DeliveryRepository {
  /** The company's rules of these events (active or not: matching decides), with their recipients. */
  async rulesOf(em: EntityManager, companyId: number, events: NotificationEvent[], ruleId?: number): Promise<DeliveryRule[]> {
    const rows = await em.execute<Row[]>(
      ruleId === undefined
        ? `select * from notifications.notification_rule where company_id = ? and event in (${events.map(() => '?').join(', ')}) order by id`
        : 'select * from notifications.notification_rule where company_id = ? and id = ?',
      ruleId === undefined ? [companyId, ...events] : [companyId, ruleId],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const recipients = await em.execute<Row[]>(
      `select * from notifications.notification_recipient where company_id = ? and rule_id in (${ids.map(() => '?').join(', ')}) order by id`,
      [companyId, ...ids],
    );
    const byRule = new Map<number, DeliveryRecipient[]>();
    for (const r of recipients) {
      const list = byRule.get(Number(r.rule_id)) ?? [];
      list.push({ id: Number(r.id), kind: r.kind as DeliveryRecipient['kind'], contactId: num(r.contact_id), userId: num(r.user_id), email: String(r.email ?? ''), name: String(r.name ?? ''), cc: Boolean(r.cc) });
      byRule.set(Number(r.rule_id), list);
    }
    return rows.map((r) => toRule(r, byRule.get(Number(r.id)) ?? []));
  }

  async emailTemplate(em: EntityManager, companyId: number, id: number): Promise<{ header: string; body: string } | null> {
    const [row] = await em.execute<Row[]>('select header, body from notifications.email_template where company_id = ? and id = ?', [companyId, id]);
    return row ? { header: String(row.header), body: String(row.body) } : null;
  }

  async fileTemplate(em: EntityManager, companyId: number, id: number): Promise<{ name: string; header: string; body: string; encoding: string; linebreak: string } | null> {
    const [row] = await em.execute<Row[]>('select name, header, body, encoding, linebreak from notifications.file_template where company_id = ? and id = ?', [companyId, id]);
    return row ? { name: String(row.name), header: String(row.header), body: String(row.body), encoding: String(row.encoding), linebreak: String(row.linebreak) } : null;
  }

  async serverType(em: EntityManager, companyId: number, id: number): Promise<string | null> {
    const [row] = await em.execute<Row[]>('select type from notifications.server where company_id = ? and id = ?', [companyId, id]);
    return row ? String(row.type) : null;
  }

  /** The highest version delivered of a rule for an order (0: none). */
  async lastVersion(em: EntityManager, ruleId: number, orderId: number): Promise<number> {
    const [row] = await em.execute<Row[]>('select coalesce(max(version), 0)::int as v from notifications.delivery where rule_id = ? and order_id = ?', [ruleId, orderId]);
    return Number(row?.v ?? 0);
  }

  /** Inserts a planned delivery; false when its key exists (planned before: nothing happens twice). */
  async insert(em: EntityManager, d: NewDelivery, now: Date): Promise<boolean> {
    const failed = d.failure !== null;
    const rows = await em.execute<Row[]>(
      `insert into notifications.delivery (company_id, key, rule_id, rule_name, order_id, subject, version, event, side, channel, server_id, customer_id, location_id, supplier_id,
                                           payload, status, attempts, next_attempt_at, last_answer, last_kind, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, cast(? as jsonb), ?, 0, ?, ?, ?, ?)
       on conflict (key) do nothing returning id`,
      [
        d.companyId, d.key, d.ruleId, d.ruleName, d.orderId, d.subject ?? null, d.version, d.event, d.side, d.channel, d.serverId, d.customerId, d.locationId, d.supplierId,
        d.payload === null ? null : JSON.stringify(d.payload),
        failed ? 'failed' : 'pending',
        failed ? null : now,
        d.failure ?? '',
        failed ? 'other' : null,
        now,
      ],
    );
    return rows.length > 0;
  }

  /**
   * Claims up to `limit` due deliveries: pending ones whose next attempt is due, and `sending` ones whose lease ran
   * out (their worker crashed or hangs). Counts the attempt and sets the lease in the same statement.
   */
  async claim(em: EntityManager, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await em.execute<Row[]>(
      `update notifications.delivery d
          set status = 'sending', lease_until = ?, attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, ?)
        where d.id in (select id from notifications.delivery
                        where (status = 'pending' and next_attempt_at <= ?) or (status = 'sending' and lease_until <= ?)
                        order by next_attempt_at, id limit ? for update skip locked)
        returning d.*`,
      [leaseUntil, now, now, now, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      companyId: Number(r.company_id),
      key: String(r.key),
      ruleId: Number(r.rule_id),
      ruleName: String(r.rule_name),
      orderId: num(r.order_id),
      subject: r.subject === null || r.subject === undefined ? null : String(r.subject),
      side: r.side as 'O' | 'S',
      channel: r.channel as DeliveryChannel,
      serverId: num(r.server_id),
      customerId: num(r.customer_id),
      locationId: num(r.location_id),
      payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as DeliveryPayload | null,
      attempts: Number(r.attempts),
      firstAttemptAt: new Date(r.first_attempt_at as string),
    }));
  }

  /**
   * Records the outcomes of many attempts in one statement (the worker's batch of one company): each row only if it is
   * still that attempt's claim, as `record`. Answers the ids recorded.
   */
  async recordAll(em: EntityManager, outcomes: { d: ClaimedDelivery; outcome: DeliveryOutcome }[]): Promise<Set<number>> {
    if (outcomes.length === 0) return new Set();
    const values = outcomes.map(() => '(cast(? as bigint), cast(? as int), cast(? as text), cast(? as text), cast(? as text), cast(? as timestamptz), cast(? as timestamptz))').join(', ');
    const params = outcomes.flatMap(({ d, outcome }) => [d.id, d.attempts, outcome.status, outcome.answer.slice(0, 2000), outcome.kind, outcome.next, outcome.at]);
    const rows = await em.execute<Row[]>(
      `update notifications.delivery d
          set status = v.status, last_answer = v.answer, last_kind = v.kind, next_attempt_at = coalesce(v.next, d.next_attempt_at), lease_until = null,
              sent_at = case when v.status = 'sent' then v.at else d.sent_at end
         from (values ${values}) as v(id, attempts, status, answer, kind, next, at)
        where d.id = v.id and d.status = 'sending' and d.attempts = v.attempts
        returning d.id`,
      params,
    );
    return new Set(rows.map((r) => Number(r.id)));
  }
}
