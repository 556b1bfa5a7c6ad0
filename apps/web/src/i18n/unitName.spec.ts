import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unitLabel, unitName } from './unitName';

const table = (language: string) =>
  (JSON.parse(readFileSync(path.resolve(__dirname, `locales/${language}/units.json`), 'utf8')) as { unitNames: Record<string, string> }).unitNames;

/** t and exists over a language's unitNames table, as i18next answers them */
function translate(language: string) {
  const names = table(language);
  const key = (k: string) => k.replace(/^unitNames\./, '');
  return { t: (k: string) => names[key(k)] ?? k, exists: (k: string) => k.startsWith('unitNames.') && key(k) in names };
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

  it('both languages name the same codes', () => {
    expect(Object.keys(table('de')).sort()).toEqual(Object.keys(table('en')).sort());
  });
});
