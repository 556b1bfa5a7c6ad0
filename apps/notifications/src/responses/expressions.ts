import iconv from 'iconv-lite';
import { type ExtStatus, isLineExtStatus, type LineExtStatus, RESPONSE_PLACEHOLDERS, type ResponseExpression } from '@kanban/contracts';

/**
 * Reading a supplier's answer with a rule's response expressions (issue 18 item 5; docs/notifications.md "Order
 * responses"). Pure functions: the fetcher hands in the answer's text and, per order the rule delivered, the values
 * of the placeholders.
 */

/** What the placeholders stand for, for one order. `ext_order_id` null: the order has no purchase-order number yet. */
export interface ResponseOrder {
  /** {order_id}: the order's id */
  order_id: number;
  /** {kanban_order_id}: the key of the rule's latest delivery of the order (r{rule}.o{order}.v{n}), part of the file name the supplier got */
  kanban_order_id: string;
  /** {ext_order_id}: the supplier's purchase-order number, null until known (an expression with it then matches nothing) */
  ext_order_id: string | null;
  /** the order's line positions: an expression with {order_pos} is tried once per line */
  positions: number[];
}

/** What an answer says about one order; null / empty where its expressions found nothing. */
export interface ResponseFindings {
  ext_status: ExtStatus | null;
  po_number: string | null;
  lines: { pos: number; status: LineExtStatus }[];
}

/** An answer (or an expression) that cannot be read: journal 2003 with the file's name. */
export class UnreadableAnswer extends Error {}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A pattern that matches nothing: what a placeholder without a value (no purchase-order number yet) becomes. */
const NEVER = '(?!)';

/**
 * The pattern with its placeholders replaced by the order's values, regular-expression characters escaped (an order
 * number `4711.1` matches only itself), compiled with the flags `m` (^ and $ at each line) and `g` when `global`.
 * An expression that does not compile is an UnreadableAnswer.
 */
export function compileExpression(pattern: string, order: ResponseOrder, pos: number | null, global = false): RegExp {
  const values: Record<(typeof RESPONSE_PLACEHOLDERS)[number], string | null> = {
    order_id: String(order.order_id),
    order_pos: pos === null ? null : String(pos),
    kanban_order_id: order.kanban_order_id,
    ext_order_id: order.ext_order_id,
  };
  let source = pattern;
  for (const name of RESPONSE_PLACEHOLDERS) {
    const value = values[name];
    source = source.split(`{${name}}`).join(value === null || value === '' ? NEVER : escapeRegExp(value));
  }
  try {
    return new RegExp(source, global ? 'gm' : 'm');
  } catch (error) {
    throw new UnreadableAnswer(`expression ${JSON.stringify(pattern)} is not a regular expression: ${(error as Error).message}`);
  }
}

/** The value of a match: the named group (`status`, `po`, `pos`) when the expression has it, else the first group. */
function groupOf(match: RegExpExecArray, name: string, index = 1): string | undefined {
  const named = match.groups?.[name];
  if (named !== undefined) return named;
  return match[index];
}

/** OK / 1 → 1, FE / -1 → -1, KA / 0 → 0 (case and spaces ignored); anything else is unreadable. */
export function extStatusOf(value: string, pattern: string): ExtStatus {
  const v = value.trim().toUpperCase();
  if (v === 'OK' || v === '1' || v === '+1') return 1;
  if (v === 'FE' || v === '-1') return -1;
  if (v === 'KA' || v === '0') return 0;
  throw new UnreadableAnswer(`expression ${JSON.stringify(pattern)} read the status ${JSON.stringify(value)}, which is none of OK, FE, KA, 1, -1, 0`);
}

function lineStatusOf(value: string, pattern: string): LineExtStatus {
  const v = value.trim().toUpperCase();
  if (isLineExtStatus(v)) return v;
  throw new UnreadableAnswer(`expression ${JSON.stringify(pattern)} read the line status ${JSON.stringify(value)}, which is none of TP TR ER EE PO BE CE WA IP WB RC RE`);
}

function firstGroup(match: RegExpExecArray, name: string, pattern: string): string {
  const value = groupOf(match, name);
  if (value === undefined) throw new UnreadableAnswer(`expression ${JSON.stringify(pattern)} has no group to read the value from: write it in (…) or (?<${name}>…)`);
  return value;
}

/**
 * Applies the rule's expressions to an answer for one order:
 * - `ext_status`: the first match's group `status` (or its first group): OK/FE/KA or 1/-1/0;
 * - `po_number`: the first match's group `po` (or its first group), trimmed, at most 200 characters;
 * - `line_status`: with `{order_pos}`, tried once per line of the order, the first match's group `status` (or first
 *   group) is that line's status; without it, every match, group `pos` (or the first group) the position and group
 *   `status` (or the second group) the status. Positions the order does not have are left out.
 * The first expression of a target that finds something wins. Throws UnreadableAnswer for an expression that does not
 * compile, has no group, or reads a value that is no status.
 */
export function applyExpressions(text: string, expressions: ResponseExpression[], order: ResponseOrder): ResponseFindings {
  const found: ResponseFindings = { ext_status: null, po_number: null, lines: [] };
  const lines = new Map<number, LineExtStatus>();
  for (const e of expressions) {
    if (e.target === 'ext_status') {
      if (found.ext_status !== null) continue;
      const match = compileExpression(e.pattern, order, null).exec(text);
      if (match) found.ext_status = extStatusOf(firstGroup(match, 'status', e.pattern), e.pattern);
    } else if (e.target === 'po_number') {
      if (found.po_number !== null) continue;
      const match = compileExpression(e.pattern, order, null).exec(text);
      if (match) {
        const po = firstGroup(match, 'po', e.pattern).trim().slice(0, 200);
        if (po !== '') found.po_number = po;
      }
    } else if (e.pattern.includes('{order_pos}')) {
      for (const pos of order.positions) {
        if (lines.has(pos)) continue;
        const match = compileExpression(e.pattern, order, pos).exec(text);
        if (match) lines.set(pos, lineStatusOf(firstGroup(match, 'status', e.pattern), e.pattern));
      }
    } else {
      const re = compileExpression(e.pattern, order, null, true);
      for (const match of text.matchAll(re)) {
        const rawPos = groupOf(match, 'pos');
        const rawStatus = match.groups?.status ?? match[2];
        if (rawPos === undefined || rawStatus === undefined)
          throw new UnreadableAnswer(`expression ${JSON.stringify(e.pattern)} needs the groups (?<pos>…) and (?<status>…), or {order_pos} and one group`);
        const pos = Number(rawPos.trim());
        if (!Number.isInteger(pos) || !order.positions.includes(pos) || lines.has(pos)) continue;
        lines.set(pos, lineStatusOf(rawStatus, e.pattern));
      }
    }
  }
  found.lines = [...lines.entries()].sort(([a], [b]) => a - b).map(([pos, status]) => ({ pos, status }));
  return found;
}

/** Whether the findings say anything. */
export function foundAnything(f: ResponseFindings): boolean {
  return f.ext_status !== null || f.po_number !== null || f.lines.length > 0;
}

/**
 * An answer's bytes as text in the encoding of the rule's file template (what the supplier got; UTF-8 when none): a
 * byte sequence that is not UTF-8 is unreadable. A UTF-8 byte order mark is dropped.
 */
export function decodeAnswer(bytes: Buffer, encoding: string): string {
  if (encoding === 'ISO-8859-1') return bytes.toString('latin1');
  if (encoding === 'Windows-1252') return iconv.decode(bytes, 'win1252');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableAnswer('the answer is not UTF-8 text');
  }
}
