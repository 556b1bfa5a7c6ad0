import type { HelperDelegate, HelperOptions } from 'handlebars';

/**
 * The helpers templates may use (and only these: templates are compiled with knownHelpersOnly, so any other name
 * is refused when the template is saved). Chosen for what suppliers' formats need: dates and numbers written the
 * German or English way or in a fixed pattern, fixed-width columns, CSV and XML fields, simple comparisons.
 * docs/notifications.md "Templates and placeholders" documents each with examples.
 */

type Locale = 'de' | 'en';
const LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

export class HelperError extends Error {}

function isOptions(value: unknown): value is HelperOptions {
  return typeof value === 'object' && value !== null && 'hash' in value && 'data' in value;
}

/** The positional arguments of a helper call (Handlebars passes the options object last). */
function args(all: unknown[]): { values: unknown[]; options: HelperOptions } {
  const options = all[all.length - 1];
  if (!isOptions(options)) throw new HelperError('helper called without options');
  return { values: all.slice(0, -1), options };
}

function localeOf(options: HelperOptions): Locale {
  const value = options.hash?.locale ?? (options.data as { locale?: unknown } | undefined)?.locale;
  if (value === undefined || value === null || value === '') return 'de';
  if (value === 'de' || value === 'en') return value;
  throw new HelperError(`locale must be "de" or "en", not "${String(value)}"`);
}

function timeZoneOf(options: HelperOptions): string {
  const root = options.data?.root as { company?: { timezone?: unknown } } | undefined;
  const zone = options.hash?.tz ?? root?.company?.timezone;
  return typeof zone === 'string' && zone !== '' ? zone : 'Europe/Berlin';
}

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

// Intl formatters are costly to make (a file renders a date or number per line): kept per time zone / options
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    } catch {
      throw new HelperError(`date: unknown time zone "${timeZone}"`);
    }
    if (dateFormats.size < 100) dateFormats.set(timeZone, format);
  }
  return format;
}
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${String(options.useGrouping)}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

interface DateParts {
  YYYY: string;
  MM: string;
  DD: string;
  HH: string;
  mm: string;
  ss: string;
  /** a calendar day without a time (YYYY-MM-DD): no time zone applies */
  dayOnly: boolean;
}

function dateParts(value: unknown, timeZone: string): DateParts | null {
  if (value === null || value === undefined || value === '') return null;
  const raw = value instanceof Date ? value.toISOString() : String(value);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (day) return { YYYY: day[1]!, MM: day[2]!, DD: day[3]!, HH: '00', mm: '00', ss: '00', dayOnly: true };
  // ISO 8601 times only (V8's Date parser also takes "C-8" and the like)
  const time = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(time.getTime())) throw new HelperError(`date: "${raw}" is not a date`);
  const parts = Object.fromEntries(partsFormat(timeZone).formatToParts(time).map((part) => [part.type, part.value])) as Record<string, string>;
  return { YYYY: parts.year!, MM: parts.month!, DD: parts.day!, HH: parts.hour!, mm: parts.minute!, ss: parts.second!, dayOnly: false };
}

/**
 * `{{date value}}`: the day as the locale writes it (de 27.11.2026, en 27/11/2026); `{{date value "YYYYMMDD"}}` a
 * pattern of YYYY YY MM DD HH mm ss (other characters are kept); `{{date value "datetime"}}` day and time
 * (de 27.11.2026 14:05, en 27/11/2026 14:05). Times are shown in the company's time zone (`tz="…"` overrides);
 * a day (YYYY-MM-DD) stays that day. An empty value writes nothing.
 */
const date: HelperDelegate = (...all: unknown[]) => {
  const { values, options } = args(all);
  const parts = dateParts(values[0], timeZoneOf(options));
  if (!parts) return '';
  const locale = localeOf(options);
  const pattern = values[1] === undefined ? 'date' : str(values[1]);
  const sep = locale === 'de' ? '.' : '/';
  const day = `${parts.DD}${sep}${parts.MM}${sep}${parts.YYYY}`;
  if (pattern === 'date') return day;
  if (pattern === 'datetime') return parts.dayOnly ? day : `${day} ${parts.HH}:${parts.mm}`;
  return pattern.replace(/YYYY|YY|MM|DD|HH|mm|ss/g, (token) => (token === 'YY' ? parts.YYYY.slice(2) : parts[token as keyof Omit<DateParts, 'dayOnly'>]));
};

/**
 * `{{number value}}`: as the locale writes it (de 1.234,5, en 1,234.5); `decimals=2` fixes the decimals,
 * `grouping=false` leaves out thousands separators (de 1234,50), `locale="en"` overrides the document's locale.
 * An empty value writes nothing; anything else that is not a number is refused.
 */
const number: HelperDelegate = (...all: unknown[]) => {
  const { values, options } = args(all);
  const value = values[0];
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new HelperError(`number: "${str(value)}" is not a number`);
  const decimals = options.hash?.decimals;
  const format: Intl.NumberFormatOptions = { useGrouping: options.hash?.grouping !== false, maximumFractionDigits: 6 };
  if (decimals !== undefined) {
    const d = Number(decimals);
    if (!Number.isInteger(d) || d < 0 || d > 6) throw new HelperError('number: decimals must be 0 to 6');
    format.minimumFractionDigits = d;
    format.maximumFractionDigits = d;
  }
  return numberFormat(LOCALES[localeOf(options)], format).format(n);
};

