import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startEmbedded } from './embedded';

/**
 * `npm run openapi` writes docs/openapi.json from the running API; `check` (part of `npm test`) fails when
 * the committed document differs from what the code serves.
 */
async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'write';
  const file = path.resolve(__dirname, '../../../../docs/openapi.json');
  const system = await startEmbedded({ DATA_DIR: ':memory:', PORT: '0', DEMO_DATA: 'false', JWT_SECRET: 'o'.repeat(40) }, false);
  try {
    const document = (await (await fetch(`${system.url}/api/docs/openapi.json`)).json()) as object;
    const text = `${JSON.stringify(document, null, 2)}\n`;
    if (mode === 'check') {
      const committed = await readFile(file, 'utf8').catch(() => '');
      if (committed !== text) {
        console.error('docs/openapi.json is out of date: run "npm run openapi" and commit it');
        process.exitCode = 1;
      } else console.log('docs/openapi.json is current');
    } else {
      await writeFile(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await system.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
