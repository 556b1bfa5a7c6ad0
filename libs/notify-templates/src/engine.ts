import { AppError, ErrorCode } from '@kanban/access';
import Handlebars from 'handlebars';
import vm from 'node:vm';
import { BUILT_IN_HELPERS, HELPERS } from './helpers';

/**
 * The Handlebars engine of templates, safe for what a company's admin writes:
 * - an environment of its own (Handlebars.create) with only our helpers, compiled with knownHelpersOnly, so an
 *   unknown helper is refused at compile time; no partials, no decorators (they could recurse without end);
 * - no prototype access at run time (allowProtoPropertiesByDefault and allowProtoMethodsByDefault false) and
 *   names such as constructor and __proto__ refused when the template is checked;
 * - a time limit (node:vm's watchdog interrupts the render) and a size limit on the output;
 * - errors as 1000 with the field and, when Handlebars knows it, the line and column (1-based).
 */

export interface RenderLimits {
  /** milliseconds one render may take (default 2000) */
  timeoutMs?: number;
  /** characters the output may have (default 10,000,000) */
  maxChars?: number;
}

export const DEFAULT_LIMITS: Required<RenderLimits> = { timeoutMs: 2000, maxChars: 10_000_000 };
/** Characters a template part may have. */
export const MAX_TEMPLATE_CHARS = 100_000;

const env = Handlebars.create();
for (const [name, helper] of Object.entries(HELPERS)) env.registerHelper(name, helper);
// the built-in helpers we do not allow (log writes to the console, helperMissing and blockHelperMissing stay)
env.unregisterHelper('log');

