// The web app shows the built-in templates' names and descriptions from its locale files
// (apps/web/src/i18n/locales/{en,de}/printing.json, printing.builtins.<key>); this keeps them in step with
// builtinTemplates(): every built-in has both texts in both languages, and the English ones are those stored.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinTemplates } from './builtin';

const locale = (language: string): Record<string, { name: string; description: string }> =>
  (JSON.parse(readFileSync(path.join(__dirname, `../../../apps/web/src/i18n/locales/${language}/printing.json`), 'utf8')) as {
    printing: { builtins: Record<string, { name: string; description: string }> };
  }).printing.builtins;

describe("the web app's texts of the built-in templates", () => {
  const keys = builtinTemplates().map((b) => b.key).sort();

  it('has a name and description of every built-in in English (as stored) and German', () => {
    const en = locale('en');
    const de = locale('de');
    expect(Object.keys(en).sort()).toEqual(keys);
    expect(Object.keys(de).sort()).toEqual(keys);
    for (const b of builtinTemplates()) {
      expect(en[b.key]).toEqual({ name: b.name, description: b.description });
      expect(de[b.key]!.name.trim()).not.toBe('');
      expect(de[b.key]!.description.trim()).not.toBe('');
      expect(de[b.key]!.name).not.toBe(b.name);
      // the catalog sorts a German list by these names (LABEL_TEMPLATE_LANGUAGES)
      expect(de[b.key]!.name).toBe(b.names.de);
    }
  });
});
