// i18n completeness and "no raw strings" for the web app (spec 1: the interface is in English and German).
//
// The checker below reads the locale files as JSON and the sources as text with the TypeScript compiler API,
// so no React is loaded and it runs in the plain node `unit` jest project. It fails when
//  - en.json and de.json differ in their keys (nested JSON flattened to dotted keys; i18next plural forms
//    `key_one`/`key_other`/... compared as one family, each language needing the forms of its plural rules),
//    in their {{placeholders}} or $t() nestings, or have an empty value;
//  - a literal key in t('…'), i18n.t('…') or i18nKey="…" is missing from en.json, and so is one from a key
//    table (page titles in shared/paths.ts, menu titles menu.<id> in features/menus/menus.ts, validation
//    messages in shared/forms/validation.ts);
//  - a key built at run time, t(`roles.${role}`) or t(variable), can take a value missing from en.json: the
//    values come from the type checker where the type is a union of literals (an enum, a union type, an
//    `as const` array), else from DYNAMIC_SOURCES, else at least one key must start with the template's prefix;
//  - a user-facing text is written in a .tsx file instead of the locale files: JSX text with letters,
//    {'literal'} children with letters, or literals with letters in the attributes of USER_FACING_ATTRIBUTES.
// The first describe block proves on small in-memory fixtures that each of these is caught.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Locales = Record<string, Json>;
interface Source {
  /** path relative to apps/web/src, with forward slashes */
  file: string;
  text: string;
}

/** JSX attributes whose value is read by the user (or by a screen reader). */
const USER_FACING_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'alt',
  'helperText',
  // the other ARIA attributes that are announced as text
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

/**
 * Texts allowed outside the locale files: { file, text, why }. Empty on purpose: the product name comes from
 * `app.title` in the locale files too. An entry needs a reason a translator could not want to change it.
 */
const ALLOWED_RAW: readonly { file: string; text: string; why: string }[] = [];

const REFERENCE = 'en';
const PLURAL_SUFFIX = /_(?:ordinal_)?(zero|one|two|few|many|other)$/;
const HAS_LETTER = /\p{L}/u;
const ENTITY = /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi;

// ---------------------------------------------------------------------------------------------- locales

/** Nested JSON to dotted keys; arrays and scalars are leaves, an empty object is a leaf (and reported). */
function flatten(value: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, value);
  return out;
}

function pluralFamily(key: string): { base: string; category: string; ordinal: boolean } | null {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match) return null;
  return { base: key.slice(0, match.index), category: match[1]!, ordinal: match[0].includes('_ordinal_') };
}

/** The key as compared between languages: plural forms collapse into their family. */
function normalKey(key: string): string {
  const plural = pluralFamily(key);
  return plural ? `${plural.base}_${plural.ordinal ? 'ordinal_' : ''}<plural>` : key;
}

function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*-?\s*([^,}\s]+)[^}]*\}\}/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\$t\(\s*([^,)]+)/g)) names.add(`$t(${m[1]!.trim()})`);
  return [...names].sort();
}

function nestedRefs(text: string): string[] {
  return [...text.matchAll(/\$t\(\s*([^,)]+)/g)].map((m) => m[1]!.trim());
}

