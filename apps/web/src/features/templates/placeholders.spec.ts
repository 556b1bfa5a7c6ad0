import { readdirSync, readFileSync } from 'node:fs';
import i18next from 'i18next';
import { mergeLocales } from '../../i18n/merge';
import path from 'node:path';
import { insertAt, PLACEHOLDER_FAMILIES, placeholderText, reasonText, templateProblem } from './placeholders';
import { translatedTemplateError } from './templateForm';

const t = (key: string, options?: Record<string, unknown>) => `t:${key}${options ? JSON.stringify(options) : ''}`;

describe('template editor helpers', () => {
  it('offers exactly documented placeholders (docs/notification-templates.md), each once', () => {
    const docs = readFileSync(path.resolve(__dirname, '../../../../../docs/notification-templates.md'), 'utf8');
    const names = PLACEHOLDER_FAMILIES.flatMap((f) => f.names);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect([name, docs.includes(`\`${name}\``)]).toEqual([name, true]);
    // every family of the docs' tables is offered
    for (const family of ['order.id', 'company.name', 'customer.name', 'location.name', 'supplier.name', 'contact.full_name', 'user.full_name', 'line.sku', 'item.unspsc', 'kanban_rule.scan_code', 'storage.bin']) expect(names).toContain(family);
  });

  it('inserts at the cursor, replacing a selection; line fields in a loop outside a file body', () => {
    expect(insertAt('Hallo !', '{{customer.name}}', 6, 6)).toEqual({ text: 'Hallo {{customer.name}}!', cursor: 23 });
    expect(insertAt('a XX b', '{{x}}', 2, 4)).toEqual({ text: 'a {{x}} b', cursor: 7 });
    expect(insertAt('abc', '{{x}}', 99, 99)).toEqual({ text: 'abc{{x}}', cursor: 8 });
    expect(placeholderText('order.id', false)).toBe('{{order.id}}');
    expect(placeholderText('line.sku', true)).toBe('{{line.sku}}');
    expect(placeholderText('line.sku', false)).toBe('{{#each lines}}{{sku}}{{/each}}');
    expect(placeholderText('item.unspsc', false)).toBe('{{#each lines}}{{item.unspsc}}{{/each}}');
  });

  it("words a refused template with its line and column and the server's reason; 1059 at the name", () => {
    const message = 'body: the template does not work at line 2, column 5: unknown placeholder "ordr.id"';
    expect(templateProblem(message, { line: 2, column: 5 })).toEqual({ line: 2, column: 5, reason: 'unknown placeholder "ordr.id"' });
    expect(templateProblem('name: is required', undefined)).toBeNull();
    const error = { status: 422, code: 1000, message, field: 'body', errors: [{ field: 'body', message, params: { line: 2, column: 5 } }] };
    expect(translatedTemplateError(error, t)).toMatchObject({
      message: 't:errors.code.1000',
      errors: [{ field: 'body', message: 't:templates.errorAt{"line":2,"column":5,"reason":"t:templates.reasons.unknownPlaceholder{\\"name\\":\\"ordr.id\\"}"}' }],
    });
    expect(translatedTemplateError({ status: 422, code: 1059, message: 'duplicate', field: 'name' }, t)).toMatchObject({ errors: [{ field: 'name', message: 't:templates.nameTaken' }] });
  });
});

describe('template problems in the reader\'s language', () => {
  const texts = (language: string): Record<string, unknown> => {
    const dir = path.resolve(__dirname, '../../i18n/locales');
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const features = Object.fromEntries(readdirSync(path.join(dir, language)).map((f) => [`./locales/${language}/${f}`, read(path.join(dir, language, f))]));
    return mergeLocales(read(path.join(dir, `${language}.json`)), features, language);
  };
  const instance = async (language: string) => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { [language]: { translation: texts(language) } }, lng: language, fallbackLng: false, interpolation: { escapeValue: false } });
    return (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
  };

  it('words the engine\'s reasons in German and English, braces and names kept; an unknown reason stays as written', async () => {
    const [de, en] = await Promise.all([instance('de'), instance('en')]);
    expect(reasonText('unknown placeholder "ordr.id"', de)).toBe('unbekannter Platzhalter „ordr.id“');
    expect(reasonText('unknown helper "upper"', de)).toBe('unbekannte Hilfsfunktion „upper“');
    expect(reasonText("syntax error: expected 'ID', got 'EOF'", de)).toBe("Syntaxfehler, erwartet wurde 'ID', got 'EOF'");
    expect(reasonText('partials ({{> …}}) are not supported', de)).toBe('Teilvorlagen ({{> …}}) werden nicht unterstützt');
    expect(reasonText('partials ({{> …}}) are not supported', en)).toBe('partials ({{> …}}) are not supported');
    expect(reasonText('"constructor" may not be used (no access to object internals)', de)).toBe('„constructor“ darf nicht verwendet werden (kein Zugriff auf Objektinterna)');
    expect(reasonText('rendering took longer than 2000 ms', de)).toBe('das Ausfüllen dauerte länger als 2000 ms');
    expect(reasonText('the output is longer than 100000 characters', de)).toBe('das Ergebnis ist länger als 100000 Zeichen');
    expect(reasonText('something new', de)).toBe('something new');
    const saved = translatedTemplateError({ status: 422, code: 1000, message: 'm', errors: [{ field: 'body', message: 'body: the template does not work at line 2, column 5: unknown placeholder "x.y"', params: { line: 2, column: 5 } }] }, de) as { errors: { message: string }[] };
    expect(saved.errors[0]!.message).toBe('Die Vorlage funktioniert in Zeile 2, Spalte 5 nicht: unbekannter Platzhalter „x.y“');
  });
});
