import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type NotificationRuleResponsesResult, type OrderResponseRead, OrderResponseEvents, type ResponseExpression } from '@kanban/contracts';
import { type FailureKind, openFolder, type RemoteFolder } from '@kanban/delivery';
import { addToOutbox, ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig, type ResponsesConfig } from '../config';
import { systemCaller } from '../delivery/system-caller';
import { connectionOf, ServersService } from '../servers/servers.service';
import { applyExpressions, decodeAnswer, foundAnything, type ResponseFindings, type ResponseOrder, UnreadableAnswer } from './expressions';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The orders of a rule looked at per run: its latest delivered ones. */
export const RESPONSE_ORDERS_PER_RULE = 500;
/** Files read per rule and run (the rest the next run). */
export const RESPONSE_FILES_PER_RUN = 100;
/** A failure to fetch the same rule's answers with the same words is journaled again after this long. */
const REPEAT_FAILURE_MS = 3_600_000;

/** The subfolders a read answer is moved to. */
export const RESPONSE_FOLDERS = { done: 'done', unmatched: 'unmatched', unreadable: 'unreadable' } as const;

interface ResponseRule {
  id: number;
  companyId: number;
  name: string;
  serverId: number;
  path: string;
  expressions: ResponseExpression[];
  encoding: string;
  side: 'O' | 'S';
}

/** What one run did, per rule. */
export type ResponseRunReport = NotificationRuleResponsesResult;

/**
 * Reads the suppliers' answers (issue 18 item 5; docs/notifications.md "Order responses"): every RESPONSE_POLL_MS,
 * for each active rule with `fetch_response` and a server (an e-mail rule: the mails in the mailbox folder
 * `response_path`, default INBOX, of its IMAP `response_server_id`, each read as its subject, text body and text
 * attachments), for each active file rule with `fetch_response` and a server, the files in its `response_path` (SFTP, FTP(S); an
 * HTTP(S) server: the body a GET of the path answers) are read with the rule's expressions against each order the
 * rule delivered, and what they say goes to the orders service as evt.notifications.order_response (through the
 * outbox, in one transaction per file) — which applies only what differs, so reading a file twice changes nothing
 * more. Then the file is moved to `done/` (removed if the move fails), `unmatched/` when no expression found anything
 * for any order, `unreadable/` when it could not be read (journal 2003). A server refusing the login is journal 2004,
 * answers that cannot be fetched 2005. Runs in every process of the service unless RESPONSE_FETCHER=false; `run()`
 * runs it now.
 */
