import { AppError } from '@kanban/access';
import type { LabelData } from './data';
import type { BarcodeType } from './symbols';
import type { Condition, Font, LabelNode, LabelTemplate, Part } from './template';

/** What is drawn, in millimetres from the label's top-left corner, after placeholders and conditions are resolved. */
export type DrawOp =
  | {
      op: 'text';
      x: number;
      y: number;
      width: number;
      height: number;
      text: string;
      font: Font;
      size: number;
      bold: boolean;
      align: 'left' | 'center' | 'right';
      valign: 'top' | 'middle' | 'bottom';
      wrap: boolean;
    }
  | { op: 'image'; x: number; y: number; width: number; height: number; src: string }
  | { op: 'line'; x1: number; y1: number; x2: number; y2: number; thickness: number }
  | {
      op: 'box';
      x: number;
      y: number;
      width: number;
      height: number;
      border: number;
      fill: 'none' | 'black' | 'gray';
    }
  | {
      op: 'barcode';
      x: number;
      y: number;
      width: number;
      height: number;
      type: BarcodeType;
      value: string;
      text: boolean;
      mask: number;
    };

/** One page of one label (a label whose `each` runs over has several). */
export type Panel = DrawOp[];

export interface LabelMeta {
  number: number;
  count: number | '';
  copy: number;
  copies: number;
  printed_at: string;
}

type Scope = Record<string, unknown>;

function lookup(scope: Scope, path: string[]): unknown {
  let value: unknown = scope;
  for (const key of path) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = Object.prototype.hasOwnProperty.call(value, key)
      ? (value as Record<string, unknown>)[key]
      : undefined;
  }
  return value;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

function fill(parts: Part[], scope: Scope): string {
  let out = '';
  for (const part of parts) out += typeof part === 'string' ? part : show(lookup(scope, part.path));
  return out;
}

function test(condition: Condition, scope: Scope): boolean {
  const value = lookup(scope, condition.path);
  switch (condition.op) {
    case 'truthy':
      return (
        value !== null &&
        value !== undefined &&
        value !== '' &&
        value !== 0 &&
        value !== false &&
        value !== '0' &&
        value !== 'false'
      );
    case 'falsy':
      return !(
        value !== null &&
        value !== undefined &&
        value !== '' &&
        value !== 0 &&
        value !== false &&
        value !== '0' &&
        value !== 'false'
      );
    case '==':
      return show(value) === condition.value;
    case '!=':
      return show(value) !== condition.value;
  }
}

function draw(
  nodes: LabelNode[],
  scope: Scope,
  dy: number,
  page: number,
  out: DrawOp[],
  panels: (() => void) | null,
): void {
  for (const node of nodes) {
    if (node.pages === 'first' && page > 1) continue;
    switch (node.kind) {
      case 'text':
        out.push({
          op: 'text',
          x: node.x,
          y: node.y + dy,
          width: node.width,
          height: node.height,
          text: fill(node.content, scope),
          font: node.font,
          size: node.size,
          bold: node.bold,
          align: node.align,
          valign: node.valign,
          wrap: node.wrap,
        });
        break;
      case 'image': {
        const src = fill(node.src, scope);
        if (src)
          out.push({ op: 'image', x: node.x, y: node.y + dy, width: node.width, height: node.height, src });
        break;
      }
      case 'line':
        out.push({
          op: 'line',
          x1: node.x1,
          y1: node.y1 + dy,
          x2: node.x2,
          y2: node.y2 + dy,
          thickness: node.thickness,
        });
        break;
      case 'box':
        out.push({
          op: 'box',
          x: node.x,
          y: node.y + dy,
          width: node.width,
          height: node.height,
          border: node.border,
          fill: node.fill,
        });
        break;
      case 'barcode': {
        const value = fill(node.value, scope);
        if (value)
          out.push({
            op: 'barcode',
            x: node.x,
            y: node.y + dy,
            width: node.width,
            height: node.height,
            type: node.type,
            value,
            text: node.text,
            mask: node.mask,
          });
        break;
      }
      case 'if':
        if (test(node.test, scope)) draw(node.children, scope, dy, page, out, panels);
        break;
      case 'each':
        panels?.();
        break;
    }
  }
}

/** How many rows of an `each` fit on the first and on later pages, and so how many pages a label needs. */
export function pagesFor(template: LabelTemplate, data: LabelData): number {
  const each = template.nodes.find((n) => n.kind === 'each');
  if (!each || each.kind !== 'each') return 1;
  const rows = data.lines?.length ?? 0;
  const first = Math.max(1, Math.floor((each.until - each.y) / each.rowHeight + 1e-9));
  const later = Math.max(1, Math.floor((each.until - each.continueY) / each.rowHeight + 1e-9));
  return rows <= first ? 1 : 1 + Math.ceil((rows - first) / later);
}

/**
 * The panels (pages) of one printed label: placeholders filled from the data, the form's answers and the label's
 * meta (label.*); conditions decided; the `each` rows spread over as many pages as they need.
 */
export function evaluateLabel(
  template: LabelTemplate,
  data: LabelData,
  form: Record<string, string>,
  meta: LabelMeta,
): Panel[] {
  const pages = pagesFor(template, data);
  const each = template.nodes.find((n) => n.kind === 'each');
  const base: Scope = { ...data, form, label: { ...meta, pages, page: 1 } };
  const result: Panel[] = [];
  const rows = data.lines ?? [];
  let next = 0;
  for (let page = 1; page <= pages; page++) {
    const scope: Scope = page === 1 ? base : { ...base, label: { ...meta, pages, page } };
    const out: DrawOp[] = [];
    draw(template.nodes, scope, 0, page, out, () => {
      if (!each || each.kind !== 'each') return;
      const top = page === 1 ? each.y : each.continueY;
      const fit = Math.max(1, Math.floor((each.until - top) / each.rowHeight + 1e-9));
      for (let i = 0; i < fit && next < rows.length; i++, next++) {
        const line = rows[next]!;
        const rowScope: Scope = {
          ...scope,
          line,
          item: line.item ?? scope.item,
          kanban_rule: line.kanban_rule ?? scope.kanban_rule,
          storage: line.storage ?? scope.storage,
        };
        draw(each.children, rowScope, top + i * each.rowHeight, 1, out, null);
      }
    });
    result.push(out);
  }
  return result;
}

/** The form's answers: the given ones, else the inputs' defaults; numbers checked. */
export function formValues(
  template: LabelTemplate,
  given: Record<string, unknown> = {},
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const input of template.inputs) {
    const raw = given[input.name];
    const value = raw === undefined || raw === null || raw === '' ? input.default : String(raw);
    if (input.type === 'number' && value !== '' && !Number.isFinite(Number(value)))
      throw AppError.validation(`form.${input.name}`, `${input.label} must be a number, got "${value}"`);
    values[input.name] = value;
  }
  return values;
}