function checkLocales(locales: Locales): string[] {
  const findings: string[] = [];
  const flat = new Map(Object.entries(locales).map(([lang, json]) => [lang, flatten(json)]));
  const normal = new Map([...flat].map(([lang, keys]) => [lang, new Set([...keys.keys()].map(normalKey))]));

  for (const [lang, keys] of flat) {
    // values: non-empty texts
    for (const [key, value] of keys) {
      const texts = Array.isArray(value) ? value : [value];
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        findings.push(`${lang}: ${key} is an empty object`);
      else if (texts.length === 0) findings.push(`${lang}: ${key} is an empty list`);
      else if (texts.some((text) => typeof text !== 'string'))
        findings.push(`${lang}: ${key} is not a text (${JSON.stringify(value)})`);
      else if (texts.some((text) => (text as string).trim() === ''))
        findings.push(`${lang}: ${key} is empty`);
    }
    // plural families: every form the language's plural rules need, no form they do not know
    const families = new Map<string, Set<string>>();
    for (const key of keys.keys()) {
      const plural = pluralFamily(key);
      if (!plural) continue;
      const family = `${plural.base}${plural.ordinal ? '_ordinal' : ''}`;
      families.set(family, (families.get(family) ?? new Set()).add(plural.category));
    }
    for (const [family, categories] of families) {
      const rules = new Intl.PluralRules(lang, {
        type: family.endsWith('_ordinal') ? 'ordinal' : 'cardinal',
      });
      const needed = rules.resolvedOptions().pluralCategories as string[];
      for (const category of needed)
        if (!categories.has(category))
          findings.push(
            `${lang}: plural ${family}_${category} is missing (${lang} needs ${needed.join(', ')})`,
          );
      // `_zero` is i18next's optional special case for count 0 in every language
      for (const category of categories)
        if (category !== 'zero' && !needed.includes(category))
          findings.push(`${lang}: ${family}_${category} is not a plural form of ${lang}`);
    }
    // $t(other.key) nesting must name an existing key
    for (const [key, value] of keys)
      if (typeof value === 'string')
        for (const ref of nestedRefs(value))
          if (!hasKey(keys, ref)) findings.push(`${lang}: ${key} nests $t(${ref}), which does not exist`);
  }

  // the same keys in every language (plural families compared as families, `_zero` consistently)
  const languages = [...flat.keys()];
  for (const a of languages)
    for (const b of languages) {
      if (a === b) continue;
      for (const key of normal.get(a)!)
        if (!normal.get(b)!.has(key))
          findings.push(`${b}: ${key.replace('<plural>', '*')} is missing (present in ${a})`);
      for (const key of flat.get(a)!.keys())
        if (pluralFamily(key)?.category === 'zero' && !flat.get(b)!.has(key))
          findings.push(`${b}: ${key} is missing (present in ${a})`);
    }

  // the same placeholders in every language; a plural form may leave {{count}} out ("Ein Eintrag")
  const reference = flat.get(REFERENCE) ?? flat.values().next().value;
  if (reference)
    for (const [lang, keys] of flat) {
      if (keys === reference) continue;
      for (const [key, value] of keys) {
        const other = reference.get(key) ?? reference.get(`${pluralFamily(key)?.base}_other`);
        if (typeof value !== 'string' || typeof other !== 'string') continue;
        const plural = pluralFamily(key) !== null;
        const mine = placeholders(value).filter((p) => !(plural && p === 'count'));
        const theirs = placeholders(other).filter((p) => !(plural && p === 'count'));
        if (mine.join() !== theirs.join())
          findings.push(
            `${lang}: ${key} has placeholders [${mine.join(', ')}] but ${REFERENCE} has [${theirs.join(', ')}]`,
          );
      }
    }
  return [...new Set(findings)].sort();
}

