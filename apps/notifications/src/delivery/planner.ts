import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import { type CompanyCaller, type DeliveryChannel, NotificationDeliveryEvents, type NotificationEvent, type OrderDto } from '@kanban/contracts';
import { addToOutbox, claimInbox, ServiceBus } from '@kanban/messaging';
import { type DocEvent, type FileEncoding, type LineBreak, type OrderDocument, renderCsv, renderEmailTemplate, renderFileTemplate } from '@kanban/notify-templates';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { OrderSource } from '../templates/order-source';
import type { DeliveryPayload, FilePayload, MailPayload } from './delivery.entity';
import { deliveryNoteAttachment } from './delivery-note';
import { DeliveryRepository, type NewDelivery } from './delivery.repository';
import { deliveryKey, type DeliveryRule, type EventPlace, matchingRules, matchingRulesAtPlaces, sideOf, type SubjectPlace, subjectDeliveryKey } from './matching';
import { systemCaller } from './system-caller';
import { DeliveryWorker } from './worker';

/** What an event asks the planner for. */
export interface PlanRequest {
  companyId: number;
  event: NotificationEvent;
  orderId: number;
  /** when the event happened */
  at: Date;
  /** the event's id and the consumer: the inbox claims it in the planning transaction (each event planned once) */
  inbox?: { consumer: string; eventId: string };
  /** trigger: this rule only (active or not), with a new version */
  ruleId?: number;
  /** the version: `next` = one more than the rule's last for the order (supply deliveries, triggers); default 1 */
  version?: 'first' | 'next';
  /** what templates see as `event.text` (default: the event and the order's number) */
  text?: string;
}

/**
 * An event without an order (journal_entry, sensor_offline, sensor_alarm; docs/notifications.md "Events without an
 * order"): its subject names it in the key (`r{rule}.{subject}`), its places choose the rules (matchingRulesAtPlaces)
 * and what the templates see (`event`, and the first place's customer and location).
 */
export interface SubjectPlanRequest {
  companyId: number;
  event: NotificationEvent;
  /** `j{journal entry id}`, `s{sensor}.{alarm}.t{ms}`: unique per event */
  subject: string;
  places: SubjectPlace[];
  /** what templates see as `event` (kind and at are set from the request) */
  data: Pick<DocEvent, 'text' | 'journal' | 'sensor'>;
  at: Date;
  inbox?: { consumer: string; eventId: string };
}

export interface PlanResult {
  keys: string[];
  queued: number;
  digested: number;
}

const DEFAULT_MAIL = {
  header: 'Order {{order.id}}: {{customer.name}}, {{location.name}}',
  body: 'Order {{order.id}} of {{order.date}}\n{{customer.name}}, {{location.name}}\nSupplier: {{supplier.name}}\n\n{{#each lines}}{{pos}}  {{sku}}  {{name}}  {{quantity}} {{unit}}  ({{shipping}})\n{{/each}}',
};
const DEFAULT_FILE_NAME = 'order_{{order.id}}.csv';
/** The default mail of an event without an order (no e-mail template): the event's line and its fields. */
const DEFAULT_EVENT_MAIL = {
  header: '{{event.text}}',
  body:
    '{{event.text}}\n\n{{#if customer.name}}{{customer.name}}{{#if location.name}}, {{location.name}}{{/if}}\n{{/if}}{{event.at}}\n' +
    '{{#if event.journal}}Journal {{event.journal.code}} ({{event.journal.message_key}}){{#if event.journal.order_id}}, order {{event.journal.order_id}}{{/if}}\n{{/if}}' +
    '{{#if event.sensor}}Sensor {{event.sensor.name}} ({{event.sensor.external_id}}): {{event.sensor.alarm}}{{#if event.sensor.places}}, {{event.sensor.places}}{{/if}}\n{{/if}}',
};

function contentTypeOf(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'csv') return 'text/csv';
  if (ext === 'xml') return 'application/xml';
  if (ext === 'json') return 'application/json';
  if (ext === 'txt') return 'text/plain';
  if (ext === 'pdf') return 'application/pdf';
  return 'application/octet-stream';
}

