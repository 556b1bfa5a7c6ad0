import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unitLabel, unitName } from './unitName';

const file = (language: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, `locales/${language}/units.json`), 'utf8')) as { unitNames: Record<string, string>; unitPlurals: Record<string, string> };
const table = (language: string) => file(language).unitNames;

/** t and exists over a language's unitNames and unitPlurals tables, as i18next answers them */
function translate(language: string) {
  const tables: Record<string, Record<string, string>> = file(language);
  const lookup = (k: string) => {
    const [section, code] = k.split('.') as [string, string];
    return tables[section]?.[code];
  };
  return { t: (k: string) => lookup(k) ?? k, exists: (k: string) => lookup(k) !== undefined };
}

describe('unit names (UN/ECE codes in the interface language)', () => {
  const de = translate('de');
  const en = translate('en');
  const company = new Map([
    ['PCE', 'Piece'],
    ['XYZ', 'Spezialgebinde'],
  ]);

  it('names the common codes in the interface language, before the company name (which has one language)', () => {
    expect(unitName('PCE', de.t, de.exists, company)).toBe('Stück');
    expect(unitName('PCE', en.t, en.exists, company)).toBe('Piece');
    expect(unitName('BOX', de.t, de.exists)).toBe('Karton');
    expect(unitName('kgm', de.t, de.exists)).toBe('Kilogramm');
  });

  it("uses the company's name for codes the table does not know, else the code", () => {
    expect(unitName('XYZ', de.t, de.exists, company)).toBe('Spezialgebinde');
    expect(unitName('QQQ', de.t, de.exists, company)).toBe('QQQ');
    expect(unitName('', de.t, de.exists, company)).toBe('');
  });

  it('labels keep the code visible: "Stück (PCE)"; a code without a name stays alone', () => {
    expect(unitLabel('PCE', de.t, de.exists)).toBe('Stück (PCE)');
    expect(unitLabel('QQQ', de.t, de.exists)).toBe('QQQ');
  });

  it('after a number other than 1 the plural of the table; the company names and unknown codes stay as they are', () => {
    expect(unitName('PAK', de.t, de.exists, company, 5)).toBe('Packungen');
    expect(unitName('PAK', en.t, en.exists, company, 5)).toBe('Packs');
    expect(unitName('PAK', de.t, de.exists, company, 1)).toBe('Packung');
    expect(unitName('PCE', de.t, de.exists, company, 2.5)).toBe('Stück');
    expect(unitName('XYZ', de.t, de.exists, company, 5)).toBe('Spezialgebinde');
    expect(unitName('QQQ', de.t, de.exists, company, 5)).toBe('QQQ');
  });

  it('both languages name the same codes, each with its plural', () => {
    expect(Object.keys(table('de')).sort()).toEqual(Object.keys(table('en')).sort());
    for (const language of ['de', 'en']) expect(Object.keys(file(language).unitPlurals).sort()).toEqual(Object.keys(table(language)).sort());
  });
});