/** A key names a text: a leaf, or a plural family (t('items', { count })). */
function hasKey(flat: Map<string, Json>, key: string, returnObjects = false): boolean {
  if (flat.has(key)) return true;
  for (const existing of flat.keys()) {
    if (pluralFamily(existing)?.base === key) return true;
    if (returnObjects && existing.startsWith(`${key}.`)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------- sources

interface KeyUse {
  key: string;
  where: string;
  returnObjects?: boolean;
  /** t(['a', 'b']): the first key that exists is used */
  alternatives?: string[];
}
/** A key the code computes: t(`prefix.${x}`) or t(variable); resolved from the types where they are literal. */
interface DynamicUse {
  /** the template with every ${…} replaced by `${}`; null for t(variable) */
  template: string | null;
  prefix: string;
  where: string;
  file: string;
  start: number;
}
interface Scan {
  keys: KeyUse[];
  dynamic: DynamicUse[];
  raw: string[];
}

function parse(source: Source): ts.SourceFile {
  const kind = source.file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true, kind);
}

function whereOf(sf: ts.SourceFile, node: ts.Node): string {
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return `${sf.fileName}:${line + 1}:${character + 1}`;
}

function isStringLike(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** The literal parts an expression can evaluate to: through parentheses, a ? b : c, a ?? b, a || b, a && b. */
function literalBranches(
  expr: ts.Expression,
): (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression)[] {
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr))
    return literalBranches(expr.expression);
  if (isStringLike(expr) || ts.isTemplateExpression(expr)) return [expr];
  if (ts.isConditionalExpression(expr))
    return [...literalBranches(expr.whenTrue), ...literalBranches(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
      return [...literalBranches(expr.left), ...literalBranches(expr.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalBranches(expr.right);
    if (op === ts.SyntaxKind.PlusToken)
      return [...literalBranches(expr.left), ...literalBranches(expr.right)];
  }
  return [];
}

/** Text a user would read from a literal: its static parts. */
function staticText(
  node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression,
): string {
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return node.text;
}

function templateOf(node: ts.TemplateExpression): { template: string; prefix: string } {
  return {
    template: node.head.text + node.templateSpans.map((s) => '${}' + s.literal.text).join(''),
    prefix: node.head.text,
  };
}

function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  return (
    (ts.isIdentifier(callee) && callee.text === 't') ||
    (ts.isPropertyAccessExpression(callee) && callee.name.text === 't')
  );
}

function optionFlag(call: ts.CallExpression, name: string): boolean {
  const options = call.arguments[1];
  return (
    options !== undefined &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some(
      (p) =>
        ts.isPropertyAssignment(p) &&
        p.name.getText() === name &&
        p.initializer.kind === ts.SyntaxKind.TrueKeyword,
    )
  );
}

function scanSource(source: Source): Scan {
  const sf = parse(source);
  const scan: Scan = { keys: [], dynamic: [], raw: [] };
  const keyFrom = (expr: ts.Expression, extra: Partial<KeyUse> = {}) => {
    for (const part of literalBranches(expr)) {
      if (ts.isTemplateExpression(part))
        scan.dynamic.push({
          ...templateOf(part),
          where: whereOf(sf, part),
          file: source.file,
          start: part.getStart(sf),
        });
      else scan.keys.push({ key: part.text, where: whereOf(sf, part), ...extra });
    }
  };
  const raw = (node: ts.Node, text: string) => {
    const shown = text.replace(ENTITY, ' ').replace(/\s+/g, ' ').trim();
    if (!HAS_LETTER.test(shown)) return;
    if (ALLOWED_RAW.some((a) => a.file === source.file && a.text === shown)) return;
    scan.raw.push(`${whereOf(sf, node)}: "${shown}"`);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTranslateCall(node) && node.arguments[0]) {
      const first = node.arguments[0];
      if (ts.isArrayLiteralExpression(first)) {
        const alternatives = first.elements.filter(isStringLike).map((e) => e.text);
        if (alternatives.length)
          scan.keys.push({ key: alternatives[0]!, alternatives, where: whereOf(sf, first) });
      } else if (
        ts.isIdentifier(first) ||
        ts.isPropertyAccessExpression(first) ||
        ts.isElementAccessExpression(first)
      )
        scan.dynamic.push({
          template: null,
          prefix: '',
          where: whereOf(sf, first),
          file: source.file,
          start: first.getStart(sf),
        });
      else keyFrom(first, { returnObjects: optionFlag(node, 'returnObjects') });
    }
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf);
      const value = node.initializer;
      if (name === 'i18nKey') {
        if (ts.isStringLiteral(value)) keyFrom(value);
        else if (ts.isJsxExpression(value) && value.expression) keyFrom(value.expression);
      } else if (USER_FACING_ATTRIBUTES.has(name)) {
        if (ts.isStringLiteral(value)) raw(value, value.text);
        else if (ts.isJsxExpression(value) && value.expression)
          for (const part of literalBranches(value.expression)) raw(part, staticText(part));
      }
    }
    if (ts.isJsxText(node)) raw(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    )
      for (const part of literalBranches(node.expression)) raw(part, staticText(part));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return scan;
}

// ---------------------------------------------------------------------------------------------- key tables

/** Keys that the code builds from data: each reader fails loudly when its table is not where it expects it. */
interface KeyTable {
  file: string;
  what: string;
  read: (sf: ts.SourceFile) => ts.StringLiteral[] | { key: string; node: ts.Node }[];
}

function findAll<T extends ts.Node>(root: ts.Node, test: (node: ts.Node) => node is T): T[] {
  const out: T[] = [];
  const visit = (node: ts.Node) => {
    if (test(node)) out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return out;
}

function constInitializer(sf: ts.SourceFile, name: string): ts.Expression | undefined {
  const declaration = findAll(sf, ts.isVariableDeclaration).find(
    (d) => ts.isIdentifier(d.name) && d.name.text === name,
  );
  let init = declaration?.initializer;
  while (
    init &&
    (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
  )
    init = init.expression;
  return init;
}

function propertyLiteral(object: ts.ObjectLiteralExpression, name: string): ts.StringLiteral | undefined {
  for (const p of object.properties)
    if (ts.isPropertyAssignment(p) && p.name.getText() === name && ts.isStringLiteral(p.initializer))
      return p.initializer;
  return undefined;
}

/** Page titles: `title` of every row of the PATHS table. */
function pathTitles(sf: ts.SourceFile): ts.StringLiteral[] {
  const table = constInitializer(sf, 'PATHS');
  if (!table || !ts.isArrayLiteralExpression(table)) return [];
  return table.elements
    .filter(ts.isObjectLiteralExpression)
    .flatMap((row) => propertyLiteral(row, 'title') ?? []);
}

/**
 * Menu titles: the helpers `const item = (id, …) => ({ …, title: \`menu.${id}\` })` build the title from the
 * id; every call with a literal id gives a key. Literal rows ({ id, title, type }) count as well.
 */
function menuTitles(sf: ts.SourceFile): { key: string; node: ts.Node }[] {
  const helpers = new Map<string, { index: number; head: string; tail: string }>();
  for (const d of findAll(sf, ts.isVariableDeclaration)) {
    if (!ts.isIdentifier(d.name) || !d.initializer || !ts.isArrowFunction(d.initializer)) continue;
    const fn = d.initializer;
    for (const t of findAll(fn.body, ts.isPropertyAssignment)) {
      if (
        t.name.getText() !== 'title' ||
        !ts.isTemplateExpression(t.initializer) ||
        t.initializer.templateSpans.length !== 1
      )
        continue;
      const span = t.initializer.templateSpans[0]!;
      const index = fn.parameters.findIndex(
        (p) =>
          ts.isIdentifier(p.name) && ts.isIdentifier(span.expression) && p.name.text === span.expression.text,
      );
      if (index >= 0)
        helpers.set(d.name.text, { index, head: t.initializer.head.text, tail: span.literal.text });
    }
  }
  const keys: { key: string; node: ts.Node }[] = [];
  for (const call of findAll(sf, ts.isCallExpression)) {
    const helper = ts.isIdentifier(call.expression) ? helpers.get(call.expression.text) : undefined;
    const arg = helper && call.arguments[helper.index];
    if (helper && arg && isStringLike(arg))
      keys.push({ key: helper.head + arg.text + helper.tail, node: arg });
  }
  for (const row of findAll(sf, ts.isObjectLiteralExpression)) {
    const title = propertyLiteral(row, 'title');
    if (title && propertyLiteral(row, 'id') && propertyLiteral(row, 'type'))
      keys.push({ key: title.text, node: title });
  }
  return keys;
}

/** Validation messages: the functions return i18n keys `validation.*`. */
function validationKeys(sf: ts.SourceFile): ts.StringLiteral[] {
  return findAll(sf, ts.isStringLiteral).filter((s) => /^validation\.[\w.]+$/.test(s.text));
}

const KEY_TABLES: readonly KeyTable[] = [
  { file: 'shared/paths.ts', what: 'page titles (title of each PATHS row)', read: pathTitles },
  { file: 'features/menus/menus.ts', what: 'menu titles (menu.<id>)', read: menuTitles },
  { file: 'shared/forms/validation.ts', what: 'validation messages (validation.*)', read: validationKeys },
];

/** Templates t(`…${x}…`) whose values come from a const array: the template, and where the array is. */
const DYNAMIC_SOURCES: readonly { template: string; file: string; array: string }[] = [
  { template: 'errors.code.${}', file: 'shared/api/apiError.ts', array: 'CATALOGUE_CODES' },
  { template: 'languages.${}', file: 'i18n/i18n.ts', array: 'LANGUAGES' },
];

function arrayValues(sf: ts.SourceFile, name: string): string[] {
  const init = constInitializer(sf, name);
  if (!init || !ts.isArrayLiteralExpression(init)) return [];
  return init.elements.flatMap((e) => (isStringLike(e) ? [e.text] : ts.isNumericLiteral(e) ? [e.text] : []));
}

// ---------------------------------------------------------------------------------------------- types

const SRC = path.resolve(__dirname, '..');
const WEB_TSCONFIG = path.resolve(SRC, '..', 'tsconfig.json');
/** Packages whose types only describe components (large, and no key ever comes from them): left unresolved. */
const UNTYPED_PACKAGES = /^@(chakra-ui|emotion)\//;
const libraryFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * The values each ${…} of a dynamic key can take, from the type checker: a union of string or number literals
 * (an enum such as Role, a union type such as RecentKind, an `as const` array's element). null when a part is
 * wider (string, number). The sources are laid over apps/web/src, so fixtures type-check like real files.
 */
function literalTypes(sources: Source[], uses: DynamicUse[]): Map<DynamicUse, string[][] | null> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    WEB_TSCONFIG,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  const options: ts.CompilerOptions = {
    ...parsed?.options,
    types: [],
    lib: ['lib.es2023.d.ts'],
    noEmit: true,
  };
  const overlay = new Map(sources.map((s) => [path.join(SRC, s.file), s.text]));
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => overlay.has(file) || fileExists(file);
  host.readFile = (file) => overlay.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, onError) => {
    const text = overlay.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, language, true);
    if (!libraryFiles.has(file)) libraryFiles.set(file, getSourceFile(file, language, onError));
    return libraryFiles.get(file);
  };
  host.resolveModuleNameLiterals = (literals, containing, _redirect, opts) =>
    literals.map((literal) =>
      UNTYPED_PACKAGES.test(literal.text)
        ? { resolvedModule: undefined }
        : ts.resolveModuleName(literal.text, containing, opts, host),
    );
  const roots = [...new Set(uses.map((u) => path.join(SRC, u.file)))];
  const program = ts.createProgram(roots, options, host);
  const checker = program.getTypeChecker();

  const valuesOf = (expr: ts.Expression): string[] | null => {
    const type = checker.getTypeAtLocation(expr);
    const values: string[] = [];
    for (const member of type.isUnion() ? type.types : [type]) {
      if (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
      if (member.isStringLiteral() || member.isNumberLiteral()) values.push(String(member.value));
      else if (member.flags & ts.TypeFlags.BooleanLiteral) values.push(checker.typeToString(member));
      else return null;
    }
    return values.length ? values : null;
  };
  const result = new Map<DynamicUse, string[][] | null>();
  for (const use of uses) {
    const sf = program.getSourceFile(path.join(SRC, use.file));
    const node = sf && nodeStartingAt(sf, use.start);
    if (!node) result.set(use, null);
    else if (use.template !== null && ts.isTemplateExpression(node)) {
      const spans = node.templateSpans.map((span) => valuesOf(span.expression));
      result.set(use, spans.every((v): v is string[] => v !== null) ? spans : null);
    } else if (use.template === null && ts.isExpression(node)) {
      const values = valuesOf(node);
      result.set(use, values && [values]);
    } else result.set(use, null);
  }
  return result;
}

/** The outermost expression that starts at `start` (the same node the syntactic scan saw). */
function nodeStartingAt(sf: ts.SourceFile, start: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (
      node.getStart(sf) === start &&
      (ts.isTemplateExpression(node) ||
        ts.isIdentifier(node) ||
        ts.isPropertyAccessExpression(node) ||
        ts.isElementAccessExpression(node))
    ) {
      found = node;
      return;
    }
    if (node.pos <= start && start < node.end) ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

// ---------------------------------------------------------------------------------------------- the check

interface Report {
  /** what was looked at, so that a check that read nothing cannot pass */
  seen: { files: number; keys: number; tableKeys: number; dynamic: number; typed: number };
  locales: string[];
  keys: string[];
  tables: string[];
  dynamic: string[];
  raw: string[];
}

function checkI18n(locales: Locales, sources: Source[]): Report {
  const reference = flatten(locales[REFERENCE] ?? {});
  const byFile = new Map(sources.map((s) => [s.file, s]));
  const report: Report = {
    seen: { files: sources.length, keys: 0, tableKeys: 0, dynamic: 0, typed: 0 },
    locales: checkLocales(locales),
    keys: [],
    tables: [],
    dynamic: [],
    raw: [],
  };
  const missing = (use: KeyUse) => {
    const candidates = use.alternatives ?? [use.key];
    if (!candidates.some((key) => hasKey(reference, key, use.returnObjects))) {
      const isObject = [...reference.keys()].some((k) => k.startsWith(`${use.key}.`));
      return `${use.where}: ${candidates.join(' | ')} ${isObject ? 'names a group of keys, not a text' : `is missing from ${REFERENCE}.json`}`;
    }
    return null;
  };

  const scans = sources.map(scanSource);
  for (const scan of scans) {
    report.raw.push(...scan.raw);
    report.seen.keys += scan.keys.length;
    report.seen.dynamic += scan.dynamic.length;
    for (const use of scan.keys) {
      const problem = missing(use);
      if (problem) report.keys.push(problem);
    }
  }

  for (const table of KEY_TABLES) {
    const source = byFile.get(table.file);
    if (!source) continue;
    const sf = parse(source);
    const found = table.read(sf).map((entry) => ('key' in entry ? entry : { key: entry.text, node: entry }));
    report.seen.tableKeys += found.length;
    if (found.length === 0)
      report.tables.push(
        `${table.file}: no ${table.what} found: the table moved; update KEY_TABLES in i18n.spec.ts`,
      );
    for (const { key, node } of found)
      if (!hasKey(reference, key))
        report.tables.push(`${whereOf(sf, node)}: ${table.what}: ${key} is missing from ${REFERENCE}.json`);
  }

  const dynamic = scans.flatMap((s) => s.dynamic);
  const typed = dynamic.length ? literalTypes(sources, dynamic) : new Map<DynamicUse, string[][] | null>();
  for (const use of dynamic) {
    const spans = typed.get(use);
    if (spans) {
      // every ${…} has a literal type (a union of string or number literals, an enum): check every combination
      report.seen.typed++;
      const head = use.template === null ? [''] : [use.prefix];
      const parts = use.template === null ? [] : use.template.slice(use.prefix.length).split('${}').slice(1);
      let keys = head;
      spans.forEach((values, i) => (keys = keys.flatMap((k) => values.map((v) => k + v + (parts[i] ?? '')))));
      for (const key of keys.slice(0, 500))
        if (!hasKey(reference, key))
          report.dynamic.push(
            `${use.where}: ${use.template === null ? 'key' : `\`${use.template}\``} can be ${key}, which is missing from ${REFERENCE}.json`,
          );
      continue;
    }
    if (use.template === null) continue; // t(variable) of type string: checked where the value comes from, if anywhere
    const known = DYNAMIC_SOURCES.find((d) => d.template === use.template);
    const source = known && byFile.get(known.file);
    if (known && source) {
      const values = arrayValues(parse(source), known.array);
      if (values.length === 0)
        report.dynamic.push(
          `${use.where}: \`${use.template}\`: ${known.array} not found in ${known.file}; update DYNAMIC_SOURCES`,
        );
      for (const value of values) {
        const key = known.template.replace('${}', value);
        if (!hasKey(reference, key))
          report.dynamic.push(
            `${use.where}: \`${use.template}\` with ${value} from ${known.array}: ${key} is missing from ${REFERENCE}.json`,
          );
      }
    } else if (use.prefix && ![...reference.keys()].some((k) => k.startsWith(use.prefix)))
      report.dynamic.push(
        `${use.where}: \`${use.template}\`: no key in ${REFERENCE}.json starts with "${use.prefix}"`,
      );
  }
  return report;
}

// ---------------------------------------------------------------------------------------------- specs

describe('i18n checker (in-memory fixtures: it must catch what it is for)', () => {
  const en = {
    app: { title: 'Kanban' },
    login: { title: 'Sign in', hello: 'Hello {{name}}' },
    items_one: 'One item',
    items_other: '{{count}} items',
  };
  const de = {
    app: { title: 'Kanban' },
    login: { title: 'Anmelden', hello: 'Hallo {{name}}' },
    items_one: 'Ein Eintrag',
    items_other: '{{count}} Einträge',
  };
  const clean: Source = {
    file: 'features/Clean.tsx',
    text: `export function Clean({ n }: { n: number }) {
      const { t, i18n } = useTranslation();
      return <p title={t('app.title')} aria-label={i18n.t('login.title')}>{t('login.hello', { name: 'x' })} · {n} {t('items', { count: n })} <Trans i18nKey="app.title" /> {'—'} &nbsp;</p>;
    }`,
  };

  it('passes clean fixtures', () => {
    expect(checkI18n({ en, de }, [clean])).toEqual({
      seen: { files: 1, keys: 5, tableKeys: 0, dynamic: 0, typed: 0 },
      locales: [],
      keys: [],
      tables: [],
      dynamic: [],
      raw: [],
    });
  });

  it('catches a key missing in either language, nested or plural', () => {
    const deMissing = { app: de.app, login: { title: 'Anmelden' }, items_other: '{{count}} Einträge' };
    const enExtra = { ...en, menu: { platform: { dashboard: 'Dashboard' } } };
    expect(checkLocales({ en: enExtra, de: deMissing })).toEqual(
      expect.arrayContaining([
        'de: login.hello is missing (present in en)',
        'de: menu.platform.dashboard is missing (present in en)',
        'de: plural items_one is missing (de needs one, other)',
      ]),
    );
    const deWithout = { ...de } as Record<string, unknown>;
    delete deWithout.items_one;
    delete deWithout.items_other;
    expect(checkLocales({ en, de: deWithout as Json })).toEqual(['de: items_* is missing (present in en)']);
    expect(checkLocales({ en: { ...en, only: { here: 'x' } }, de: { ...de, nur: 'y' } })).toEqual([
      'de: only.here is missing (present in en)',
      'en: nur is missing (present in de)',
    ]);
  });

  it('catches empty values, non-texts, unknown plural forms, placeholder and nesting mismatches', () => {
    const bad = checkLocales({
      en: {
        ...en,
        a: '',
        b: '  ',
        c: {},
        d: 3,
        e_few: 'x',
        e_one: 'x',
        e_other: 'x',
        f: 'Hi {{name}}',
        g: '$t(nope)',
      },
      de: {
        ...de,
        a: 'x',
        b: 'x',
        c: 'x',
        d: 'x',
        e_one: 'x',
        e_other: 'x',
        f: 'Hallo {{nom}}',
        g: '$t(nope)',
      },
    });
    expect(bad).toEqual(
      expect.arrayContaining([
        'en: a is empty',
        'en: b is empty',
        'en: c is an empty object',
        'en: d is not a text (3)',
        'en: e_few is not a plural form of en',
        'de: f has placeholders [nom] but en has [name]',
        'en: g nests $t(nope), which does not exist',
      ]),
    );
  });

  it('catches literal keys missing from en.json in t(), i18n.t(), i18nKey and conditional keys', () => {
    const source: Source = {
      file: 'features/Bad.tsx',
      text: `export function Bad({ ok }: { ok: boolean }) {
        const { t, i18n } = useTranslation();
        document.title = i18n.t("app.nope");
        return <><Trans i18nKey="login.gone" /><span aria-label={t(ok ? 'login.title' : 'login.missing')}>{t('login')}</span>{t(['x.y', 'z'])}</>;
      }`,
    };
    const { keys } = checkI18n({ en, de }, [source]);
    expect(keys).toEqual([
      'features/Bad.tsx:3:33: app.nope is missing from en.json',
      'features/Bad.tsx:4:33: login.gone is missing from en.json',
      'features/Bad.tsx:4:89: login.missing is missing from en.json',
      'features/Bad.tsx:4:110: login names a group of keys, not a text',
      'features/Bad.tsx:4:129: x.y | z is missing from en.json',
    ]);
  });

  it('catches raw user-facing text: JSX text, {literal} children and labelled attributes', () => {
    const source: Source = {
      file: 'features/Raw.tsx',
      text: `export function Raw({ busy }: { busy: boolean }) {
        const { t } = useTranslation();
        return (
          <form>
            <h1>Sign in</h1>
            <Input placeholder="Search for an app or page" label={'E-mail'} />
            <Spinner aria-label={busy ? 'Loading' : t('app.title')} />
            <img alt={\`Logo of \${name}\`} src="/logo.svg" data-testid="logo-image" />
            <Field helperText="Not shown to others" title="x" />
            <p>{'No results..'} {busy && 'Saving'} {t('app.title')} 1.0.0 – {42}</p>
            <Box color="blue.700" name="email" type="submit" />
          </form>
        );
      }`,
    };
    expect(checkI18n({ en, de }, [source]).raw).toEqual([
      'features/Raw.tsx:5:17: "Sign in"',
      'features/Raw.tsx:6:32: "Search for an app or page"',
      'features/Raw.tsx:6:67: "E-mail"',
      'features/Raw.tsx:7:41: "Loading"',
      'features/Raw.tsx:8:23: "Logo of"',
      'features/Raw.tsx:9:31: "Not shown to others"',
      'features/Raw.tsx:9:59: "x"',
      'features/Raw.tsx:10:17: "No results.."',
      'features/Raw.tsx:10:42: "Saving"',
    ]);
  });

  it('reads the key tables: page titles, menu titles built from ids, validation messages', () => {
    const sources: Source[] = [
      {
        file: 'shared/paths.ts',
        text: `export const PATHS: readonly PathDef[] = [{ path: '/login', title: 'login.title' }, { path: '/x', title: 'x.title' }];`,
      },
      {
        file: 'features/menus/menus.ts',
        text: `const item = (id: string, icon: string): MenuItem => ({ id, title: \`menu.\${id}\`, icon, badge: { title: '1.0.0' } });
               export const M = [item('platform.dashboard', 'x'), item('company.orders', 'y'), { id: 'z', title: 'menu.z', type: 'item' }];`,
      },
      {
        file: 'shared/forms/validation.ts',
        text: `export const required = (v: string) => (v ? undefined : 'validation.required');`,
      },
    ];
    const locales = { en: { ...en, menu: { platform: { dashboard: 'Dashboard' } } }, de };
    expect(checkI18n(locales, sources).tables).toEqual([
      'shared/paths.ts:1:106: page titles (title of each PATHS row): x.title is missing from en.json',
      'features/menus/menus.ts:2:72: menu titles (menu.<id>): menu.company.orders is missing from en.json',
      'features/menus/menus.ts:2:114: menu titles (menu.<id>): menu.z is missing from en.json',
      'shared/forms/validation.ts:1:57: validation messages (validation.*): validation.required is missing from en.json',
    ]);
    // a table that moved is reported, not silently skipped
    expect(checkI18n(locales, [{ file: 'shared/paths.ts', text: 'export const ROUTES = [];' }]).tables).toEqual([
      'shared/paths.ts: no page titles (title of each PATHS row) found: the table moved; update KEY_TABLES in i18n.spec.ts',
    ]);
  });

  it('resolves dynamic keys from literal types: unions, enums, as-const arrays, narrowed optionals', () => {
    const locale = {
      kinds: { a: 'A' },
      levels: { 1: { a: 'x', b: 'y' } },
      sizes: { s: 'S', m: 'M' },
      free: { x: 'X' },
    };
    const sources: Source[] = [
      {
        file: 'fixtures/Typed.tsx',
        text: `type Kind = 'a' | 'b';
enum Level { Low = 1, High = 2 }
const SIZES = ['s', 'm'] as const;
export function Typed({ kind, level, free, maybe, which }: { kind: Kind; level: Level; free: string; maybe?: Kind; which: 'kinds.a' | 'kinds.c' }) {
  return <p>{t(\`kinds.\${kind}\`)} {t(\`levels.\${level}.\${kind}\`)} {SIZES.map((s) => t(\`sizes.\${s}\`))} {t(\`free.\${free}\`)} {t(which)} {maybe ? t(\`kinds.\${maybe}\`) : null}</p>;
}`,
      },
    ];
    const report = checkI18n({ en: locale, de: locale }, sources);
    expect(report.dynamic).toEqual([
      'fixtures/Typed.tsx:5:16: `kinds.${}` can be kinds.b, which is missing from en.json',
      'fixtures/Typed.tsx:5:37: `levels.${}.${}` can be levels.2.a, which is missing from en.json',
      'fixtures/Typed.tsx:5:37: `levels.${}.${}` can be levels.2.b, which is missing from en.json',
      'fixtures/Typed.tsx:5:124: key can be kinds.c, which is missing from en.json',
      'fixtures/Typed.tsx:5:143: `kinds.${}` can be kinds.b, which is missing from en.json',
    ]);
    expect(report.seen.typed).toBe(5);
  }, 60_000);

  it('resolves dynamic keys from their const arrays and checks unknown templates by prefix', () => {
    const sources: Source[] = [
      {
        file: 'shared/api/apiError.ts',
        text: `export const CATALOGUE_CODES = [1000, 1001] as const; const f = (c: number, t: T) => t(\`errors.code.\${c}\`);`,
      },
      { file: 'i18n/i18n.ts', text: `export const LANGUAGES = ['en', 'de'] as const;` },
      {
        file: 'features/L.tsx',
        text: `const x = LANGUAGES.map((l) => t(\`languages.\${l}\`)); const y = t(\`other.\${z}\`); const w = t(\`app.\${z}\`);`,
      },
    ];
    const locales = {
      en: { ...en, errors: { code: { 1000: 'Bad input' } }, languages: { en: 'English' } },
      de,
    };
    expect(checkI18n(locales, sources).dynamic).toEqual([
      'shared/api/apiError.ts:1:88: `errors.code.${}` with 1001 from CATALOGUE_CODES: errors.code.1001 is missing from en.json',
      'features/L.tsx:1:34: `languages.${}` with de from LANGUAGES: languages.de is missing from en.json',
      'features/L.tsx:1:66: `other.${}`: no key in en.json starts with "other."',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------- the real files

const LOCALE_DIR = path.join(SRC, 'i18n', 'locales');

function sourceFiles(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (
      !/\.tsx?$/.test(entry.name) ||
      /\.(spec|test)\.tsx?$/.test(entry.name) ||
      entry.name.endsWith('.d.ts')
    )
      return [];
    return [{ file: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

/**
 * Each language: the core file locales/<lang>.json plus the feature files locales/<lang>/<feature>.json. A
 * top-level section may be defined in one file only, and both languages must have the same feature files.
 */
function readLocales(): { locales: Locales; problems: string[] } {
  const locales: Locales = {};
  const problems: string[] = [];
  const featureSets: string[] = [];
  for (const lang of ['en', 'de']) {
    const file = path.join(LOCALE_DIR, `${lang}.json`);
    if (!existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} does not exist`);
    const merged = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Json>;
    const owner = new Map(Object.keys(merged).map((k) => [k, `${lang}.json`]));
    const dir = path.join(LOCALE_DIR, lang);
    const features = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
    featureSets.push(features.join(','));
    for (const feature of features) {
      const json = JSON.parse(readFileSync(path.join(dir, feature), 'utf8')) as Record<string, Json>;
      for (const [section, value] of Object.entries(json)) {
        if (owner.has(section))
          problems.push(`${lang}/${feature}: section "${section}" is already defined in ${owner.get(section)}`);
        owner.set(section, `${lang}/${feature}`);
        merged[section] = value;
      }
    }
    locales[lang] = merged;
  }
  if (featureSets[0] !== featureSets[1])
    problems.push(`feature files differ: en has [${featureSets[0]}], de has [${featureSets[1]}]`);
  return { locales, problems };
}

describe('i18n of the web app (apps/web/src, locales en.json, de.json and their feature files)', () => {
  let report: Report;
  let fileProblems: string[];
  beforeAll(() => {
    const { locales, problems } = readLocales();
    fileProblems = problems;
    report = checkI18n(locales, sourceFiles(SRC));
  }, 120_000);

  it('feature files: the same in both languages, each section defined once', () => {
    expect(fileProblems).toEqual([]);
  });

  it('reads the sources and finds keys in them', () => {
    // the key tables and arrays are read from their files by name: a moved file must not go unread
    for (const { file } of [...KEY_TABLES, ...DYNAMIC_SOURCES]) expect(existsSync(path.join(SRC, file)) ? file : `${file} is missing`).toBe(file);
    expect(report.seen.files).toBeGreaterThanOrEqual(30);
    expect(report.seen.keys).toBeGreaterThanOrEqual(50);
    expect(report.seen.tableKeys).toBeGreaterThanOrEqual(50);
    expect(report.seen.dynamic).toBeGreaterThanOrEqual(2);
    expect(report.seen.typed).toBeGreaterThanOrEqual(1);
  });

  it('en.json and de.json have the same keys, plural forms and placeholders, and no empty values', () => {
    expect(report.locales).toEqual([]);
  });

  it('every literal key in t(), i18n.t() and i18nKey exists in en.json', () => {
    expect(report.keys).toEqual([]);
  });

  it('page titles, menu titles and validation messages exist in en.json', () => {
    expect(report.tables).toEqual([]);
  });

  it('keys built in templates resolve to keys in en.json', () => {
    expect(report.dynamic).toEqual([]);
  });

  it('no user-facing text is written outside the locale files', () => {
    expect(report.raw).toEqual([]);
  });
});
