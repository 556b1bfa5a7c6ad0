// Compiles apps/*/src and libs/*/src (server code) to dist/ with SWC, keeping the folder layout so the
// rewritten path aliases stay valid. Type checking is a separate step (npm run typecheck).
import { transformFile } from '@swc/core';
import { createRequire } from 'node:module';
import { mkdir, readdir, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';

const require = createRequire(import.meta.url);
const swcOptions = require('./swc-options.cjs');
const root = swcOptions.root;
const out = path.join(root, 'dist');

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !/\.(spec|e2e)\.ts$/.test(entry.name)) yield full;
  }
}

async function exists(p) {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

const started = Date.now();
const sources = [];
for (const top of ['apps', 'libs']) {
  for (const project of await readdir(path.join(root, top))) {
    if (project === 'web') continue; // the web app is built by Vite
    const src = path.join(root, top, project, 'src');
    if (await exists(src)) for await (const file of walk(src)) sources.push(file);
  }
}
const options = swcOptions();
await Promise.all(
  sources.map(async (file) => {
    const rel = path.relative(root, file);
    const target = path.join(out, rel.replace(/\.ts$/, '.js'));
    const result = await transformFile(file, { ...options, filename: file, sourceFileName: path.relative(path.dirname(target), file) });
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, result.code + `\n//# sourceMappingURL=${path.basename(target)}.map\n`);
    if (result.map) await writeFile(target + '.map', result.map);
  }),
);
console.log(`build: ${sources.length} files compiled to dist/ in ${Date.now() - started} ms`);