export function address(email: string, name: string): string {
  const clean = name.replace(/["\\\r\n]/g, '').trim();
  return clean ? `"${clean}" <${email}>` : email;
}

/** A recipient's address and how it is written in the header (`"Name" <address>`). */
export interface Address {
  email: string;
  display: string;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Plans the deliveries of an event (docs/notifications.md "Delivery"): the company's active rules of the event that
 * match its place (matching.ts), each rendered now (its mail with subject, body and attachment, or its file) and
 * stored under its key `r{rule}.o{order}.v{version}` (`on conflict do nothing`: an event planned twice plans once), in
 * one transaction with the event's inbox claim and an evt.notifications.delivery_changed `pending` per delivery.
 * Rules with only_daily collect the event for their digest instead. A message that cannot be rendered is stored as
 * failed at once (its reason as the answer). The order and what is around it are fetched over the bus before the
 * transaction, as the company's owner.
 */
@Injectable()
export class DeliveryPlanner {
  private readonly log = new Logger('DeliveryPlanner');

  constructor(
    @Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork,
    private readonly repository: DeliveryRepository,
    private readonly orders: OrderSource,
    private readonly bus: ServiceBus,
    private readonly worker: DeliveryWorker,
  ) {}

  async plan(request: PlanRequest): Promise<PlanResult> {
    const { companyId } = request;
    const rules = await this.uow.forCompany(companyId).read((em) => this.repository.rulesOf(em, companyId, [request.event], request.ruleId));
    const done = { keys: [] as string[], queued: 0, digested: 0 };
    if (rules.length === 0) {
      await this.claimOnly(request);
      return done;
    }
    const caller = systemCaller(companyId);
    let order: OrderDto;
    try {
      order = await this.bus.request('orders.order.get', { caller, scope: {}, orderId: request.orderId });
    } catch (error) {
      if (error instanceof AppError && error.code === ProtocolCode.NotFound) {
        this.log.warn(`order ${request.orderId} of company ${companyId} not found: ${request.event} planned nothing`);
        await this.claimOnly(request);
        return done;
      }
      throw error;
    }
    const place: EventPlace = { customerId: order.customer_id, locationId: order.location_id, supplierId: order.supplier_id };
    const chosen = request.ruleId !== undefined ? rules : matchingRules(rules, request.event, place);
    // only_daily: e-mail rules collect the event for their digest; a file rule has no digest and writes each order
    const isDaily = (r: DeliveryRule) => request.ruleId === undefined && r.onlyDaily && r.type === 'E';
    const perEvent = chosen.filter((r) => !isDaily(r));
    const daily = chosen.filter(isDaily);

    // rendered outside the transaction (bus calls for the document and the recipients' addresses)
    const rendered: (Omit<NewDelivery, 'key' | 'version'> & { rule: DeliveryRule })[] = [];
    const documents = new Map<string, OrderDocument>();
    const documentFor = async (rule: DeliveryRule): Promise<OrderDocument> => {
      const lines = rule.supplierId !== null ? (order.lines ?? []).filter((l) => l.supplier_id === rule.supplierId) : order.lines;
      const id = rule.supplierId !== null ? `s${rule.supplierId}` : 'all';
      const cached = documents.get(id);
      if (cached) return cached;
      const built = await this.orders.build(caller, { ...order, lines });
      const document: OrderDocument = {
        ...built,
        event: { kind: request.event, at: request.at.toISOString(), text: request.text ?? `order ${order.id}: ${request.event}`, journal: null, sensor: null },
      };
      documents.set(id, document);
      return document;
    };
    for (const rule of perEvent) {
      const base = {
        companyId,
        ruleId: rule.id,
        ruleName: rule.name,
        orderId: order.id,
        event: request.event,
        side: sideOf(rule, request.event),
        serverId: rule.serverId,
        customerId: order.customer_id,
        locationId: order.location_id,
        supplierId: order.supplier_id,
        rule,
      };
      try {
        const { channel, payload } = await this.render(caller, rule, await documentFor(rule));
        rendered.push({ ...base, channel, payload, failure: null });
      } catch (error) {
        rendered.push({ ...base, channel: rule.type === 'E' ? 'mail' : 'file', payload: null, failure: `not rendered: ${errorText(error)}` });
      }
    }
    const summaries = new Map<number, string>();
    for (const rule of daily) summaries.set(rule.id, await this.summary(rule, await documentFor(rule), request.event));

    const result = await this.uow.forCompany(companyId).write(async (em) => {
      if (request.inbox && !(await claimInbox(em, request.inbox.consumer, request.inbox.eventId))) return null;
      const now = new Date();
      const keys: string[] = [];
      let queued = 0;
      for (const d of rendered) {
        const version = request.version === 'next' ? (await this.repository.lastVersion(em, d.ruleId, order.id)) + 1 : 1;
        const key = deliveryKey(d.ruleId, order.id, version);
        const { rule: _rule, ...row } = d;
        keys.push(key);
        if (!(await this.repository.insert(em, { ...row, key, version }, now))) continue;
        queued += 1;
        addToOutbox(em, NotificationDeliveryEvents.deliveryChanged, {
          company_id: companyId,
          order_id: order.id,
          key,
          rule_id: d.ruleId,
          rule_name: d.ruleName,
          side: d.side,
          channel: d.channel,
          status: d.failure !== null ? 'failed' : 'pending',
          attempt: 0,
          answer: d.failure ?? '',
          kind: d.failure !== null ? 'other' : null,
          next_attempt_at: null,
          at: now.toISOString(),
          customer_id: d.customerId,
          location_id: d.locationId,
        });
      }
      let digested = 0;
      for (const rule of daily) {
        digested += await this.addDigestItem(em, companyId, rule.id, order.id, request.event, summaries.get(rule.id) ?? '', request.at);
      }
      await em.flush();
      return { keys, queued, digested };
    });
    if (result && result.queued > 0) this.worker.wake();
    return result ?? done;
  }

  /**
   * Plans an event without an order (docs/notifications.md "Events without an order"): the active e-mail rules of the
   * event matching its places, each mail rendered now on the event's document (no order, no lines; the first
   * place's customer and location) and stored under `r{rule}.{subject}`, with the inbox claim, in one transaction.
   * Only-daily rules collect it for their digest. These deliveries concern no order: they write no order history.
   */
  async planSubject(request: SubjectPlanRequest): Promise<PlanResult> {
    const { companyId } = request;
    const done = { keys: [] as string[], queued: 0, digested: 0 };
    const rules = await this.uow.forCompany(companyId).read((em) => this.repository.rulesOf(em, companyId, [request.event]));
    const chosen = matchingRulesAtPlaces(rules, request.event, request.places);
    if (chosen.length === 0) {
      await this.claimOnly(request);
      return done;
    }
    const caller = systemCaller(companyId);
    const place = request.places.find((p) => p.customerId !== null) ?? { customerId: null, locationId: null };
    const event: DocEvent = { kind: request.event, at: request.at.toISOString(), ...request.data };
    const document = await this.orders.buildForEvent(caller, place, event);
    const isDaily = (r: DeliveryRule) => r.onlyDaily && r.type === 'E';
    const rendered: (Omit<NewDelivery, 'key' | 'version'> & { key: string })[] = [];
    for (const rule of chosen.filter((r) => !isDaily(r))) {
      const base = {
        companyId,
        key: subjectDeliveryKey(rule.id, request.subject),
        ruleId: rule.id,
        ruleName: rule.name,
        orderId: null,
        event: request.event,
        side: 'O' as const,
        serverId: rule.serverId,
        customerId: place.customerId,
        locationId: place.locationId,
        supplierId: null,
        subject: request.subject,
      };
      try {
        const { channel, payload } = await this.render(caller, rule, document, DEFAULT_EVENT_MAIL);
        rendered.push({ ...base, channel, payload, failure: null });
      } catch (error) {
        rendered.push({ ...base, channel: rule.type === 'E' ? 'mail' : 'file', payload: null, failure: `not rendered: ${errorText(error)}` });
      }
    }
    const summaries = new Map<number, string>();
    for (const rule of chosen.filter(isDaily)) summaries.set(rule.id, await this.summary(rule, document, request.event, DEFAULT_EVENT_MAIL));

    const result = await this.uow.forCompany(companyId).write(async (em) => {
      if (request.inbox && !(await claimInbox(em, request.inbox.consumer, request.inbox.eventId))) return null;
      const now = new Date();
      let queued = 0;
      for (const d of rendered) {
        if (!(await this.repository.insert(em, { ...d, version: 1 }, now))) continue;
        queued += 1;
        // a message that could not be rendered failed at once: the orders service journals it (no order history)
        if (d.failure === null) continue;
        addToOutbox(em, NotificationDeliveryEvents.deliveryChanged, {
          company_id: companyId,
          order_id: null,
          subject: request.subject,
          key: d.key,
          rule_id: d.ruleId,
          rule_name: d.ruleName,
          side: d.side,
          channel: d.channel,
          status: 'failed',
          attempt: 0,
          answer: d.failure,
          kind: 'other',
          next_attempt_at: null,
          at: now.toISOString(),
          customer_id: d.customerId,
          location_id: d.locationId,
        });
      }
      let digested = 0;
      for (const [ruleId, summary] of summaries) digested += await this.addDigestItem(em, companyId, ruleId, null, request.event, summary, request.at, request.subject);
      await em.flush();
      return { keys: rendered.map((d) => d.key), queued, digested };
    });
    if (result && result.queued > 0) this.worker.wake();
    return result ?? done;
  }

  private async claimOnly(request: { companyId: number; inbox?: { consumer: string; eventId: string } }): Promise<void> {
    const inbox = request.inbox;
    if (!inbox) return;
    await this.uow.forCompany(request.companyId).write(async (em) => {
      await claimInbox(em, inbox.consumer, inbox.eventId);
    });
  }

  private async addDigestItem(em: EntityManager, companyId: number, ruleId: number, orderId: number | null, event: string, summary: string, at: Date, subject?: string): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into notifications.digest_item (company_id, rule_id, source, order_id, event, summary, occurred_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (rule_id, source) do nothing returning id`,
      [companyId, ruleId, subject !== undefined ? `${subject}.${event}` : `o${orderId}.${event}.${at.toISOString()}`, orderId, event, summary, at],
    );
    return rows.length;
  }

  /** One line of a digest: the rule's subject (or the default) rendered on the order. */
  private async summary(rule: DeliveryRule, document: OrderDocument, event: NotificationEvent, defaultMail = DEFAULT_MAIL): Promise<string> {
    try {
      const template = rule.emailTemplateId !== null ? await this.uow.forCompany(rule.companyId).read((em) => this.repository.emailTemplate(em, rule.companyId, rule.emailTemplateId!)) : null;
      const header = rule.subject || template?.header || defaultMail.header;
      return `${event}: ${renderEmailTemplate({ header, body: '' }, document).subject}`;
    } catch (error) {
      return `${event}: ${document.order.id ? `order ${document.order.id}` : document.event.text} (${errorText(error)})`;
    }
  }

  /** The rule's message on the document: a mail (E) or a file or HTTP body (F). Throws when it cannot be made. */
  async render(caller: CompanyCaller, rule: DeliveryRule, document: OrderDocument, defaultMail = DEFAULT_MAIL): Promise<{ channel: DeliveryChannel; payload: DeliveryPayload }> {
    const { companyId } = caller;
    const read = <T>(work: (em: EntityManager) => Promise<T>) => this.uow.forCompany(companyId).read(work);
    if (rule.serverId === null) throw new Error('the rule names no server');
    const server = await read((em) => em.execute<{ type: string; username: string }[]>('select type, username from notifications.server where company_id = ? and id = ?', [companyId, rule.serverId]));
    if (!server[0]) throw new Error(`server ${rule.serverId} does not exist (deleted?)`);
    const serverType = server[0].type;

    const file = await this.renderFile(rule, document);
    if (rule.type === 'F') {
      if (!file) throw new Error('the rule names no file template');
      if (serverType === 'SMTP') throw new Error('a file rule needs an SFTP, FTP(S) or HTTP(S) server, not SMTP');
      const channel: DeliveryChannel = serverType === 'HTTP' || serverType === 'HTTPS' ? 'http' : 'file';
      return { channel, payload: { ...file, path: rule.path } satisfies FilePayload };
    }

    if (serverType !== 'SMTP') throw new Error(`an e-mail rule needs an SMTP server, not ${serverType}`);
    const template = rule.emailTemplateId !== null ? await read((em) => this.repository.emailTemplate(em, companyId, rule.emailTemplateId!)) : null;
    if (rule.emailTemplateId !== null && !template) throw new Error(`e-mail template ${rule.emailTemplateId} does not exist (deleted?)`);
    const mail = renderEmailTemplate(template ?? defaultMail, document);
    const subject = rule.subject ? renderEmailTemplate({ header: rule.subject, body: '' }, document).subject : mail.subject;
    const { to, cc } = await this.recipients(caller, rule);
    if (to.length === 0 && cc.length === 0) throw new Error('the rule has no recipients');
    const fromAddress = rule.emailFrom || server[0].username;
    if (!fromAddress.includes('@')) throw new Error('the rule has no sender (email_from) and the SMTP server\'s user is no address');
    const payload: MailPayload = {
      from: address(fromAddress, rule.emailFromName),
      to: to.length > 0 ? to : cc,
      cc: to.length > 0 ? cc : [],
      subject,
      ...(mail.format === 'html' ? { html: mail.body } : { text: mail.body }),
      attachments: file ? [{ filename: file.file_name, contentType: file.content_type, content_base64: file.content_base64 }] : [],
    };
    // the delivery note: rendered now and stored with the message, so every retry sends the same bytes
    if (rule.deliveryNotePdf && document.order.id) payload.attachments.push(await deliveryNoteAttachment(document));
    return { channel: 'mail', payload };
  }

  /** The rule's file (F) or attachment (E): its template (else the built-in CSV for F), its name rendered. */
  private async renderFile(rule: DeliveryRule, document: OrderDocument): Promise<Omit<FilePayload, 'path'> | null> {
    const companyId = rule.companyId;
    if (rule.attachmentTemplateId === null && rule.type === 'E') return null;
    const template = rule.attachmentTemplateId !== null ? await this.uow.forCompany(companyId).read((em) => this.repository.fileTemplate(em, companyId, rule.attachmentTemplateId!)) : null;
    if (rule.attachmentTemplateId !== null && !template) throw new Error(`file template ${rule.attachmentTemplateId} does not exist (deleted?)`);
    const name = renderEmailTemplate({ header: rule.attachmentName || DEFAULT_FILE_NAME, body: '' }, document).subject;
    const bytes = template
      ? renderFileTemplate({ header: template.header, body: template.body, encoding: template.encoding as FileEncoding, linebreak: template.linebreak as LineBreak }, document)
      : renderCsv(document);
    const charset = template ? `; charset=${template.encoding.toLowerCase()}` : '; charset=utf-8';
    const type = contentTypeOf(name);
    return { file_name: name, content_type: type.startsWith('text/') || type === 'application/xml' ? `${type}${charset}` : type, content_base64: bytes.toString('base64') };
  }

  private async recipients(caller: CompanyCaller, rule: DeliveryRule): Promise<{ to: string[]; cc: string[] }> {
    const { to, cc } = await this.addresses(caller, rule);
    return { to: to.map((a) => a.display), cc: cc.map((a) => a.display) };
  }

  /** The addresses of the rule's recipients and `email_to` (contacts and users read now; one that is gone is left out). */
  async addresses(caller: CompanyCaller, rule: DeliveryRule): Promise<{ to: Address[]; cc: Address[] }> {
    const to: Address[] = [];
    const cc: Address[] = [];
    if (rule.emailTo) to.push({ email: rule.emailTo, display: address(rule.emailTo, rule.emailToName) });
    for (const r of rule.recipients) {
      let email = r.email;
      let name = r.name;
      try {
        if (r.kind === 'contact' && r.contactId !== null) {
          const parent = rule.supplierId !== null ? { kind: 'supplier' as const, id: rule.supplierId } : { kind: 'customer' as const, id: rule.customerId ?? 0 };
          const contact = await this.bus.request('catalog.contact.get', { caller, parent, contactId: r.contactId });
          email = contact.email;
          name = [contact.first_name, contact.name].filter(Boolean).join(' ');
        } else if (r.kind === 'user' && r.userId !== null) {
          const user = await this.bus.request('identity.users.get', { caller, userId: r.userId });
          email = user.email;
          name = [user.first_name, user.last_name].filter(Boolean).join(' ');
        }
      } catch (error) {
        this.log.warn(`rule ${rule.id}: recipient ${r.id} left out: ${errorText(error)}`);
        continue;
      }
      if (!email) continue;
      (r.cc ? cc : to).push({ email, display: address(email, name) });
    }
    return { to, cc };
  }
}
