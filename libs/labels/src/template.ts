import { AppError, ErrorCode } from '@kanban/access';
import { SaxesParser } from 'saxes';
import { fieldCatalogue } from './data';
import { encodeBarcode } from './barcodes';
import { BARCODE_TYPES, type BarcodeType } from './symbols';

export { BARCODE_TYPES, type BarcodeType, checkBarcodeValue } from './symbols';

/**
 * The label template language (docs/label-templates.md): XML with a root `<label width height>` in millimetres and
 * elements text, image, line, box, barcode, if, each and input. Parsed with saxes, so every error (XML or meaning)
 * names its line and column (1-based).
 */

export interface Pos {
  line: number;
  column: number;
}

export type Part = string | { path: string[]; pos: Pos };
export type Pages = 'first' | 'all';

interface Base {
  pos: Pos;
  /** on which pages of a multi-page label (one whose `each` runs over) it is drawn */
  pages: Pages;
}

export const FONTS = ['helvetica', 'times', 'courier'] as const;
export type Font = (typeof FONTS)[number];

export interface TextNode extends Base {
  kind: 'text';
  x: number;
  y: number;
  width: number;
  height: number;
  font: Font;
  /** points */
  size: number;
  bold: boolean;
  align: 'left' | 'center' | 'right';
  valign: 'top' | 'middle' | 'bottom';
  wrap: boolean;
  content: Part[];
}
export interface ImageNode extends Base {
  kind: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
  /** an image key (looked up in the label's, then the job's images) or a data URL */
  src: Part[];
}
export interface LineNode extends Base {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** thickness in mm */
  thickness: number;
}
export interface BoxNode extends Base {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  /** border width in mm (0: none) */
  border: number;
  fill: 'none' | 'black' | 'gray';
}
export interface BarcodeNode extends Base {
  kind: 'barcode';
  type: BarcodeType;
  x: number;
  y: number;
  width: number;
  height: number;
  value: Part[];
  /** print the value in plain text under a linear barcode */
  text: boolean;
  /** QR mask 1-8, or 0 to let the encoder choose (slower) */
  mask: number;
}
export interface Condition {
  path: string[];
  op: 'truthy' | 'falsy' | '==' | '!=';
  value: string;
}
export interface IfNode extends Base {
  kind: 'if';
  test: Condition;
  children: LabelNode[];
}
export interface EachNode extends Base {
  kind: 'each';
  of: 'lines';
  /** the first row's top on the first page (mm) */
  y: number;
  rowHeight: number;
  /** rows must end above this (mm from the top); further rows continue on the label's next page */
  until: number;
  /** the first row's top on continuation pages */
  continueY: number;
  children: LabelNode[];
}
export type LabelNode = TextNode | ImageNode | LineNode | BoxNode | BarcodeNode | IfNode | EachNode;

export interface FormInput {
  name: string;
  label: string;
  type: 'text' | 'number';
  default: string;
  pos: Pos;
}

export interface LabelTemplate {
  width: number;
  height: number;
  inputs: FormInput[];
  nodes: LabelNode[];
}

export interface TemplateProblem extends Pos {
  reason: string;
}

export const MAX_LABEL_TEMPLATE_CHARS = 200_000;
const MAX_MM = 2000;

