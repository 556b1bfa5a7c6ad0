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