function padArgs(name: string, values: unknown[]): { text: string; width: number; fill: string } {
  const width = Number(values[1]);
  if (!Number.isInteger(width) || width < 0 || width > 1000) throw new HelperError(`${name}: the width must be a whole number from 0 to 1000`);
  const fill = values[2] === undefined ? ' ' : str(values[2]);
  if ([...fill].length !== 1) throw new HelperError(`${name}: the fill must be one character`);
  return { text: str(values[0]), width, fill };
}

/**
 * Fixed-width columns: `{{padEnd value 20}}` left-aligns in 20 characters, `{{padStart value 8 "0"}}` right-aligns
 * with zeros. A longer value is cut to the width (a wider field would shift every column after it);
 * `cut=false` keeps it whole. Widths count characters, not bytes.
 */
const padEnd: HelperDelegate = (...all: unknown[]) => {
  const { values, options } = args(all);
  const { text, width, fill } = padArgs('padEnd', values);
  const chars = [...text];
  if (chars.length >= width) return options.hash?.cut === false ? text : chars.slice(0, width).join('');
  return text + fill.repeat(width - chars.length);
};
const padStart: HelperDelegate = (...all: unknown[]) => {
  const { values, options } = args(all);
  const { text, width, fill } = padArgs('padStart', values);
  const chars = [...text];
  if (chars.length >= width) return options.hash?.cut === false ? text : chars.slice(chars.length - width).join('');
  return fill.repeat(width - chars.length) + text;
};

/**
 * `{{csv value}}`: a CSV field as RFC 4180 quotes it: in double quotes (inner quotes doubled) when it holds the
 * separator, a quote or a line break, else as is. `sep=","` for comma-separated files (default ";").
 */
const csv: HelperDelegate = (...all: unknown[]) => {
  const { values, options } = args(all);
  const sep = options.hash?.sep === undefined ? ';' : str(options.hash.sep);
  return csvField(str(values[0]), sep);
};

/** `{{xml value}}`: the value with & < > " ' written as XML entities (for XML written by a template). */
const xml: HelperDelegate = (...all: unknown[]) => xmlEscape(str(args(all).values[0]));

const upper: HelperDelegate = (...all: unknown[]) => str(args(all).values[0]).toLocaleUpperCase('de-DE');
const lower: HelperDelegate = (...all: unknown[]) => str(args(all).values[0]).toLocaleLowerCase('de-DE');
const trim: HelperDelegate = (...all: unknown[]) => str(args(all).values[0]).trim();
/** `{{default value "n/a"}}`: the value, or the fallback when it is empty. */
const fallback: HelperDelegate = (...all: unknown[]) => {
  const { values } = args(all);
  return values[0] === null || values[0] === undefined || values[0] === '' ? values[1] : values[0];
};

// comparisons for {{#if (eq a b)}}; eq and ne compare as text when the types differ ("5" equals 5)
const same = (a: unknown, b: unknown): boolean => (typeof a === typeof b ? a === b : str(a) === str(b));
const eq: HelperDelegate = (...all: unknown[]) => {
  const { values } = args(all);
  return same(values[0], values[1]);
};
const ne: HelperDelegate = (...all: unknown[]) => {
  const { values } = args(all);
  return !same(values[0], values[1]);
};
const gt: HelperDelegate = (...all: unknown[]) => {
  const { values } = args(all);
  return Number(values[0]) > Number(values[1]);
};
const lt: HelperDelegate = (...all: unknown[]) => {
  const { values } = args(all);
  return Number(values[0]) < Number(values[1]);
};
const truthy = (value: unknown): boolean => !(value === null || value === undefined || value === false || value === '' || value === 0 || (Array.isArray(value) && value.length === 0));
const and: HelperDelegate = (...all: unknown[]) => args(all).values.every(truthy);
const or: HelperDelegate = (...all: unknown[]) => args(all).values.some(truthy);
const not: HelperDelegate = (...all: unknown[]) => !truthy(args(all).values[0]);
/** `{{add @index 1}}`: a sum (e.g. numbering from 1). */
const add: HelperDelegate = (...all: unknown[]) => args(all).values.reduce<number>((sum, value) => sum + Number(value), 0);

export const HELPERS: Record<string, HelperDelegate> = {
  date,
  number,
  padEnd,
  padStart,
  csv,
  xml,
  upper,
  lower,
  trim,
  default: fallback,
  eq,
  ne,
  gt,
  lt,
  and,
  or,
  not,
  add,
};

/** Handlebars' own block helpers that templates may use besides ours (partials and decorators are not allowed). */
export const BUILT_IN_HELPERS = ['if', 'unless', 'each', 'with', 'lookup'] as const;

export function csvField(value: string, sep = ';'): string {
  return value.includes(sep) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
