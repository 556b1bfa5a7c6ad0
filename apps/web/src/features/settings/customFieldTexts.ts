import type { CustomFieldEntity, CustomFieldType } from '@kanban/contracts';

type Translate = (key: string) => string;

/** The translated name of a kind of record. */
export function entityLabel(entity: CustomFieldEntity, t: Translate): string {
  switch (entity) {
    case 'customer':
      return t('settings.customFields.entities.customer');
    case 'location':
      return t('settings.customFields.entities.location');
    case 'supplier':
      return t('settings.customFields.entities.supplier');
    case 'item':
      return t('settings.customFields.entities.item');
    case 'contact':
      return t('settings.customFields.entities.contact');
  }
}

/** The translated name of a field type. */
export function typeLabel(type: CustomFieldType, t: Translate): string {
  switch (type) {
    case 'text':
      return t('settings.customFields.types.text');
    case 'number':
      return t('settings.customFields.types.number');
    case 'date':
      return t('settings.customFields.types.date');
    case 'boolean':
      return t('settings.customFields.types.boolean');
    case 'select':
      return t('settings.customFields.types.select');
  }
}

/** Options as typed in the dialog: one per line, trimmed, empty lines left out. */
export function parseOptions(text: string): string[] {
  return text
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** The client-side check of the options of a select field (i18n key of the problem). */
export function optionsError(type: string, text: string): string | undefined {
  if (type !== 'select') return undefined;
  const options = parseOptions(text);
  if (options.length === 0) return 'settings.validation.optionsRequired';
  if (new Set(options).size !== options.length) return 'settings.validation.optionsDistinct';
  if (options.some((o) => o.length > 100)) return 'settings.validation.optionTooLong';
  return undefined;
}

/** The client-side check of a key: a lower-case letter, then a-z, 0-9 and _. */
export function keyError(value: string): string | undefined {
  if (!value.trim()) return 'validation.required';
  return /^[a-z][a-z0-9_]*$/.test(value.trim()) ? undefined : 'settings.validation.key';
}

/** The client-side check of the position: empty or a whole number from 0. */
export function sortError(value: string): string | undefined {
  return value.trim() === '' || /^\d{1,7}$/.test(value.trim()) ? undefined : 'settings.validation.sort';
}
