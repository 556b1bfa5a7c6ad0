// `npm run bench:web` (also the last part of `npm run bench`): the JavaScript a browser loads for /login,
// measured statically from the Vite build.
//
//  1. Builds the web app (`npm run build:web`, output dist/web) when dist/web has no build manifest or when
//     --build is given.
//  2. Finds the route's page and layout in apps/web/src/shared/paths.ts (PATHS: path -> page, layout) and
//     apps/web/src/app/routes.tsx (PAGES: page -> lazy import('…'); a lazily imported layout such as Shell),
//     read with the TypeScript compiler API.
//  3. Collects the chunks from dist/web/.vite/manifest.json: the entry chunk named by the module script of
//     dist/web/index.html, the lazily imported page (and layout) modules, and every chunk these import
//     statically (`imports`, transitively). `dynamicImports` are not followed: they load only when used.
//  4. Prints each file with its raw and gzip size (zlib, level 9), the total against the target and, for
//     comparison, the total of all JS in the build. Exits 1 over the target (or when something is missing).
//
// Options: --build (rebuild first), --route=/login (any path of the PATHS table; ":name" segments match
// anything), --dist=dist/web (another build output; never rebuilt), --target-kb=250 (gzip KB, 1 KB = 1024 B).
// What the browser really fetches is checked by the browser tests (tests/browser); this is the static figure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const route = option('route', '/login');
const dist = path.resolve(root, option('dist', 'dist/web'));
const targetKb = Number(option('target-kb', '250'));
const KB = 1024;

function fail(message) {
  console.error(`web-bundle: ${message}`);
  process.exit(1);
}

// ------------------------------------------------------------------------------------------------ build

const manifestFile = path.join(dist, '.vite/manifest.json');
const customDist = process.argv.some((a) => a.startsWith('--dist='));
if (!customDist && (process.argv.includes('--build') || !existsSync(manifestFile))) {
  console.log(`building the web app (npm run build:web) into ${path.relative(root, dist)} ...`);
  const build = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) fail(`npm run build:web failed (exit ${build.status ?? build.signal})`);
}
if (!existsSync(manifestFile)) fail(`${path.relative(root, manifestFile)} is missing: is build.manifest enabled in apps/web/vite.config.ts?`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

// ------------------------------------------------------------------------------------------------ route

function parseTs(file) {
  const full = path.join(web, file);
  return ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function findAll(node, test, out = []) {
  if (test(node)) out.push(node);
  ts.forEachChild(node, (child) => {
    findAll(child, test, out); // a truthy return value would stop forEachChild
  });
  return out;
}

function constNamed(sf, name) {
  return findAll(sf, ts.isVariableDeclaration).find((d) => ts.isIdentifier(d.name) && d.name.text === name)?.initializer;
}

const unwrap = (e) => (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)) ? unwrap(e.expression) : e);
const stringProperty = (object, name) => {
  const p = object.properties.find((q) => ts.isPropertyAssignment(q) && q.name.getText() === name && ts.isStringLiteral(q.initializer));
  return p?.initializer.text;
};
const dynamicImports = (node) =>
  findAll(node, (n) => ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])).map(
    (call) => call.arguments[0].text,
  );

