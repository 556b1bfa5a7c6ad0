import type { Language } from './i18n';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Dates: ISO style (YYYY-MM-DD) in English, DD.MM.YYYY in German (spec 1). Local time. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const [y, m, day] = [d.getFullYear(), pad(d.getMonth() + 1), pad(d.getDate())];
  return (language as Language) === 'de' ? `${day}.${m}.${y}` : `${y}-${m}-${day}`;
}

export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  const date = formatDate(value, language);
  if (!date || !value) return date;
  const d = typeof value === 'string' ? new Date(value) : value;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Quantities the way each language writes them (issue 16, "localized numbers"): 1,234.5 in English, 1.234,5 in
 * German; up to three decimals, none added to whole numbers. Missing values show nothing.
 */
export function formatNumber(value: number | string | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  const locale = (language as Language) === 'de' ? 'de-DE' : 'en-US';
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    numberFormats.set(locale, format);
  }
  return format.format(n);
}
