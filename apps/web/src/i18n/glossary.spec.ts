// The glossary (docs/glossary.md): one name per idea in each language. Reads the glossary's table and every locale
// text (core and feature files, en and de) and fails when a text uses a word of a "Not" column (the start of a word,
// case-insensitive), or when a term of the table is used by no text of its language. The first block proves on small
// fixtures that both are caught.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface Term {
  idea: string;
  en: string;
  de: string;
  notEn: string[];
  notDe: string[];
}

const ROOT = path.resolve(__dirname, '../../../..');
const LOCALES = path.resolve(__dirname, 'locales');

/** The rows of the glossary's table (the first table with the columns Idea, English, German, Not, Not, Meaning). */
export function parseGlossary(markdown: string): Term[] {
  const rows = markdown.split('\n').filter((line) => line.trim().startsWith('|'));
  const cells = rows.map((line) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim()),
  );
  const header = cells[0] ?? [];
  if (header[0] !== 'Idea' || header[1] !== 'English' || header[2] !== 'German') throw new Error('docs/glossary.md: the table should start with Idea | English | German');
  const list = (cell: string | undefined) => (!cell || cell === '–' || cell === '-' ? [] : cell.split(',').map((w) => w.trim()).filter(Boolean));
  return cells
    .slice(1)
    .filter((c) => !c.every((x) => /^-+$/.test(x)))
    .map((c) => ({ idea: c[0]!, en: c[1]!, de: c[2]!, notEn: list(c[3]), notDe: list(c[4]) }));
}

/** Every text of a locale tree with its dotted key. */
function texts(json: Json, prefix = ''): { key: string; text: string }[] {
  if (typeof json === 'string') return [{ key: prefix, text: json }];
  if (json === null || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}

function localeTexts(language: string): { file: string; key: string; text: string }[] {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
  const files = [path.join(LOCALES, `${language}.json`), ...readdirSync(path.join(LOCALES, language)).map((f) => path.join(LOCALES, language, f))];
  return files.flatMap((file) => texts(read(file)).map((t) => ({ file: path.relative(LOCALES, file), ...t })));
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** the word at the start of a word (a letter before it does not count), case-insensitive */
const wordStart = (word: string) => new RegExp(`(?<!\\p{L})${escape(word)}`, 'iu');

/** The forbidden synonyms found, as "file key: word in «text»". */
export function forbiddenIn(terms: Term[], language: 'en' | 'de', list: { file: string; key: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const term of terms)
    for (const word of language === 'en' ? term.notEn : term.notDe) {
      const re = wordStart(word);
      // {{placeholders}} are names for the code, not words the reader sees
      for (const t of list) if (re.test(t.text.replace(/\{\{[^}]*\}\}/g, ''))) out.push(`${t.file} ${t.key}: "${word}" (glossary: ${term.idea} is "${language === 'en' ? term.en : term.de}") in «${t.text}»`);
    }
  return out;
}

/** The terms no text of the language uses. */
export function unusedTerms(terms: Term[], language: 'en' | 'de', list: { text: string }[]): string[] {
  return terms.filter((term) => !list.some((t) => wordStart(language === 'en' ? term.en : term.de).test(t.text))).map((t) => `${t.idea}: "${language === 'en' ? t.en : t.de}"`);
}

describe('glossary checker (fixtures)', () => {
  const terms = parseGlossary(
    ['| Idea | English | German | Not (English) | Not (German) | Meaning |', '|---|---|---|---|---|---|', '| location | Location | Standort | – | Lagerort, Ort | x |'].join('\n'),
  );
  it('reads the table', () => {
    expect(terms).toEqual([{ idea: 'location', en: 'Location', de: 'Standort', notEn: [], notDe: ['Lagerort', 'Ort'] }]);
  });
  it('finds a forbidden synonym at the start of a word, in any case, and not inside another word', () => {
    const found = forbiddenIn(terms, 'de', [
      { file: 'de/x.json', key: 'a', text: 'Alle Lagerorte' },
      { file: 'de/x.json', key: 'b', text: 'lagerort' },
      { file: 'de/x.json', key: 'c', text: 'Standort' },
      { file: 'de/x.json', key: 'd', text: 'Am {{lagerort}}' },
    ]);
    expect(found).toHaveLength(2);
    expect(found[0]).toContain('de/x.json a: "Lagerort"');
  });
  it('finds a term no text uses', () => {
    expect(unusedTerms(terms, 'de', [{ text: 'Lager' }])).toEqual(['location: "Standort"']);
    expect(unusedTerms(terms, 'en', [{ text: 'Each location' }])).toEqual([]);
  });
});

describe('glossary (docs/glossary.md) and the locale files', () => {
  const terms = parseGlossary(readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8'));

  it('has terms', () => {
    expect(terms.length).toBeGreaterThan(10);
  });

  it.each(['en', 'de'] as const)('no %s text uses a synonym the glossary rules out', (language) => {
    expect(forbiddenIn(terms, language, localeTexts(language))).toEqual([]);
  });

  it.each(['en', 'de'] as const)('every %s term of the glossary is used', (language) => {
    expect(unusedTerms(terms, language, localeTexts(language))).toEqual([]);
  });
});
