import { readFileSync } from 'node:fs';
import path from 'node:path';
import { insertAt, PLACEHOLDER_FAMILIES, placeholderText, templateProblem } from './placeholders';
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
      errors: [{ field: 'body', message: 't:templates.errorAt{"line":2,"column":5,"reason":"unknown placeholder \\"ordr.id\\""}' }],
    });
    expect(translatedTemplateError({ status: 422, code: 1059, message: 'duplicate', field: 'name' }, t)).toMatchObject({ errors: [{ field: 'name', message: 't:templates.nameTaken' }] });
  });
});