export class LabelTemplateError extends AppError {
  constructor(
    readonly problems: TemplateProblem[],
    field = 'template',
  ) {
    const first = problems[0]!;
    const message = `${field}: line ${first.line}, column ${first.column}: ${first.reason}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`;
    super(ErrorCode.Validation, message, {
      field,
      errors: problems.map((p) => ({
        field,
        message: `line ${p.line}, column ${p.column}: ${p.reason}`,
        params: { line: p.line, column: p.column },
      })),
    });
  }
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const PATH = /^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*$/i;

interface Raw {
  name: string;
  attrs: Record<string, string>;
  attrPos: Record<string, Pos>;
  pos: Pos;
  children: Raw[];
  text: string;
  textPos: Pos;
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function posAt(starts: number[], offset: number): Pos {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/** Reads the XML into a tree with the place of every element, attribute and text. */
function readXml(source: string): Raw {
  const starts = lineStarts(source);
  const parser = new SaxesParser({ position: true });
  const stack: Raw[] = [];
  let root: Raw | null = null;
  let failure: TemplateProblem | null = null;
  parser.on('error', (err) => {
    if (!failure)
      failure = {
        line: parser.line,
        column: parser.column + 1,
        reason: err.message.replace(/^[^:]*:\d+:\d+: /, ''),
      };
    throw err;
  });
  let pending: Raw | null = null;
  let tagStart = 0;
  parser.on('opentagstart', (tag) => {
    const start = source.lastIndexOf('<' + tag.name, parser.position);
    tagStart = Math.max(0, start);
    pending = {
      name: tag.name,
      attrs: {},
      attrPos: {},
      pos: posAt(starts, Math.max(0, start)),
      children: [],
      text: '',
      textPos: { line: 0, column: 0 },
    };
  });
  parser.on('attribute', (attr) => {
    if (!pending) return;
    // the last `name=` (outside of values) between the tag's start and here
    const slice = source.slice(tagStart, parser.position);
    const re = new RegExp(`\\s(${attr.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\s*=\\s*["']`, 'g');
    let at = -1;
    for (const m of slice.matchAll(re)) at = tagStart + m.index + 1;
    pending.attrs[attr.name] = attr.value;
    pending.attrPos[attr.name] = posAt(starts, Math.max(0, at));
  });
  parser.on('opentag', () => {
    const node = pending!;
    pending = null;
    node.textPos = posAt(starts, parser.position);
    if (stack.length) stack[stack.length - 1]!.children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('cdata', (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(source).close();
  } catch (err) {
    throw new LabelTemplateError([
      failure ?? { line: parser.line, column: parser.column + 1, reason: (err as Error).message },
    ]);
  }
  if (!root)
    throw new LabelTemplateError([
      { line: 1, column: 1, reason: 'the template has no root element; write <label width="…" height="…">' },
    ]);
  return root;
}

/** The elements and their attributes (docs/label-templates.md "Elements" lists them all: docs.spec.ts). */
export const LABEL_ELEMENTS: Record<string, string[]> = {
  label: ['width', 'height', 'name', 'font', 'size'],
  input: ['name', 'label', 'type', 'default'],
  text: ['x', 'y', 'width', 'height', 'font', 'size', 'bold', 'align', 'valign', 'wrap', 'pages'],
  image: ['x', 'y', 'width', 'height', 'src', 'pages'],
  line: ['x1', 'y1', 'x2', 'y2', 'width', 'pages'],
  box: ['x', 'y', 'width', 'height', 'border', 'fill', 'pages'],
  barcode: ['type', 'x', 'y', 'width', 'height', 'value', 'text', 'mask', 'pages'],
  if: ['test'],
  each: ['of', 'y', 'row-height', 'until', 'continue-y'],
};

class Reader {
  problems: TemplateProblem[] = [];
  inputs: FormInput[] = [];
  width = 0;
  height = 0;
  font: Font = 'helvetica';
  size = 9;
  eachCount = 0;

  problem(pos: Pos, reason: string): void {
    if (this.problems.length < 50) this.problems.push({ ...pos, reason });
  }

  at(el: Raw, attr: string): Pos {
    return el.attrPos[attr] ?? el.pos;
  }

  num(
    el: Raw,
    attr: string,
    fallback?: number,
    { min = 0, max = MAX_MM }: { min?: number; max?: number } = {},
  ): number {
    const raw = el.attrs[attr];
    if (raw === undefined) {
      if (fallback === undefined) {
        this.problem(el.pos, `<${el.name}> needs the attribute ${attr}`);
        return 0;
      }
      return fallback;
    }
    const value = Number(raw.trim());
    if (raw.trim() === '' || !Number.isFinite(value)) {
      this.problem(this.at(el, attr), `${attr}="${raw}" is not a number`);
      return fallback ?? 0;
    }
    if (value < min || value > max) {
      this.problem(this.at(el, attr), `${attr}="${raw}" must be between ${min} and ${max}`);
      return fallback ?? 0;
    }
    return value;
  }

  bool(el: Raw, attr: string, fallback: boolean): boolean {
    const raw = el.attrs[attr];
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === 'yes' || raw === '1') return true;
    if (raw === 'false' || raw === 'no' || raw === '0') return false;
    this.problem(this.at(el, attr), `${attr}="${raw}" must be true or false`);
    return fallback;
  }

  oneOf<T extends string>(el: Raw, attr: string, options: readonly T[], fallback: T): T {
    const raw = el.attrs[attr];
    if (raw === undefined) return fallback;
    if ((options as readonly string[]).includes(raw)) return raw as T;
    this.problem(this.at(el, attr), `${attr}="${raw}" must be one of ${options.join(', ')}`);
    return fallback;
  }

  /** A path such as item.sku; checked against the placeholder groups and their fields. */
  path(text: string, pos: Pos, _scope: Scope): string[] | null {
    if (!PATH.test(text)) {
      this.problem(pos, `"{{${text}}}" is not a placeholder; write {{group.field}}, e.g. {{item.sku}}`);
      return null;
    }
    const parts = text.split('.');
    const [group, field, ...rest] = parts as [string, string | undefined, ...string[]];
    if (group === 'form') {
      if (!field || rest.length) this.problem(pos, `write {{form.<name>}} for a form input`);
      else if (!this.inputs.some((input) => input.name === field))
        this.problem(
          pos,
          `{{form.${field}}}: no <input name="${field}"> is declared (declare inputs before they are used)`,
        );
      return parts;
    }
    const fields = fieldCatalogue().get(group);
    if (!fields) {
      this.problem(
        pos,
        `unknown placeholder group "${group}" in {{${text}}}; groups: company, contact, customer, form, item, kanban_rule, label, line, location, order, storage, supplier, user`,
      );
      return null;
    }
    if (field === undefined) {
      this.problem(pos, `{{${group}}} needs a field, e.g. {{${group}.${[...fields][0]}}}`);
      return null;
    }
    if (group === 'line' && ['item', 'kanban_rule', 'storage'].includes(field)) {
      const sub = rest[0];
      const subFields = fieldCatalogue().get(field)!;
      if (sub === undefined || rest.length > 1 || !subFields.has(sub)) {
        this.problem(pos, `unknown field in {{${text}}}; line.${field} has ${[...subFields].join(', ')}`);
        return null;
      }
      return parts;
    }
    if (!fields.has(field) || rest.length) {
      this.problem(
        pos,
        `unknown field "${parts.slice(1).join('.')}" in {{${text}}}; ${group} has ${[...fields].join(', ')}`,
      );
      return null;
    }
    return parts;
  }

  /** Text with {{placeholders}}; positions of placeholders are found from the text's start. */
  parts(text: string, pos: Pos, scope: Scope): Part[] {
    const parts: Part[] = [];
    let last = 0;
    for (const m of text.matchAll(PLACEHOLDER)) {
      if (m.index > last) parts.push(text.slice(last, m.index));
      const before = text.slice(0, m.index);
      const nl = before.lastIndexOf('\n');
      const placePos =
        nl < 0
          ? { line: pos.line, column: pos.column + m.index }
          : { line: pos.line + before.split('\n').length - 1, column: m.index - nl };
      const path = this.path(m[1]!, placePos, scope);
      if (path) parts.push({ path, pos: placePos });
      last = m.index + m[0].length;
    }
    if (last < text.length) parts.push(text.slice(last));
    const rest = parts.filter((p): p is string => typeof p === 'string').join('');
    if (rest.includes('{{') || rest.includes('}}')) this.problem(pos, 'a {{ or }} without its other half');
    return parts;
  }

  box(el: Raw, scope: Scope): { x: number; y: number; width: number; height: number } {
    const x = this.num(el, 'x');
    const y = this.num(el, 'y');
    const width = this.num(el, 'width', undefined, { min: 0.1 });
    const height = this.num(el, 'height', undefined, { min: 0.1 });
    if (x + width > this.width + 1e-9)
      this.problem(
        this.at(el, 'width'),
        `x + width (${x + width} mm) is beyond the label's width (${this.width} mm)`,
      );
    const limit = scope.inEach ? scope.rowHeight : this.height;
    if (y + height > limit + 1e-9)
      this.problem(
        this.at(el, 'height'),
        `y + height (${y + height} mm) is beyond the ${scope.inEach ? "row's height" : "label's height"} (${limit} mm)`,
      );
    return { x, y, width, height };
  }

  pages(el: Raw): Pages {
    return this.oneOf(el, 'pages', ['first', 'all'] as const, 'first');
  }

  node(el: Raw, scope: Scope): LabelNode | null {
    const allowed = LABEL_ELEMENTS[el.name];
    if (!allowed) {
      this.problem(
        el.pos,
        `unknown element <${el.name}>; elements: text, image, line, box, barcode, if, each, input`,
      );
      return null;
    }
    for (const attr of Object.keys(el.attrs))
      if (!allowed.includes(attr))
        this.problem(
          this.at(el, attr),
          `<${el.name}> has no attribute ${attr}; it has ${allowed.join(', ')}`,
        );
    const leaf = ['text', 'image', 'line', 'box', 'barcode', 'input'];
    if (leaf.includes(el.name) && el.children.length)
      this.problem(el.children[0]!.pos, `<${el.name}> cannot hold elements`);
    if (!['text', 'barcode', 'if', 'each'].includes(el.name) && el.text.trim())
      this.problem(el.textPos, `<${el.name}> holds no text`);
    switch (el.name) {
      case 'input':
        this.problem(el.pos, '<input> must be a direct child of <label>');
        return null;
      case 'text': {
        return {
          kind: 'text',
          pos: el.pos,
          pages: this.pages(el),
          ...this.box(el, scope),
          font: this.oneOf(el, 'font', FONTS, this.font),
          size: this.num(el, 'size', this.size, { min: 2, max: 400 }),
          bold: this.bool(el, 'bold', false),
          align: this.oneOf(el, 'align', ['left', 'center', 'right'] as const, 'left'),
          valign: this.oneOf(el, 'valign', ['top', 'middle', 'bottom'] as const, 'top'),
          wrap: this.bool(el, 'wrap', true),
          content: collapse(this.parts(el.text, el.textPos, scope)),
        };
      }
      case 'image': {
        const src = el.attrs.src;
        if (src === undefined)
          this.problem(
            el.pos,
            '<image> needs src: an image key such as item or company.logo, or a data:image/png;base64,… URL',
          );
        else if (!src.startsWith('data:') && !src.includes('{{') && !/^[a-z0-9_.-]+$/i.test(src))
          this.problem(
            this.at(el, 'src'),
            `src="${src.slice(0, 40)}" is neither an image key nor a data URL (files and web addresses are never read)`,
          );
        else if (src.startsWith('data:') && !/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]+$/.test(src))
          this.problem(
            this.at(el, 'src'),
            'a data URL must be data:image/png;base64,… or data:image/jpeg;base64,…',
          );
        return {
          kind: 'image',
          pos: el.pos,
          pages: this.pages(el),
          ...this.box(el, scope),
          src: src === undefined ? [] : this.parts(src, this.at(el, 'src'), scope),
        };
      }
      case 'line': {
        const x1 = this.num(el, 'x1');
        const y1 = this.num(el, 'y1');
        const x2 = this.num(el, 'x2');
        const y2 = this.num(el, 'y2');
        const limit = scope.inEach ? scope.rowHeight : this.height;
        for (const [attr, v, max] of [
          ['x1', x1, this.width],
          ['x2', x2, this.width],
          ['y1', y1, limit],
          ['y2', y2, limit],
        ] as const) {
          if (v > max + 1e-9)
            this.problem(
              this.at(el, attr),
              `${attr}="${v}" is beyond the ${attr.startsWith('x') ? "label's width" : scope.inEach ? "row's height" : "label's height"} (${max} mm)`,
            );
        }
        return {
          kind: 'line',
          pos: el.pos,
          pages: this.pages(el),
          x1,
          y1,
          x2,
          y2,
          thickness: this.num(el, 'width', 0.3, { min: 0.05, max: 20 }),
        };
      }
      case 'box':
        return {
          kind: 'box',
          pos: el.pos,
          pages: this.pages(el),
          ...this.box(el, scope),
          border: this.num(el, 'border', 0.3, { min: 0, max: 50 }),
          fill: this.oneOf(el, 'fill', ['none', 'black', 'gray'] as const, 'none'),
        };
      case 'barcode': {
        const type =
          el.attrs.type === undefined
            ? (this.problem(el.pos, `<barcode> needs type: one of ${BARCODE_TYPES.join(', ')}`),
              'code128' as const)
            : this.oneOf(el, 'type', BARCODE_TYPES, 'code128');
        const valueText = el.attrs.value ?? el.text.trim();
        const valuePos = el.attrs.value !== undefined ? this.at(el, 'value') : el.textPos;
        if (valueText === '')
          this.problem(el.pos, '<barcode> needs a value (value="{{item.sku}}" or the value as its text)');
        const value = this.parts(valueText, valuePos, scope);
        if (value.every((p) => typeof p === 'string') && valueText !== '') {
          // the encoder's own GS1 rules too (e.g. AIs that must not appear together)
          try {
            encodeBarcode(type, valueText, 1);
          } catch (err) {
            this.problem(valuePos, (err as Error).message);
          }
        }
        return {
          kind: 'barcode',
          pos: el.pos,
          pages: this.pages(el),
          type,
          ...this.box(el, scope),
          value,
          text: this.bool(el, 'text', false),
          mask: this.num(el, 'mask', 1, { min: 0, max: 8 }),
        };
      }
      case 'if': {
        const test = el.attrs.test;
        if (test === undefined) {
          this.problem(
            el.pos,
            '<if> needs test, e.g. test="item.customer_sku" or test="form.size == \'large\'"',
          );
          return null;
        }
        const condition = this.condition(test, this.at(el, 'test'), scope);
        const children = this.children(el, scope);
        return condition ? { kind: 'if', pos: el.pos, pages: 'all', test: condition, children } : null;
      }
      case 'each': {
        if (scope.depth > 0) this.problem(el.pos, '<each> must be a direct child of <label>');
        if (++this.eachCount > 1) this.problem(el.pos, 'a template has at most one <each>');
        if (el.attrs.of !== 'lines')
          this.problem(this.at(el, 'of'), `<each> repeats over lines: write of="lines"`);
        const y = this.num(el, 'y', 0, { max: this.height });
        const rowHeight = this.num(el, 'row-height', undefined, { min: 1, max: this.height });
        const until = this.num(el, 'until', this.height, { max: this.height });
        const continueY = this.num(el, 'continue-y', y, { max: this.height });
        if (until - y < rowHeight || until - continueY < rowHeight)
          this.problem(
            el.pos,
            `not one row of ${rowHeight} mm fits between y (or continue-y) and until (${until} mm)`,
          );
        const children = this.children(el, {
          inEach: true,
          rowHeight: rowHeight || 1,
          depth: scope.depth + 1,
        });
        return {
          kind: 'each',
          pos: el.pos,
          pages: 'all',
          of: 'lines',
          y,
          rowHeight,
          until,
          continueY,
          children,
        };
      }
      default:
        return null;
    }
  }

  condition(test: string, pos: Pos, scope: Scope): Condition | null {
    const m = /^\s*(!?)\s*([A-Za-z0-9_.]+)\s*(?:(==|!=)\s*'([^']*)'\s*)?$/.exec(test);
    if (!m) {
      this.problem(
        pos,
        `test="${test}" is not a condition; write path, !path, path == 'text' or path != 'text'`,
      );
      return null;
    }
    const path = this.path(m[2]!, pos, scope);
    if (!path) return null;
    if (m[1] && m[3]) {
      this.problem(pos, `test="${test}": write either !path or path == 'text'`);
      return null;
    }
    return { path, op: m[3] ? (m[3] as '==' | '!=') : m[1] ? 'falsy' : 'truthy', value: m[4] ?? '' };
  }

  children(el: Raw, scope: Scope): LabelNode[] {
    const nested = { ...scope, depth: scope.depth + (el.name === 'label' ? 0 : 1) };
    if (el.name !== 'label' && el.name !== 'each' && el.name !== 'if') return [];
    return el.children
      .map((child) => this.node(child, el.name === 'each' ? scope : nested))
      .filter((n): n is LabelNode => n !== null);
  }
}

/** Whitespace in text runs (newlines, indentation) becomes one space, and the text is trimmed, as in HTML. */
function collapse(parts: Part[]): Part[] {
  const out = parts.map((p) => (typeof p === 'string' ? p.replace(/\s+/g, ' ') : p));
  if (typeof out[0] === 'string') out[0] = out[0].trimStart();
  const last = out.length - 1;
  if (typeof out[last] === 'string') out[last] = (out[last] as string).trimEnd();
  return out.filter((p) => p !== '');
}

interface Scope {
  inEach: boolean;
  rowHeight: number;
  depth: number;
}

/** Parses and checks a template; throws LabelTemplateError (1000) with the line and column of each problem. */
export function parseLabelTemplate(source: string): LabelTemplate {
  if (source.length > MAX_LABEL_TEMPLATE_CHARS)
    throw new LabelTemplateError([
      { line: 1, column: 1, reason: `the template is longer than ${MAX_LABEL_TEMPLATE_CHARS} characters` },
    ]);
  const root = readXml(source);
  const r = new Reader();
  if (root.name !== 'label')
    throw new LabelTemplateError([
      { ...root.pos, reason: `the root element must be <label width="…" height="…">, not <${root.name}>` },
    ]);
  for (const attr of Object.keys(root.attrs))
    if (!LABEL_ELEMENTS.label!.includes(attr))
      r.problem(
        r.at(root, attr),
        `<label> has no attribute ${attr}; it has ${LABEL_ELEMENTS.label!.join(', ')}`,
      );
  r.width = r.num(root, 'width', undefined, { min: 5, max: 1000 });
  r.height = r.num(root, 'height', undefined, { min: 5, max: 1000 });
  r.font = r.oneOf(root, 'font', FONTS, 'helvetica');
  r.size = r.num(root, 'size', 9, { min: 2, max: 400 });
  if (root.text.trim()) r.problem(root.textPos, 'text must be inside a <text> element');
  const nodes: LabelNode[] = [];
  for (const child of root.children) {
    if (child.name === 'input') {
      for (const attr of Object.keys(child.attrs))
        if (!LABEL_ELEMENTS.input!.includes(attr))
          r.problem(
            r.at(child, attr),
            `<input> has no attribute ${attr}; it has ${LABEL_ELEMENTS.input!.join(', ')}`,
          );
      const name = child.attrs.name ?? '';
      if (!/^[a-z_][a-z0-9_]*$/i.test(name))
        r.problem(
          child.attrs.name === undefined ? child.pos : r.at(child, 'name'),
          '<input> needs name: letters, digits and _',
        );
      else if (r.inputs.some((input) => input.name === name))
        r.problem(r.at(child, 'name'), `the input ${name} is declared twice`);
      if (!child.attrs.label) r.problem(child.pos, '<input> needs label: the question asked at print time');
      const type = r.oneOf(child, 'type', ['text', 'number'] as const, 'text');
      const dflt = child.attrs.default ?? '';
      if (type === 'number' && dflt !== '' && !Number.isFinite(Number(dflt)))
        r.problem(r.at(child, 'default'), `default="${dflt}" is not a number`);
      r.inputs.push({ name, label: child.attrs.label ?? name, type, default: dflt, pos: child.pos });
      continue;
    }
    const node = r.node(child, { inEach: false, rowHeight: 0, depth: 0 });
    if (node) nodes.push(node);
  }
  if (r.problems.length) throw new LabelTemplateError(r.problems);
  return { width: r.width, height: r.height, inputs: r.inputs, nodes };
}

/** The problems of a template (empty when it is fine), for an editor's live check. */
export function checkLabelTemplate(source: string): TemplateProblem[] {
  try {
    parseLabelTemplate(source);
    return [];
  } catch (err) {
    if (err instanceof LabelTemplateError) return err.problems;
    throw err;
  }
}
