import { AppError, ErrorCode, type FieldError } from '@kanban/access';
import type { DocLine, OrderDocument } from './document';
import { encodeText, normaliseLineBreaks, type FileEncoding, type LineBreak, type Unmappable } from './encoding';
import { compileTemplate, DEFAULT_LIMITS, renderPart, runTemplate, templateError, withinTime, type RenderLimits } from './engine';
import { sampleOrderDocument } from './sample';

/** An e-mail template (spec 3): the header is the subject; the body is text, or HTML when it starts with '<'. */
export interface EmailTemplate {
  name?: string;
  header: string;
  body: string;
}

/** A file template (spec 3): the header is written once, the body once per order line. */
export interface FileTemplate {
  name?: string;
  header: string;
  body: string;
  encoding: FileEncoding;
  linebreak: LineBreak;
}

export interface RenderedEmail {
  /** one line: line breaks in the rendered subject become spaces */
  subject: string;
  body: string;
  format: 'text' | 'html';
}

export interface RenderOptions {
  /** how dates and numbers are written by the date and number helpers (default de); templates see it as @locale */
  locale?: 'de' | 'en';
  limits?: RenderLimits;
}

export interface FileRenderOptions extends RenderOptions {
  /** a character the encoding lacks: refuse (default) or write '?' (see encoding.ts) */
  unmappable?: Unmappable;
}

/** What a file template's body sees for one line: the whole document plus `line`, `item`, `kanban_rule`, `storage`. */
export type LineContext = OrderDocument & { line: DocLine; item: DocLine['item']; kanban_rule: DocLine['kanban_rule']; storage: DocLine['storage'] };

export function lineContext(document: OrderDocument, line: DocLine): LineContext {
  return { ...document, line, item: line.item, kanban_rule: line.kanban_rule, storage: line.storage };
}

/** An HTML body starts with a tag (e.g. <html>, <!DOCTYPE html>, <p>); placeholders in it are HTML-escaped. */
export function isHtmlBody(body: string): boolean {
  return /^\s*</.test(body);
}

const isBlank = (text: string): boolean => text.trim() === '';

export function renderEmailTemplate(template: EmailTemplate, document: OrderDocument, options: RenderOptions = {}): RenderedEmail {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const html = isHtmlBody(template.body);
  const data = { locale: options.locale ?? 'de' };
  const header = compileTemplate(template.header, 'header');
  const body = compileTemplate(template.body, 'body', { escapeHtml: html });
  let field = 'header';
  const rendered = withinTime(
    () => {
      const subject = renderPart(header, document, data, 'header', limits.maxChars);
      field = 'body';
      return { subject, body: renderPart(body, document, data, 'body', limits.maxChars) };
    },
    limits.timeoutMs,
    () => field,
  );
  return { subject: rendered.subject.replace(/[\r\n\u2028\u2029]+/g, ' ').trim(), body: rendered.body, format: html ? 'html' : 'text' };
}

/**
 * The file's text before encoding: the header once, the body once per order line (in pos order), each part ending
 * with a line break (one is added when the part does not end with one), every line break the chosen one.
 * An empty rendered header, or a line whose body renders empty (e.g. `{{#if}}` leaving the line out), writes
 * nothing; a blank body template writes only the header (for formats that list the lines in the header with
 * {{#each lines}}, e.g. XML with a closing tag). The whole file shares one time and size limit.
 */
export function renderFileText(template: Pick<FileTemplate, 'header' | 'body' | 'linebreak'>, document: OrderDocument, options: RenderOptions = {}): string {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const locale = options.locale ?? 'de';
  const header = isBlank(template.header) ? null : compileTemplate(template.header, 'header');
  const body = isBlank(template.body) ? null : compileTemplate(template.body, 'body');
  let field = 'header';
  const text = withinTime(
    () => {
      let size = 0;
      const parts: string[] = [];
      const add = (out: string): void => {
        if (out === '') return;
        const part = /[\r\n]$/.test(out) ? out : `${out}\n`;
        size += part.length;
        if (size > limits.maxChars) throw templateError(field, { line: null, column: null, reason: `the output is longer than ${limits.maxChars} characters` });
        parts.push(part);
      };
      if (header) add(renderPart(header, document, { locale }, 'header', limits.maxChars));
      if (body) {
        field = 'body';
        const last = document.lines.length - 1;
        document.lines.forEach((line, index) => add(renderPart(body, lineContext(document, line), { locale, index, first: index === 0, last: index === last }, 'body', limits.maxChars)));
      }
      return parts.join('');
    },
    limits.timeoutMs,
    () => field,
  );
  return normaliseLineBreaks(text, template.linebreak);
}

/** The file as bytes in the template's encoding and line breaks. */
export function renderFileTemplate(template: FileTemplate, document: OrderDocument, options: FileRenderOptions = {}): Buffer {
  const text = renderFileText(template, document, options);
  return encodeText(text, template.encoding, { unmappable: options.unmappable, field: 'encoding' });
}

export interface TemplateProblem {
  field: string;
  line: number | null;
  column: number | null;
  message: string;
}

export interface CheckOptions {
  /** the field named in the problem (default body) */
  field?: string;
  /** what the template renders: the whole order (header, e-mail) or one line (a file template's body); default document */
  scope?: 'document' | 'line';
  /** HTML-escape placeholders (an HTML e-mail body) */
  html?: boolean;
}

/**
 * Checks a template on save: it must parse and compile (only the documented helpers, no partials, no object
 * internals) and render against the sample order with every placeholder known (strict: `{{ordr.id}}` fails,
 * naming the placeholder with its line and column). Null when the template is good.
 */
export function checkTemplate(text: string, options: CheckOptions = {}): TemplateProblem | null {
  const field = options.field ?? 'body';
  try {
    const compiled = compileTemplate(text, field, { escapeHtml: options.html, strict: true });
    const sample = sampleOrderDocument();
    const context = options.scope === 'line' ? lineContext(sample, sample.lines[0]!) : sample;
    for (const locale of ['de', 'en']) runTemplate(compiled, context, { locale, index: 0, first: true, last: false }, field);
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const params = e.errors?.[0]?.params ?? {};
    return { field, line: typeof params.line === 'number' ? params.line : null, column: typeof params.column === 'number' ? params.column : null, message: e.message };
  }
}

function refuse(problems: TemplateProblem[]): void {
  if (problems.length === 0) return;
  const errors: FieldError[] = problems.map((p) => {
    const params: Record<string, number> = {};
    if (p.line !== null) params.line = p.line;
    if (p.column !== null) params.column = p.column;
    return { field: p.field, message: p.message, params };
  });
  throw new AppError(ErrorCode.Validation, problems.map((p) => p.message).join('; '), { field: problems[0]!.field, errors });
}

/** Throws 1000 (field header or body, with line and column) when an e-mail template would not render. */
export function assertEmailTemplate(template: Pick<EmailTemplate, 'header' | 'body'>): void {
  refuse(
    [checkTemplate(template.header, { field: 'header' }), checkTemplate(template.body, { field: 'body', html: isHtmlBody(template.body) })].filter(
      (p): p is TemplateProblem => p !== null,
    ),
  );
}

/** Throws 1000 (field header or body, with line and column) when a file template would not render. */
export function assertFileTemplate(template: Pick<FileTemplate, 'header' | 'body'>): void {
  refuse(
    [checkTemplate(template.header, { field: 'header' }), checkTemplate(template.body, { field: 'body', scope: 'line' })].filter((p): p is TemplateProblem => p !== null),
  );
}
