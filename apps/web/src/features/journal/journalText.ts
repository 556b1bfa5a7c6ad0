import type { i18n as I18n } from 'i18next';
import { JOURNAL_MESSAGE_KEYS, type JournalEntryDto, type JournalMessageKey } from '@kanban/contracts';
import { CATALOGUE_CODES } from '../../shared/api/apiError';

type Params = Record<string, unknown>;

const RUN_TRIGGERS = ['schedule', 'stock', 'execute'] as const;
type Trigger = (typeof RUN_TRIGGERS)[number];
const SERVICES = ['identity', 'catalog', 'orders', 'supply'] as const;
type Service = (typeof SERVICES)[number];

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const isTrigger = (value: unknown): value is Trigger => (RUN_TRIGGERS as readonly unknown[]).includes(value);
const isService = (value: unknown): value is Service => (SERVICES as readonly unknown[]).includes(value);
const isKey = (value: unknown): value is JournalMessageKey => (JOURNAL_MESSAGE_KEYS as readonly unknown[]).includes(value);

/** What a notification without an order was about: `j42` journal entry 42, `s3.offline.t…` the alarm of sensor 3. */
function aboutSubject(subject: string, i18n: I18n): string | null {
  const journal = /^j(\d+)$/.exec(subject);
  if (journal) return i18n.t('journalMessages.aboutJournalEntry', { id: journal[1] });
  const sensor = /^s(\d+)\./.exec(subject);
  if (sensor) return i18n.t('journalMessages.aboutSensor', { id: sensor[1] });
  return null;
}

/** A journal entry in the interface language: the sentence, and technical details (an error's own text) if any. */
export interface JournalText {
  text: string;
  details: string | null;
}

/**
 * An error's text as details: the catalogue's text for its code, "unknown error" translated, else the server's text
 * as it is (technical detail, e.g. an event's consumer error) with its code.
 */
function errorDetail(code: unknown, error: unknown, i18n: I18n): string | null {
  if (!isCount(code)) return null;
  if ((CATALOGUE_CODES as readonly number[]).includes(code)) return i18n.t('journalMessages.errorDetail', { error: i18n.t(`errors.code.${code as (typeof CATALOGUE_CODES)[number]}`), code });
  if (code === 404) return i18n.t('journalMessages.errorDetail', { error: i18n.t('errors.notFound'), code });
  if (!isText(error) || error === '' || error === 'unknown error') return i18n.t('journalMessages.errorDetail', { error: i18n.t('errors.unknown'), code });
  return i18n.t('journalMessages.errorDetail', { error, code });
}

function list(values: string[], language: string): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(values);
}

/** " (Rack A, bin 1-2; Rack B)": where a sensor sits (its racks and bins), '' when nowhere or not in that shape. */
function sensorWhere(places: unknown, i18n: I18n): string {
  if (!Array.isArray(places) || places.length === 0) return '';
  const named = (places as Params[]).filter((p) => isText(p.storage_name));
  if (named.length === 0) return '';
  const parts = named.map((p) => (isText(p.label) ? i18n.t('sensors.alarms.bin', { rack: p.storage_name, bin: p.label }) : (p.storage_name as string)));
  return i18n.t('journalMessages.sensorWhere', { places: parts.join('; ') });
}

