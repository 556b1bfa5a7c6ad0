// The floors of apps/web/src are kept by the lint rule web-floors/no-upward-import (tools/eslint/web-floors.mjs),
// switched on for the web app in eslint.config.mjs. This spec lints small texts as if they were files of each floor,
// through the project's own configuration, so it fails when the rule or its wiring stops catching an upward import.
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../..');
const SRC = 'apps/web/src';
const RULE = 'web-floors/no-upward-import';
/** the first type-aware lint builds the web app's program: seconds */
const SLOW = 120_000;

let eslint: ESLint;
beforeAll(() => {
  // With CI=true typescript-eslint infers a "single run" and parses files from its program (the files on disk), not
  // the text handed to lintText: the fixtures below would be checked as the clean files they pretend to be.
  process.env.TSESTREE_SINGLE_RUN = 'false';
  eslint = new ESLint({ cwd: ROOT });
});

/** The floor rule's messages for `code` linted as the (existing) file `file` under apps/web/src. */
async function floorMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, SRC, file) });
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => m.message);
}

describe('web-floors/no-upward-import (apps/web/src: app/ -> features/ -> shared/)', () => {
  it('is on for every file of the web app', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(ROOT, SRC, 'shared/paths.ts'))) as { rules: Record<string, unknown> };
    expect(config.rules[RULE]).toEqual([2, { root: SRC }]);
  }, SLOW);

  it('fails on shared/ importing features/ or app/, also for import type', async () => {
    const messages = await floorMessages(
      'shared/state.ts',
      [
        "import { useItemsQuery } from '../features/items';",
        "import type { RootState } from '../app/store';",
        "export const x = [useItemsQuery, 1 as unknown as RootState];",
      ].join('\n'),
    );
    expect(messages).toEqual([
      "shared/ must not import features/ ('../features/items'): the floors are app/ -> features/ -> shared/ -> i18n/, imports only point down.",
      "shared/ must not import app/ ('../app/store'): the floors are app/ -> features/ -> shared/ -> i18n/, imports only point down.",
    ]);
  }, SLOW);

  it('fails on features/ importing app/, statically or lazily', async () => {
    const messages = await floorMessages(
      'features/journal/journalApi.ts',
      ["import { AppRoutes } from '../../app/routes';", "export const x = [AppRoutes, import('../../app/shell/Shell')];"].join('\n'),
    );
    expect(messages).toEqual([
      "features/ must not import app/ ('../../app/routes'): the floors are app/ -> features/ -> shared/ -> i18n/, imports only point down.",
      "features/ must not import app/ ('../../app/shell/Shell'): the floors are app/ -> features/ -> shared/ -> i18n/, imports only point down.",
    ]);
  }, SLOW);

  it("fails on a feature importing another feature's file instead of its index, and on i18n/ importing a floor", async () => {
    expect(await floorMessages('features/journal/journalApi.ts', "export { useItemsQuery } from '../items/itemsApi';")).toEqual([
      "features/journal imports features/items only through its index ('../items'), not '../items/itemsApi': add what it needs to features/items/index.ts.",
    ]);
    expect(await floorMessages('i18n/format.ts', "export { api } from '../shared/api/api';")).toEqual([
      "i18n/ must not import shared/ ('../shared/api/api'): the floors are app/ -> features/ -> shared/ -> i18n/, imports only point down.",
    ]);
  }, SLOW);

  it('allows imports pointing down or sideways', async () => {
    expect(
      await floorMessages(
        'features/journal/journalApi.ts',
        [
          "import { api } from '../../shared/api/api';",
          "import { useItemsQuery } from '../items';",
          "import { LocationRules } from '../rules/index';",
          "import { useFormat } from '../../i18n/useFormat';",
          "import { useJournalQuery } from './journalApi';",
          'export const x = [api, useItemsQuery, LocationRules, useFormat, useJournalQuery];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await floorMessages(
        'app/routes.tsx',
        ["import { PATHS } from '../shared/paths';", "export const x = [PATHS, import('../features/orders/OrderNewPage')];"].join('\n'),
      ),
    ).toEqual([]);
  }, SLOW);
});
