import type { ChangeAction } from '@kanban/contracts';

/** A change log row before it gets its target, user and time. */
export interface ChangeRow {
  action: ChangeAction;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

/** DTO fields that are bookkeeping, not data: never logged as changes. */
const IGNORED = new Set(['id', 'created_at', 'updated_at', 'images']);

/** How a DTO value is stored in the log: text as is, numbers and booleans as text, null stays null. */
export function logValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/** The label of a record in a C or D row: "first_name name" when it has them, else its name, else #id. */
export function labelOf(dto: Record<string, unknown>): string {
  const name = typeof dto.name === 'string' ? dto.name : '';
  const first = typeof dto.first_name === 'string' ? dto.first_name : '';
  const label = [first, name].filter((x) => x !== '').join(' ');
  return label !== '' ? label : `#${String(dto.id)}`;
}

/**
 * The rows a change writes, from the DTO before and after it: a create (no before) one C row with the new
 * record's label, a delete (no after) one D row with the old label, an edit one E row per field whose value
 * differs (compared as logged; bookkeeping fields left out), no row when nothing changed.
 */
export function diffRows(before: object | null, after: object | null): ChangeRow[] {
  if (!before && !after) return [];
  if (!before)
    return [
      { action: 'C', field: null, oldValue: null, newValue: labelOf(after as Record<string, unknown>) },
    ];
  if (!after)
    return [
      { action: 'D', field: null, oldValue: labelOf(before as Record<string, unknown>), newValue: null },
    ];
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((f) => !IGNORED.has(f));
  const rows: ChangeRow[] = [];
  for (const field of fields) {
    const oldValue = logValue(old[field]);
    const newValue = logValue(now[field]);
    if (oldValue !== newValue) rows.push({ action: 'E', field, oldValue, newValue });
  }
  return rows;
}