/** Each key's sentence from its params, or null when they do not have the key's shape (the stored text is shown then). */
const TEXTS: { [K in JournalMessageKey]: (p: Params, i18n: I18n) => JournalText | null } = {
  run_failed: (p, i18n) =>
    isTrigger(p.trigger) ? { text: i18n.t('journalMessages.run_failed', { trigger: i18n.t(`rules.triggers.${p.trigger}`) }), details: errorDetail(p.error_code, p.error, i18n) } : null,
  rule_config_invalid: (p, i18n) => (isId(p.rule_id) && isText(p.sku) ? { text: i18n.t('journalMessages.rule_config_invalid', { rule: p.rule_id, sku: p.sku }), details: null } : null),
  supplier_inactive: (p, i18n) => {
    if (!Array.isArray(p.suppliers) || p.suppliers.length === 0) return null;
    const parts: string[] = [];
    for (const s of p.suppliers as Params[]) {
      if (!isText(s.name) || !Array.isArray(s.rules) || s.rules.length === 0) return null;
      const rules = (s.rules as Params[]).map((r) => (isText(r.sku) && r.sku !== '' ? r.sku : `#${String(r.rule_id)}`));
      parts.push(i18n.t('journalMessages.supplierRules', { supplier: s.name, count: rules.length, rules: list(rules, i18n.language) }));
    }
    return { text: i18n.t('journalMessages.supplier_inactive', { suppliers: parts.join('; ') }), details: null };
  },
  order_no_supplier: (p, i18n) => {
    if (!isId(p.order_id)) return null;
    if (isText(p.skus) && p.skus !== '') return { text: i18n.t('journalMessages.order_no_supplier_skus', { order: p.order_id, skus: p.skus }), details: null };
    return { text: i18n.t('journalMessages.order_no_supplier', { order: p.order_id }), details: null };
  },
  order_not_confirmed: (p, i18n) => {
    if (!isId(p.order_id) || !isCount(p.timeout_s)) return null;
    const duration = p.timeout_s < 60 ? i18n.t('journalMessages.seconds', { count: p.timeout_s }) : i18n.t('journalMessages.minutes', { count: Math.round(p.timeout_s / 60) });
    return { text: i18n.t('journalMessages.order_not_confirmed', { order: p.order_id, duration }), details: null };
  },
  sensor_offline: (p, i18n) =>
    isId(p.sensor_id) && isText(p.sensor) && isCount(p.interval_minutes)
      ? { text: i18n.t('journalMessages.sensor_offline', { sensor: p.sensor, where: sensorWhere(p.places, i18n), interval: p.interval_minutes }), details: null }
      : null,
  sensor_battery_low: (p, i18n) =>
    isId(p.sensor_id) && isText(p.sensor) && isCount(p.battery)
      ? { text: i18n.t('journalMessages.sensor_battery_low', { sensor: p.sensor, where: sensorWhere(p.places, i18n), battery: p.battery }), details: null }
      : null,
  notification_failed: (p, i18n) =>
    p.order_id === null && isText(p.subject) && isId(p.rule_id) && isText(p.rule) && isText(p.channel) && isId(p.attempt) && aboutSubject(p.subject, i18n) !== null
      ? {
          // an event without an order (docs/notifications.md "Events without an order"): subject j{entry} or s{sensor}.…
          text: i18n.t(p.retrying === true ? 'journalMessages.notification_failed_about_retrying' : 'journalMessages.notification_failed_about', {
            rule: p.rule,
            about: aboutSubject(p.subject, i18n),
            channel: i18n.t(`orderEvents.channels.${p.channel}`, { defaultValue: p.channel }),
            attempt: p.attempt,
          }),
          details: isText(p.answer) && p.answer !== '' ? p.answer : null,
        }
      : isId(p.rule_id) && isText(p.rule) && isId(p.order_id) && isText(p.channel) && isId(p.attempt)
      ? {
          text: i18n.t(p.retrying === true ? 'journalMessages.notification_failed_retrying' : 'journalMessages.notification_failed', {
            rule: p.rule,
            order: p.order_id,
            channel: i18n.t(`orderEvents.channels.${p.channel}`, { defaultValue: p.channel }),
            attempt: p.attempt,
          }),
          details: isText(p.answer) && p.answer !== '' ? p.answer : null,
        }
      : null,
  response_failed: (p, i18n) =>
    isId(p.rule_id) && isText(p.rule) && isText(p.file)
      ? {
          text: p.file ? i18n.t('journalMessages.response_failed', { rule: p.rule, file: p.file }) : i18n.t('journalMessages.response_failed_fetch', { rule: p.rule }),
          details: isText(p.answer) && p.answer !== '' ? p.answer : null,
        }
      : null,
  sensor_negative: (p, i18n) =>
    isText(p.sensor) && isText(p.storage) && isText(p.bin) && typeof p.value === 'number'
      ? { text: i18n.t('journalMessages.sensor_negative', { sensor: p.sensor, storage: p.storage, bin: p.bin, value: new Intl.NumberFormat(i18n.language).format(p.value) }), details: null }
      : null,
  sensor_implausible: (p, i18n) =>
    isText(p.sensor) && isText(p.storage) && isText(p.bin) && typeof p.value === 'number'
      ? { text: i18n.t('journalMessages.sensor_implausible', { sensor: p.sensor, storage: p.storage, bin: p.bin, value: new Intl.NumberFormat(i18n.language).format(p.value) }), details: null }
      : null,
  sensor_store_failed: (p, i18n) => {
    if (p.stage === 'ingest' && isCount(p.readings)) {
      const detail = [p.error, p.error_code].filter((x) => isText(x) && x !== '').join(' · ');
      return { text: i18n.t('journalMessages.sensor_store_failed_ingest', { count: p.readings }), details: detail || null };
    }
    if (!isCount(p.failures)) return null;
    if (!isText(p.stage)) return null;
    const stage = i18n.t(`journalMessages.services.${p.stage}`, { defaultValue: p.stage });
    const where = [p.subject, p.consumer].filter(isText).join(', ');
    return {
      text: i18n.t('journalMessages.sensor_store_failed', { service: stage, attempts: p.failures }),
      details: [where, errorDetail(p.error_code, p.error, i18n)].filter((x): x is string => !!x).join(': ') || null,
    };
  },
  dead_letter: (p, i18n) => {
    if (!isService(p.service) || !isCount(p.failures)) return null;
    const error = errorDetail(p.error_code, p.error, i18n);
    const where = [p.subject, p.consumer].filter(isText).join(', ');
    return {
      text: i18n.t('journalMessages.dead_letter', { service: i18n.t(`journalMessages.services.${p.service}`), attempts: p.failures }),
      details: [where, error].filter((x): x is string => !!x).join(': ') || null,
    };
  },
};

/**
 * A journal entry in the interface language (docs/replenishment.md "Journal"): its message key and params translated
 * (`journalMessages.<key>`), or the stored (English) text for entries written before keys existed, keys this app does
 * not know and params that do not fit.
 */
export function journalText(entry: Pick<JournalEntryDto, 'message_key' | 'params' | 'message'>, i18n: I18n): JournalText {
  const key = entry.message_key;
  if (!isKey(key) || !entry.params || typeof entry.params !== 'object') return { text: entry.message, details: null };
  return TEXTS[key](entry.params, i18n) ?? { text: entry.message, details: null };
}
