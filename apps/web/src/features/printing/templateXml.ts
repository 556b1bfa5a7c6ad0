import { isApiError } from '../../shared/api/apiError';
import type { LabelProblem } from './printingTypes';

/** Inserts text in place of the selection [start, end); answers the new text and the cursor after the insert. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

/** The placeholder text of a field's path: {{group.field}}. */
export function placeholderOf(path: string): string {
  return `{{${path}}}`;
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
 * The template's problems of a failed save: a 1000 whose errors name the field `template` with their line and column
 * in `params` (libs/labels LabelTemplateError: "line 2, column 3: <reason>"; the prefix is dropped, the page says where
 * in the reader's language). Errors without a position are placed on line 1.
 */
export function templateProblemsOf(error: unknown): LabelProblem[] {
  if (!isApiError(error) || error.code !== 1000) return [];
  const list = (error.errors ?? []) as { field: string; message: string; params?: Record<string, unknown>; line?: number; column?: number }[];
  return list
    .filter((e) => e.field === 'template')
    .map((e) => {
      const at = /^line (\d+), column (\d+): /.exec(e.message);
      const line = Number(e.params?.line ?? e.line ?? at?.[1] ?? 1);
      const column = Number(e.params?.column ?? e.column ?? at?.[2] ?? 1);
      return { line: line > 0 ? line : 1, column: column > 0 ? column : 1, message: at ? e.message.slice(at[0].length) : e.message };
    });
}

/** A number field of the form: a finite number, or null when empty or not a number. */
export function parseMm(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}
