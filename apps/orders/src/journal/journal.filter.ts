import { AppError } from '@kanban/access';
import { JOURNAL_FILTER_FIELDS, JOURNAL_FILTER_OPERATIONS, type JournalFilter, type JournalFilterField } from '@kanban/contracts';

/**
 * The journal's `filter` parameter (spec: "JSON list of field, operation, value on acknowledged_at; gte or eq"):
 * a JSON list of `{field, operation, value}`, all of which must hold.
 * - `acknowledged_at` `eq` null: not acknowledged; `eq` an ISO time: acknowledged at exactly that time;
 *   `gte` an ISO time: acknowledged at or after it;
 * - `created_at` `eq` / `gte` an ISO time;
 * - `code` `eq` / `gte` a journal code (2000-2007).
 * Anything else is 1000 with field `filter`. Answers SQL conditions over the alias `j` and their parameters.
 */
export function parseJournalFilter(text: string | undefined): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (text === undefined || text.trim() === '') return { where, params };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw AppError.validation('filter', 'not JSON');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length > 10) throw AppError.validation('filter', 'at most 10 conditions');
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') throw AppError.validation('filter', 'each condition is an object {field, operation, value}');
    const { field, operation, value } = entry as Partial<JournalFilter>;
    if (!JOURNAL_FILTER_FIELDS.includes(field as JournalFilterField)) throw AppError.validation('filter', `field must be one of ${JOURNAL_FILTER_FIELDS.join(', ')}`);
    if (!JOURNAL_FILTER_OPERATIONS.includes(operation as 'eq')) throw AppError.validation('filter', `operation must be one of ${JOURNAL_FILTER_OPERATIONS.join(', ')}`);
    const op = operation === 'eq' ? '=' : '>=';
    if (field === 'code') {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw AppError.validation('filter', 'code needs an integer value');
      where.push(`j.code ${op} ?`);
      params.push(value);
      continue;
    }
    const column = field === 'acknowledged_at' ? 'j.acknowledged_at' : 'j.created_at';
    if (value === null) {
      if (operation !== 'eq') throw AppError.validation('filter', 'null needs operation eq');
      where.push(`${column} is null`);
      continue;
    }
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
      throw AppError.validation('filter', `${field} needs an ISO date or time (or null)`);
    }
    where.push(`${column} ${op} ?`);
    params.push(new Date(value));
  }
  return { where, params };
}
