import type { i18n as I18n } from 'i18next';
import { isOrderEventCode, type OrderEventCode, type OrderEventDto } from '@kanban/contracts';
import { formatDate } from '../../i18n/format';

type Params = Record<string, unknown>;
type Values = Record<string, string | number | undefined>;

const RUN_TRIGGERS = ['schedule', 'stock', 'execute'] as const;
type Trigger = (typeof RUN_TRIGGERS)[number];

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const isIds = (value: unknown): value is number[] => Array.isArray(value) && value.every(isId);
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isTrigger = (value: unknown): value is Trigger => (RUN_TRIGGERS as readonly unknown[]).includes(value);

/** How a message's parameters read in the interface language: ids as they are, counts, days and lists per language. */
function formatters(i18n: I18n) {
  const language = i18n.language;
  const positions = (values: number[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(values.map(String));
  return {
    count: (n: number) => new Intl.NumberFormat(language).format(n),
    /** a day YYYY-MM-DD (no time zone shift) */
    day: (value: string) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      return formatDate(new Date(y, m - 1, d), language);
    },
    trigger: (value: Trigger) => i18n.t(`rules.triggers.${value}`),
    channel: (value: string) => i18n.t(`orderEvents.channels.${value}`, { defaultValue: value }),
    time: (value: string) => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(value)),
    positions,
    delivered: (lines: number[]) => i18n.t('orderEvents.parts.delivered', { count: lines.length, lines: positions(lines) }),
    takenBack: (lines: number[]) => i18n.t('orderEvents.parts.takenBack', { count: lines.length, lines: positions(lines) }),
  };
}

type Formatters = ReturnType<typeof formatters>;

/**
 * The i18next values of each code's message (`orderEvents.<code>`, with a context for the optional parts), or null
 * when the parameters do not have the code's shape (then the stored text is shown).
 */
const VALUES: { [C in OrderEventCode]: (p: Params, f: Formatters) => Values | null } = {
  requisition_run: (p, f) => (isId(p.run_id) && isTrigger(p.trigger) ? { run: p.run_id, trigger: f.trigger(p.trigger) } : null),
  subscription_run: (p) => (isId(p.run_id) ? { run: p.run_id } : null),
  backorder_reordered: (p, f) => {
    if (!isId(p.pos) || !isDay(p.shipping) || !(p.run_id == null || isId(p.run_id))) return null;
    const values = { pos: p.pos, shipping: f.day(p.shipping) };
    return isId(p.run_id) ? { ...values, run: p.run_id, context: 'run' } : values;
  },
  manual_order: () => ({}),
  manual_request: () => ({}),
  status_ok: () => ({}),
  request_confirmed: () => ({}),
  request_rejected: (p) => (isText(p.reason) && p.reason ? { reason: p.reason, context: 'reason' } : p.reason == null ? {} : null),
  attachment_added: (p) => {
    if (!isText(p.name)) return null;
    if (isText(p.replaced)) return { name: p.name, replaced: p.replaced, context: 'replaced' };
    return p.replaced == null ? { name: p.name } : null;
  },
  attachment_removed: (p) => (isText(p.name) ? { name: p.name } : null),
  picture_added: (p) => (isId(p.image_id) ? { image: p.image_id } : null),
  picture_removed: (p) => (isId(p.image_id) ? { image: p.image_id } : null),
  queue_requeued: (p, f) => (isId(p.attempt) ? { attempt: f.count(p.attempt) } : null),
  queue_removed: () => ({}),
  supply_created: (p) => (isId(p.supply_id) ? { supply: p.supply_id } : null),
  supply_repeated: (p) => (isId(p.supply_id) ? { supply: p.supply_id } : null),
  supply_delivery: (p, f) => {
    if (!isId(p.supply_id) || !isIds(p.delivered) || !isIds(p.taken_back) || typeof p.complete !== 'boolean') return null;
    if (p.delivered.length === 0 && p.taken_back.length === 0) return null;
    const parts = [...(p.delivered.length ? [f.delivered(p.delivered)] : []), ...(p.taken_back.length ? [f.takenBack(p.taken_back)] : [])];
    return { supply: p.supply_id, details: parts.join('; '), ...(p.complete ? { context: 'complete' } : {}) };
  },
  time_tracking: (p, f) => {
    if (!isId(p.minutes) || !isId(p.pos) || !(p.comment == null || isText(p.comment))) return null;
    const values = { minutes: f.count(p.minutes), pos: p.pos };
    return isText(p.comment) && p.comment ? { ...values, comment: p.comment, context: 'comment' } : values;
  },
  notification_queued: (p, f) => (isText(p.rule) && isText(p.channel) ? { rule: p.rule, channel: f.channel(p.channel) } : null),
  notification_sent: (p, f) =>
    isText(p.rule) && isText(p.channel) && isId(p.attempt) && isText(p.answer) ? { rule: p.rule, channel: f.channel(p.channel), attempt: f.count(p.attempt), answer: p.answer } : null,
  notification_retrying: (p, f) =>
    isText(p.rule) && isText(p.channel) && isId(p.attempt) && isText(p.answer) && isText(p.next_attempt_at) && !Number.isNaN(Date.parse(p.next_attempt_at))
      ? { rule: p.rule, channel: f.channel(p.channel), attempt: f.count(p.attempt), answer: p.answer, next: f.time(p.next_attempt_at) }
      : null,
  notification_failed: (p, f) =>
    isText(p.rule) && isText(p.channel) && isId(p.attempt) && isText(p.answer) ? { rule: p.rule, channel: f.channel(p.channel), attempt: f.count(p.attempt), answer: p.answer } : null,
  response_ext_status: (p) => (isText(p.rule) && isText(p.file) && isText(p.text) ? { rule: p.rule, file: p.file, status: p.text } : null),
  response_po_number: (p) => (isText(p.rule) && isText(p.file) && isText(p.po_number) ? { rule: p.rule, file: p.file, po: p.po_number } : null),
  response_line_status: (p) => (isText(p.rule) && isText(p.file) && isId(p.pos) && isText(p.status) ? { rule: p.rule, file: p.file, pos: p.pos, status: p.status } : null),
  supplier_acknowledged: (p, f) => {
    if (!isId(p.supply_id) || !isText(p.status) || !isIds(p.positions) || !(p.po_number === null || isText(p.po_number))) return null;
    const values = { supply: p.supply_id, status: p.status, count: p.positions.length, lines: f.positions(p.positions) };
    return isText(p.po_number) ? { ...values, po: p.po_number, context: 'po' } : values;
  },
};

/**
 * An order history event in the interface language (docs/replenishment.md "Order history"): its message code and
 * parameters translated (`orderEvents.<code>`), or the stored (English) text for old events without a code, codes this
 * app does not know and parameters that do not fit.
 */
export function historyText(event: Pick<OrderEventDto, 'code' | 'params' | 'text'>, i18n: I18n): string {
  const code = event.code;
  if (!isOrderEventCode(code) || !event.params || typeof event.params !== 'object') return event.text;
  const values = VALUES[code](event.params, formatters(i18n));
  if (!values) return event.text;
  return i18n.t(`orderEvents.${code}`, values);
}