const KNOWN_HELPERS = Object.fromEntries([...Object.keys(HELPERS), ...BUILT_IN_HELPERS].map((name) => [name, true]));
const FORBIDDEN_NAMES = new Set(['constructor', '__proto__', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

export interface CompiledTemplate {
  render(context: unknown, data: Record<string, unknown>): string;
  /** the placeholder path written at a place ("line:column", 0-based column as Handlebars counts) */
  paths: Map<string, string>;
}

export interface Problem {
  line: number | null;
  column: number | null;
  reason: string;
}

export function templateError(field: string, problem: Problem): AppError {
  const where = problem.line === null ? '' : ` at line ${problem.line}${problem.column === null ? '' : `, column ${problem.column}`}`;
  const message = `${field}: the template does not work${where}: ${problem.reason}`;
  const params: Record<string, string | number> = {};
  if (problem.line !== null) params.line = problem.line;
  if (problem.column !== null) params.column = problem.column;
  return new AppError(ErrorCode.Validation, message, { field, errors: [{ field, message, params }] });
}

interface Loc {
  start: { line: number; column: number };
}
interface Node {
  type: string;
  loc?: Loc;
  [key: string]: unknown;
}

/** Walks a parsed template: partials, decorators and forbidden names are problems with their place. */
function inspect(node: unknown, problems: Problem[], paths: Map<string, string>): void {
  if (Array.isArray(node)) {
    for (const child of node) inspect(child, problems, paths);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const n = node as Node;
  const at = (reason: string): Problem => ({ line: n.loc?.start.line ?? null, column: n.loc ? n.loc.start.column + 1 : null, reason });
  switch (n.type) {
    case 'PartialStatement':
    case 'PartialBlockStatement':
      problems.push(at('partials ({{> …}}) are not supported'));
      return;
    case 'Decorator':
    case 'DecoratorBlock':
      problems.push(at('decorators ({{* …}}) are not supported'));
      return;
    case 'PathExpression': {
      if (n.loc) paths.set(`${n.loc.start.line}:${n.loc.start.column}`, String(n.original));
      const parts = (n.parts as string[] | undefined) ?? [];
      const bad = parts.find((part) => FORBIDDEN_NAMES.has(part));
      if (bad) problems.push(at(`"${bad}" may not be used (no access to object internals)`));
      return;
    }
    case 'StringLiteral':
      // lookup with a literal name: {{lookup this "constructor"}}
      if (FORBIDDEN_NAMES.has(String(n.value))) problems.push(at(`"${String(n.value)}" may not be used (no access to object internals)`));
      return;
    default:
      for (const [key, value] of Object.entries(n)) if (key !== 'loc' && key !== 'strip' && typeof value === 'object') inspect(value, problems, paths);
  }
}

/** The reason of a Handlebars parse error without its excerpt ("Expecting 'ID', got 'EOF'"). */
function parseReason(message: string): string {
  const lines = message.split('\n');
  const last = lines[lines.length - 1] ?? message;
  return last.startsWith('Expecting') ? `syntax error: ${last.replace(/^Expecting /, 'expected ')}` : message;
}

/** Compiled templates by options and text (a rule renders the same templates for every order). */
const cache = new Map<string, CompiledTemplate>();
const CACHE_SIZE = 500;

/**
 * Parses and compiles; a problem (syntax, unknown helper, partial, forbidden name) becomes 1000 for `field`.
 * Compiled templates are kept (the 500 most recently compiled).
 */
export function compileTemplate(text: string, field: string, options: { escapeHtml?: boolean; strict?: boolean } = {}): CompiledTemplate {
  const key = `${options.escapeHtml === true ? 1 : 0}${options.strict === true ? 1 : 0}${text}`;
  const known = cache.get(key);
  if (known) return known;
  const compiled = compileUncached(text, field, options);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}

function compileUncached(text: string, field: string, options: { escapeHtml?: boolean; strict?: boolean }): CompiledTemplate {
  if (text.length > MAX_TEMPLATE_CHARS) throw templateError(field, { line: null, column: null, reason: `longer than ${MAX_TEMPLATE_CHARS} characters` });
  let ast: hbs.AST.Program;
  try {
    ast = env.parse(text);
  } catch (e) {
    const loc = (env as unknown as { Parser?: { lexer?: { yylloc?: { first_line: number; first_column: number } } } }).Parser?.lexer?.yylloc;
    throw templateError(field, { line: loc?.first_line ?? null, column: loc ? loc.first_column + 1 : null, reason: parseReason((e as Error).message) });
  }
  const problems: Problem[] = [];
  const paths = new Map<string, string>();
  inspect(ast.body, problems, paths);
  if (problems.length > 0) throw templateError(field, problems[0]!);
  const compileOptions = { knownHelpers: KNOWN_HELPERS, knownHelpersOnly: true, noEscape: !options.escapeHtml, strict: options.strict === true };
  try {
    // precompile runs the compiler without running the template: an unknown helper fails here, with its place
    env.precompile(ast, compileOptions);
  } catch (e) {
    const error = e as { message: string; lineNumber?: number; column?: number };
    throw templateError(field, { line: error.lineNumber ?? null, column: error.column === undefined ? null : error.column + 1, reason: compileReason(error.message) });
  }
  const template = env.compile(ast, compileOptions);
  return {
    render: (context, data) => template(context, { data, allowProtoMethodsByDefault: false, allowProtoPropertiesByDefault: false }),
    paths,
  };
}

function compileReason(message: string): string {
  return message
    .replace(/ - \d+:\d+$/, '')
    .replace(/^You specified knownHelpersOnly, but used the unknown helper (\S+)$/, 'unknown helper "$1"');
}

// One context and script for the time guard, reused: a new vm context per render costs about 0.6 ms.
const guard = vm.createContext({ job: undefined as (() => unknown) | undefined });
const guardScript = new vm.Script('job()');

/**
 * Runs synchronous rendering work with a time limit: Handlebars renders synchronously, so node:vm's watchdog
 * interrupts it. A timeout becomes 1000 for the field `field()` names (the part being rendered at that moment).
 * Not to be nested.
 */
export function withinTime<T>(work: () => T, timeoutMs: number, field: () => string): T {
  guard.job = work;
  try {
    return guardScript.runInContext(guard, { timeout: timeoutMs }) as T;
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw templateError(field(), { line: null, column: null, reason: `rendering took longer than ${timeoutMs} ms` });
    }
    throw e;
  } finally {
    guard.job = undefined;
  }
}

/** Renders one part (call it within withinTime); a failure becomes 1000 for `field` with the place when known. */
export function renderPart(template: CompiledTemplate, context: unknown, data: Record<string, unknown>, field: string, maxChars: number): string {
  let out: string;
  try {
    out = template.render(context, data);
  } catch (e) {
    if (e instanceof AppError) throw e;
    const error = e as { message: string; lineNumber?: number; column?: number };
    if (e instanceof RangeError) throw templateError(field, { line: null, column: null, reason: `the output is too large (${e.message})` });
    const notDefined = /^"(.+)" not defined in .* - (\d+):(\d+)$/.exec(error.message);
    if (notDefined) {
      const path = template.paths.get(`${notDefined[2]}:${notDefined[3]}`) ?? notDefined[1];
      throw templateError(field, { line: Number(notDefined[2]), column: Number(notDefined[3]) + 1, reason: `unknown placeholder "${path}"` });
    }
    throw templateError(field, { line: error.lineNumber ?? null, column: error.column === undefined ? null : error.column + 1, reason: compileReason(error.message) });
  }
  if (out.length > maxChars) throw templateError(field, { line: null, column: null, reason: `the output is longer than ${maxChars} characters` });
  return out;
}

/** One part within the limits (renderPart under withinTime). */
export function runTemplate(template: CompiledTemplate, context: unknown, data: Record<string, unknown>, field: string, limits: RenderLimits = {}): string {
  const { timeoutMs, maxChars } = { ...DEFAULT_LIMITS, ...limits };
  return withinTime(() => renderPart(template, context, data, field, maxChars), timeoutMs, () => field);
}