function matches(pattern, actual) {
  const split = (p) => p.split(/[?#]/)[0].split('/').filter(Boolean);
  const [a, b] = [split(pattern), split(actual)];
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

/** The modules (relative to apps/web, as manifest keys) that the route loads lazily. */
function lazyModulesOf(routePath) {
  const paths = unwrap(constNamed(parseTs('src/shared/paths.ts'), 'PATHS'));
  if (!paths || !ts.isArrayLiteralExpression(paths)) fail('PATHS not found in apps/web/src/shared/paths.ts');
  const row = paths.elements.filter(ts.isObjectLiteralExpression).find((r) => matches(stringProperty(r, 'path') ?? '', routePath));
  if (!row) fail(`no row of PATHS matches ${routePath}`);
  const page = stringProperty(row, 'page');
  const layout = stringProperty(row, 'layout');

  const routes = parseTs('src/app/routes.tsx');
  const pages = unwrap(constNamed(routes, 'PAGES'));
  if (!pages || !ts.isObjectLiteralExpression(pages)) fail('PAGES not found in apps/web/src/app/routes.tsx');
  const entry = pages.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === page);
  const specifiers = entry ? dynamicImports(entry) : [];
  if (specifiers.length === 0) fail(`PAGES.${page} in routes.tsx has no import('…')`);
  const modules = specifiers.map((s) => ({ why: `page ${page} (lazy)`, specifier: s }));
  // a layout loaded lazily, e.g. `const Shell = named(() => import('../features/layout/Shell'), 'Shell')`;
  // a layout imported statically (PublicLayout) is part of the entry chunk already
  for (const d of findAll(routes, ts.isVariableDeclaration)) {
    if (layout && ts.isIdentifier(d.name) && d.name.text.toLowerCase().startsWith(layout.toLowerCase()) && d.initializer)
      for (const specifier of dynamicImports(d.initializer)) modules.push({ why: `layout ${layout} (lazy)`, specifier });
  }
  return modules.map(({ why, specifier }) => {
    const base = path.posix.join('src/app', specifier);
    const key = ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((k) => manifest[k]);
    if (!key) fail(`${base} (from routes.tsx) is not in the build manifest`);
    return { key, why };
  });
}

// ------------------------------------------------------------------------------------------------ chunks

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFile = /<script[^>]*type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
if (!entryFile) fail('no module script in dist/web/index.html');
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].file === entryFile);
if (!entryKey) fail(`the entry ${entryFile} of index.html is not an entry of the manifest`);

const chosen = new Map(); // file -> why
function include(key, why) {
  const chunk = manifest[key];
  if (!chunk) fail(`manifest has no ${key}`);
  if (chosen.has(chunk.file)) return;
  chosen.set(chunk.file, why);
  for (const imported of chunk.imports ?? []) include(imported, `imported by ${path.basename(chunk.file)}`);
}
include(entryKey, `entry (${entryKey === 'index.html' ? 'index.html -> src/main.tsx' : entryKey})`);
for (const { key, why } of lazyModulesOf(route)) include(key, why);

const sizeOf = (file) => {
  const bytes = readFileSync(path.join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => (n / KB).toFixed(1).padStart(7);
const rows = [...chosen].map(([file, why]) => ({ file, why, ...sizeOf(file) })).filter((r) => r.file.endsWith('.js'));
const width = Math.max(...rows.map((r) => r.file.length), 10);

console.log(`\nJS for ${route} from ${path.relative(root, dist) || '.'} (KB = 1024 bytes; gzip = zlib level 9)`);
console.log(`  ${'file'.padEnd(width)}  ${'raw KB'.padStart(7)}  ${'gzip KB'.padStart(7)}  loaded as`);
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${r.file.padEnd(width)}  ${kb(r.raw)}  ${kb(r.gzip)}  ${r.why}`);
const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
console.log(`  ${`${rows.length} files`.padEnd(width)}  ${kb(total.raw)}  ${kb(total.gzip)}`);

// the browser preloads what index.html names; the entry's static imports should be exactly those
const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]);
const entryOnly = new Set();
(function walk(key) {
  const chunk = manifest[key];
  if (entryOnly.has(chunk.file)) return;
  entryOnly.add(chunk.file);
  for (const imported of chunk.imports ?? []) walk(imported);
})(entryKey);
const unexpected = preloaded.filter((f) => !entryOnly.has(f));
if (unexpected.length) console.log(`  note: index.html preloads files outside the entry's imports: ${unexpected.join(', ')}`);

const all = [];
(function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.js') && statSync(full).isFile()) all.push(path.relative(dist, full));
  }
})(dist);
const allTotal = all.map(sizeOf).reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { raw: 0, gzip: 0 });
console.log(`all JS in the build: ${all.length} files, ${(allTotal.raw / KB).toFixed(1)} KB raw, ${(allTotal.gzip / KB).toFixed(1)} KB gzip`);

const ok = total.gzip / KB < targetKb;
console.log(`JS for ${route}: ${(total.gzip / KB).toFixed(1)} KB gzip (target < ${targetKb} KB): ${ok ? 'ok' : 'OVER TARGET'}`);
process.exit(ok ? 0 : 1);
