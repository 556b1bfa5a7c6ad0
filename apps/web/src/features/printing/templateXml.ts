import { isApiError } from '../../shared/api/apiError';
import type { LabelProblem } from './printingTypes';

/** Inserts text in place of the selection [start, end); answers the new text and the cursor after the insert. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

/** The placeholder text for a group's field: {{group.field}}. */
export function placeholderOf(group: string, field: string): string {
  return `{{${group}.${field}}}`;
}

/** The offsets [start, end) of a line (1-based) in a text; the last line when the number is beyond it. */
export function lineRange(text: string, line: number): { start: number; end: number } {
  const lines = text.split('\n');
  const index = Math.max(0, Math.min(line, lines.length) - 1);
  let start = 0;
  for (let i = 0; i < index; i++) start += lines[i]!.length + 1;
  return { start, end: start + lines[index]!.length };
}

/** The problems per line number (a line may carry several). */
export function problemsByLine(problems: readonly LabelProblem[]): Map<number, LabelProblem[]> {
  const out = new Map<number, LabelProblem[]>();
  for (const p of problems) out.set(p.line, [...(out.get(p.line) ?? []), p]);
  return out;
}

/**
 * The template's problems of a failed save: a 1000 whose errors name the field `template` with line and column
 * (the XML does not parse or check). Errors without a line are placed on line 1.
 */
export function templateProblemsOf(error: unknown): LabelProblem[] {
  if (!isApiError(error) || error.code !== 1000) return [];
  const list = (error.errors ?? []) as { field: string; message: string; line?: number; column?: number }[];
  return list
    .filter((e) => e.field === 'template' || e.field?.startsWith('template'))
    .map((e) => ({ line: typeof e.line === 'number' && e.line > 0 ? e.line : 1, column: typeof e.column === 'number' ? e.column : 1, message: e.message }));
}

/** A number field of the form: a finite number, or null when empty or not a number. */
export function parseMm(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}
