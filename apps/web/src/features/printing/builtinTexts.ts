import type { TFunction } from 'i18next';

/** What a template's shown texts depend on (a list row, a print choice). */
interface Shown {
  name: string;
  description?: string;
  builtin: boolean;
  builtin_key?: string | null;
}

/**
 * The built-in templates are rows of each company stored with English names and descriptions (libs/labels); the
 * interface shows them in its language from the locale files (`printing.builtins.<builtin_key>`), and a company's own
 * templates as they are stored. A built-in key the locale files do not know shows its stored texts.
 */
export function templateName(t: TFunction, template: Shown): string {
  const key = template.builtin ? template.builtin_key : null;
  return key ? t(`printing.builtins.${key}.name`, { defaultValue: template.name }) : template.name;
}

export function templateDescription(t: TFunction, template: Shown): string {
  const key = template.builtin ? template.builtin_key : null;
  const stored = template.description ?? '';
  return key ? t(`printing.builtins.${key}.description`, { defaultValue: stored }) : stored;
}

/**
 * The built-in keys whose shown name or description contains `q` (case-insensitive), sent with a search as
 * `builtin_keys`: the server matches `q` against the stored (English) texts and takes these built-ins too, so the
 * search finds what the list shows.
 */
export function builtinKeysMatching(t: TFunction, q: string | undefined): string | undefined {
  const needle = (q ?? '').trim().toLocaleLowerCase();
  if (!needle) return undefined;
  const texts = t('printing.builtins', { returnObjects: true }) as unknown;
  if (!texts || typeof texts !== 'object') return undefined;
  const keys = Object.entries(texts as Record<string, { name?: string; description?: string }>)
    .filter(([, v]) => `${v.name ?? ''}\n${v.description ?? ''}`.toLocaleLowerCase().includes(needle))
    .map(([key]) => key);
  return keys.length > 0 ? keys.join(',') : undefined;
}
