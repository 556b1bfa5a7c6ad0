import i18next, { type TFunction } from 'i18next';
import de from '../../i18n/locales/de/printing.json';
import en from '../../i18n/locales/en/printing.json';
import { builtinKeysMatching, templateDescription, templateName } from './builtinTexts';

/** The built-in templates' names and descriptions in the interface's language, and the keys a search sends. */
async function translator(language: 'en' | 'de'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: language === 'en' ? en : de } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

const builtin = { name: 'Bin label 80 × 40 mm', description: "Bin front: SKU, bin, name, capacity; the rule's scan code as Code 128", builtin: true, builtin_key: 'bin-label' };

describe('built-in template texts', () => {
  it('shows a built-in in the interface language, and own templates (and unknown built-in keys) as stored', async () => {
    const t = await translator('de');
    expect(templateName(t, builtin)).toBe('Fachetikett 80 × 40 mm');
    expect(templateDescription(t, builtin)).toMatch(/^Vorderseite des Fachs/);
    const own = { name: 'Bin label 80 × 40 mm (Kopie)', description: 'eigene; "Vorlage" 📦', builtin: false, builtin_key: null };
    expect(templateName(t, own)).toBe(own.name);
    expect(templateDescription(t, own)).toBe(own.description);
    const unknown = { ...builtin, builtin_key: 'pallet-label', name: 'Pallet label' };
    expect(templateName(t, unknown)).toBe('Pallet label');
    expect(templateName(await translator('en'), builtin)).toBe(builtin.name);
  });

  it('names the built-ins whose shown texts contain the search, case-insensitive', async () => {
    const t = await translator('de');
    expect(builtinKeysMatching(t, 'kanban-karte')).toBe('kanban-card-a6,kanban-card-100x50');
    expect(builtinKeysMatching(t, ' FACHETIKETT ')).toBe('bin-label');
    // in a description: the delivery note's
    expect(builtinKeysMatching(t, 'E-Mail-Anhang')).toBe('delivery-note-a4');
    expect(builtinKeysMatching(t, 'Bin label')).toBeUndefined(); // the stored English name: the server matches it itself
    expect(builtinKeysMatching(t, '')).toBeUndefined();
    expect(builtinKeysMatching(t, undefined)).toBeUndefined();
    expect(builtinKeysMatching(await translator('en'), 'kanban card')).toBe('kanban-card-a6,kanban-card-100x50');
  });
});