@Injectable()
export class ResponseFetcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('ResponseFetcher');
  private readonly config: ResponsesConfig;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ResponseRunReport[]> | null = null;
  private stopped = false;
  /** the last failure journaled per rule (its words and when), so a server down is not journaled every poll */
  private readonly lastFailure = new Map<number, { answer: string; at: number }>();

  constructor(
    @Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork,
    private readonly servers: ServersService,
    private readonly bus: ServiceBus,
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
  ) {
    this.config = config.responses;
    this.timeoutMs = config.delivery.timeoutMs;
    this.leaseMs = config.delivery.leaseMs;
  }

  onApplicationBootstrap(): void {
    if (!this.config.fetcher) return;
    this.timer = setInterval(() => void this.run().catch((e: unknown) => this.log.warn(`response run failed: ${errorText(e)}`)), this.config.pollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Reads every rule's answers now (a run in progress is waited for instead); `companyId` limits it to one company. */
  run(companyId?: number): Promise<ResponseRunReport[]> {
    this.running ??= this.runAll(companyId).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Reads one rule's answers now (POST `…/notificationrule/{ruleID}/responses`), also when it is inactive; after a run
   * in progress. Answers null when the rule has no fetch_response, server (E: IMAP response server) or expression.
   */
  async runRule(companyId: number, ruleId: number): Promise<ResponseRunReport | null> {
    await this.running?.catch(() => undefined);
    const run = (async () => {
      const rule = (await this.uow.read((em) => activeRules(em, companyId, ruleId)))[0];
      return rule ? [await this.readRule(rule)] : [];
    })();
    this.running = run.finally(() => {
      if (this.running === tracked) this.running = null;
    });
    const tracked = this.running;
    return (await run)[0] ?? null;
  }

  private async runAll(companyId?: number): Promise<ResponseRunReport[]> {
    const rules = await this.uow.read((em) => activeRules(em, companyId));
    const reports: ResponseRunReport[] = [];
    for (const rule of rules) {
      if (this.stopped) break;
      reports.push(await this.readRule(rule).catch((e: unknown) => ({ rule_id: rule.id, files: [], failure: errorText(e) })));
    }
    return reports;
  }

  /**
   * One rule's answers under its lease (`response_lease_until`, DELIVERY_LEASE_MS): with several processes only one
   * reads a rule's folder at a time; a process that died leaves the lease to run out.
   */
  private async readRule(rule: ResponseRule): Promise<ResponseRunReport> {
    const now = new Date();
    const claimed = await this.uow.forCompany(rule.companyId).write((em) =>
      em.execute<{ id: number }[]>(
        `update notifications.notification_rule set response_lease_until = ?
          where id = ? and company_id = ? and (response_lease_until is null or response_lease_until < ?) returning id`,
        [new Date(now.getTime() + this.leaseMs), rule.id, rule.companyId, now],
      ),
    );
    if (claimed.length === 0) return { rule_id: rule.id, files: [], failure: 'another process is reading these answers right now' };
    try {
      return await this.readClaimedRule(rule);
    } finally {
      await this.uow
        .forCompany(rule.companyId)
        .write((em) => em.execute('update notifications.notification_rule set response_lease_until = null where id = ? and company_id = ?', [rule.id, rule.companyId]))
        .catch((e: unknown) => this.log.warn(`rule ${rule.id}: lease not given back: ${errorText(e)}`));
    }
  }

  private async readClaimedRule(rule: ResponseRule): Promise<ResponseRunReport> {
    const report: ResponseRunReport = { rule_id: rule.id, files: [], failure: null };
    let folder: RemoteFolder;
    try {
      const conn = connectionOf(await this.servers.credentials(systemCaller(rule.companyId), rule.serverId), this.timeoutMs);
      const opened = await openFolder(conn, rule.path);
      if (!opened.ok) {
        report.failure = opened.answer;
        await this.fetchFailed(rule, '', opened.kind, opened.answer);
        return report;
      }
      folder = opened.folder;
    } catch (error) {
      report.failure = errorText(error);
      await this.fetchFailed(rule, '', 'other', report.failure);
      return report;
    }
    try {
      let files;
      try {
        files = (await folder.list()).slice(0, RESPONSE_FILES_PER_RUN);
      } catch (error) {
        report.failure = errorText(error);
        await this.fetchFailed(rule, '', kindOf(error), report.failure);
        return report;
      }
      this.lastFailure.delete(rule.id);
      if (files.length === 0) return report;
      const orders = await this.ordersOf(rule);
      for (const file of files) {
        if (this.stopped) break;
        report.files.push(await this.readFile(rule, folder, file.name, orders));
      }
      return report;
    } finally {
      await folder.close().catch(() => undefined);
    }
  }

  /** One answer file: read, applied to each order, recorded (outbox), then moved. */
  private async readFile(rule: ResponseRule, folder: RemoteFolder, name: string, orders: ResponseOrder[]): Promise<ResponseRunReport['files'][number]> {
    let bytes: Buffer;
    try {
      bytes = await folder.read(name);
    } catch (error) {
      const answer = errorText(error);
      const kind = kindOf(error);
      await this.publish(rule, [failure(rule, name, kind, answer)]);
      // the server sent it but it cannot be read (a mail that is no mail, a file too large): set aside like an unreadable text
      if (kind === 'unreadable') return { name, outcome: 'unreadable', orders: [], moved: await this.move(folder, name, RESPONSE_FOLDERS.unreadable, false), answer };
      return { name, outcome: 'failed', orders: [], moved: null, answer };
    }
    let found: { order: ResponseOrder; findings: ResponseFindings }[];
    try {
      const text = decodeAnswer(bytes, rule.encoding);
      found = orders.map((order) => ({ order, findings: applyExpressions(text, rule.expressions, order) })).filter((f) => foundAnything(f.findings));
    } catch (error) {
      if (!(error instanceof UnreadableAnswer)) throw error;
      await this.publish(rule, [failure(rule, name, 'unreadable', error.message)]);
      return { name, outcome: 'unreadable', orders: [], moved: await this.move(folder, name, RESPONSE_FOLDERS.unreadable, false), answer: error.message };
    }
    if (found.length === 0) return { name, outcome: 'unmatched', orders: [], moved: await this.move(folder, name, RESPONSE_FOLDERS.unmatched, false) };
    const at = new Date().toISOString();
    await this.publish(
      rule,
      found.map(({ order, findings }) => ({
        company_id: rule.companyId,
        rule_id: rule.id,
        rule_name: rule.name,
        file: name,
        at,
        order_id: order.order_id,
        side: rule.side,
        ext_status: findings.ext_status,
        po_number: findings.po_number,
        lines: findings.lines,
        failure: null,
      })),
    );
    return { name, outcome: 'applied', orders: found.map((f) => f.order.order_id), moved: await this.move(folder, name, RESPONSE_FOLDERS.done, true) };
  }

  /**
   * Moves a read file into its subfolder so it is read once; a file read completely (`removeOnFailure`) is removed when
   * it cannot be moved (a server without rights to make folders), else left (read again next time: its changes are
   * applied already, so nothing changes twice). An HTTP answer is neither.
   */
  private async move(folder: RemoteFolder, name: string, subfolder: string, removeOnFailure: boolean): Promise<string | null> {
    if (!folder.canMove) return null;
    try {
      await folder.move(name, subfolder);
      return subfolder;
    } catch (error) {
      this.log.warn(`answer ${name}: not moved to ${subfolder}/: ${errorText(error)}`);
      if (!removeOnFailure) return null;
      try {
        await folder.remove(name);
        return 'removed';
      } catch (again) {
        this.log.warn(`answer ${name}: not removed either: ${errorText(again)}`);
        return null;
      }
    }
  }

  private async fetchFailed(rule: ResponseRule, file: string, kind: FailureKind, answer: string): Promise<void> {
    const last = this.lastFailure.get(rule.id);
    if (last && last.answer === answer && Date.now() - last.at < REPEAT_FAILURE_MS) return;
    this.lastFailure.set(rule.id, { answer, at: Date.now() });
    await this.publish(rule, [failure(rule, file, kind, answer)]);
  }

  private async publish(rule: ResponseRule, events: OrderResponseRead[]): Promise<void> {
    await this.uow.forCompany(rule.companyId).write(async (em) => {
      for (const event of events) addToOutbox(em, OrderResponseEvents.responseRead, event);
      await em.flush();
    });
  }

  /** The rule's latest delivered orders with the values of the placeholders (orders that are gone are left out). */
  private async ordersOf(rule: ResponseRule): Promise<ResponseOrder[]> {
    const delivered = await this.uow.forCompany(rule.companyId).read((em) =>
      em.execute<{ order_id: number; key: string }[]>(
        `select distinct on (order_id) order_id, key from notifications.delivery
          where company_id = ? and rule_id = ? and order_id is not null and status = 'sent'
          order by order_id desc, version desc limit ?`,
        [rule.companyId, rule.id, RESPONSE_ORDERS_PER_RULE],
      ),
    );
    const caller = systemCaller(rule.companyId);
    const orders: ResponseOrder[] = [];
    for (const d of delivered) {
      try {
        const order = await this.bus.request('orders.order.get', { caller, scope: {}, orderId: Number(d.order_id) });
        orders.push({ order_id: order.id, kanban_order_id: d.key, ext_order_id: order.po_number, positions: (order.lines ?? []).map((l) => l.pos) });
      } catch (error) {
        this.log.debug(`order ${d.order_id} of rule ${rule.id}: ${errorText(error)}`);
      }
    }
    return orders;
  }
}

function failure(rule: ResponseRule, file: string, kind: FailureKind | 'unreadable', answer: string): OrderResponseRead {
  const code = kind === 'unreadable' ? 2003 : kind === 'auth' ? 2004 : 2005;
  return {
    company_id: rule.companyId,
    rule_id: rule.id,
    rule_name: rule.name,
    file,
    at: new Date().toISOString(),
    order_id: null,
    side: rule.side,
    ext_status: null,
    po_number: null,
    lines: [],
    failure: { code, kind, answer: answer.slice(0, 500) },
  };
}

function kindOf(error: unknown): FailureKind {
  const kind = (error as { kind?: unknown } | null)?.kind;
  return kind === 'auth' || kind === 'unreadable' || kind === 'unreachable' || kind === 'other' ? kind : 'other';
}

/**
 * The active rules with fetch_response, a server (F: the rule's own; E: its IMAP response_server_id) and at least one
 * expression (of one company, or all); with
 * `ruleId` that rule of the company, active or not.
 */
async function activeRules(em: EntityManager, companyId?: number, ruleId?: number): Promise<ResponseRule[]> {
  const rows = await em.execute<
    { id: number; company_id: number; name: string; type: string; server_id: number; response_path: string; response_expressions: unknown; encoding: string | null; supplier_id: number | null }[]
  >(
    `select r.id, r.company_id, r.name, r.type, case when r.type = 'E' then r.response_server_id else r.server_id end as server_id,
            r.response_path, r.response_expressions, t.encoding, r.supplier_id
       from notifications.notification_rule r
       left join notifications.file_template t on t.id = r.attachment_template_id and t.company_id = r.company_id
      where ${ruleId === undefined ? 'r.active and' : 'r.id = ? and'} r.fetch_response
        and ((r.type = 'F' and r.server_id is not null) or (r.type = 'E' and r.response_server_id is not null))
        ${companyId === undefined ? '' : 'and r.company_id = ?'}
      order by r.company_id, r.id`,
    [...(ruleId === undefined ? [] : [ruleId]), ...(companyId === undefined ? [] : [companyId])],
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      companyId: Number(r.company_id),
      name: r.name,
      serverId: Number(r.server_id),
      path: r.response_path,
      expressions: (typeof r.response_expressions === 'string' ? JSON.parse(r.response_expressions) : r.response_expressions) as ResponseExpression[],
      // an answer mail is read as UTF-8 text (libs/delivery mailText decodes each part by its own charset)
      encoding: r.type === 'E' ? 'UTF-8' : (r.encoding ?? 'UTF-8'),
      side: r.supplier_id === null ? ('O' as const) : ('S' as const),
    }))
    .filter((r) => Array.isArray(r.expressions) && r.expressions.length > 0);
}
