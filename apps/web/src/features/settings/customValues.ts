import type { CustomFieldValue, CustomValuesDto } from '@kanban/contracts';

/** A custom field of one record as the forms show it: its definition and the stored value (null: none). */
export type CustomFieldView = CustomValuesDto['fields'][number];

/** A value as edited: texts for text, number, date and select ('' = none), true/false/null for yes-no fields. */
export type DraftValue = string | boolean | null;

const NUMBER = /^-?\d+([.,]\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The stored value as the form edits it; a required yes-no field starts as "no". */
export function draftOf(field: CustomFieldView): DraftValue {
  if (field.type === 'boolean') return typeof field.value === 'boolean' ? field.value : field.required ? false : null;
  return field.value === null ? '' : String(field.value);
}

function isEmpty(value: DraftValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/** The client-side check of one value (an i18n key), as the server checks it (docs/settings.md). */
export function draftError(field: CustomFieldView, value: DraftValue): string | undefined {
  if (isEmpty(value)) return field.required ? 'validation.required' : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  switch (field.type) {
    case 'number':
      return NUMBER.test(text) ? undefined : 'settings.customValues.number';
    case 'date':
      return DATE.test(text) ? undefined : 'settings.customValues.date';
    case 'select':
      return field.options.includes(text) ? undefined : 'validation.required';
    case 'text':
    case 'boolean':
      return undefined;
  }
}

/** The value to send: null for none, a number for number fields (a comma is the decimal separator), else as edited. */
export function valueOf(field: CustomFieldView, value: DraftValue): CustomFieldValue | null {
  if (isEmpty(value)) return null;
  if (typeof value === 'boolean') return value;
  const text = (value as string).trim();
  return field.type === 'number' ? Number(text.replace(',', '.')) : text;
}
