import { AppError } from '@kanban/access';
import { buildOrderDocument, type OrderDocument } from './document';
import { sampleOrderDocument } from './sample';
import { assertEmailTemplate, assertFileTemplate, checkTemplate, renderEmailTemplate, renderFileTemplate, renderFileText, type FileTemplate } from './templates';

const doc = sampleOrderDocument();

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

function file(header: string, body: string, extra: Partial<FileTemplate> = {}): FileTemplate {
  return { header, body, encoding: 'UTF-8', linebreak: 'LF', ...extra };
}

describe('placeholders', () => {
  it('renders every family of the document in an e-mail', () => {
    const mail = renderEmailTemplate(
      {
        header: 'Bestellung {{order.id}} für {{customer.name}}',
        body: [
          '{{contact.salutation_line}}',
          'company: {{company.name}} ({{company.nr}}), {{company.city}}',
          'contact: {{contact.full_name}} <{{contact.email}}>',
          'customer: {{customer.nr}} {{customer.name}}, {{customer.vat_id}}',
          'location: {{location.name}}, {{location.street}}, {{location.postal}} {{location.city}}, {{location.cost_center}}',
          'supplier: {{supplier.name}} ({{supplier.ext_nr}})',
          'user: {{user.full_name}} ({{user.initials}})',
          'order: {{order.id}} {{order.date}} {{order.po_number}} {{order.ext_status_text}} {{order.comment}} {{order.line_count}}',
          '{{#each lines}}{{pos}}. {{sku}} {{name}} {{quantity}} {{unit}} | item {{item.customer_sku}} {{item.material_number}} | rule {{kanban_rule.scan_code}} {{kanban_rule.capacity}} | storage {{storage.name}} {{storage.bin}}',
          '{{/each}}',
        ].join('\n'),
      },
      doc,
    );
    expect(mail.subject).toBe('Bestellung 1048 für Bäckerei Müller & Söhne');
    expect(mail.format).toBe('text');
    expect(mail.body).toBe(
      [
        'Sehr geehrter Herr Schmitt,',
        'company: Muster Kanban GmbH (K-100), Stuttgart',
        'contact: Jörg Schmitt <joerg.schmitt@example.com>',
        'customer: 4711 Bäckerei Müller & Söhne, DE123456789',
        'location: Montagehalle 2, Lagerweg 7, 80333 München, 4100',
        'supplier: Schrauben Schmitt GmbH (70001)',
        'user: Anna Köhler (AK)',
        'order: 1048 2026-11-27 PO-99812 KA Bitte bis 10 Uhr liefern 2',
        '1. DIN933-M8x20 Sechskantschraube M8×20 verzinkt 5 BOX | item BM-100200 MAT-55 | rule KR101 800 | storage Regal R1 R1-01-02',
        '2. DIN934-M8 Sechskantmutter M8 "A2" 2.5 KGM | item BM-100300 MAT-56 | rule KR102 5 | storage Regal R1 R1-01-03',
        '',
      ].join('\n'),
    );
  });

  it('gives a file template body the line, item, kanban rule and storage of each line', () => {
    const text = renderFileText(
      file('{{company.nr}};{{supplier.nr}};{{order.id}}', '{{line.pos}};{{line.sku}};{{line.supplier_sku}};{{line.customer_sku}};{{item.unspsc}};{{kanban_rule.threshold}};{{storage.bin_type}};{{storage.bin}};{{@index}}'),
      doc,
    );
    expect(text).toBe('K-100;SCH;1048\n1;DIN933-M8x20;DIN933-M8x20;BM-100200;31161500;200;KLT 3147;R1-01-02;0\n2;DIN934-M8;DIN934-M8;BM-100300;31161700;1;KLT 3147;R1-01-03;1\n');
  });

  it('leaves missing parts empty when rendering (contact, user, rule and storage may be absent)', () => {
    const bare = buildOrderDocument({
      company: { id: 1, name: 'C' },
      order: { id: 7, date: '2026-01-02', created: '2026-01-02T10:00:00Z', customer_id: 2, location_id: 3, customer: 'Kunde', location: 'Ort', lines: [{ pos: 1, item_id: 4, sku: 'S', name: 'N', quantity: 1, unit: 'PCE' }] },
      generated_at: new Date('2026-01-02T10:00:00Z'),
    });
    expect(bare.contact).toBeNull();
    expect(bare.lines[0]!.supplier_sku).toBe('');
    const out = renderFileText(file('[{{contact.name}}|{{user.full_name}}|{{customer.name}}|{{location.name}}]', '{{line.sku}}:{{kanban_rule.scan_code}}:{{storage.bin}}'), bare);
    expect(out).toBe('[||Kunde|Ort]\nS::\n');
  });
});

describe('e-mail templates', () => {
  it('writes a text body unescaped and escapes placeholders in an HTML body', () => {
    const text = renderEmailTemplate({ header: 'x', body: 'Kunde: {{customer.name}}' }, doc);
    expect(text.body).toBe('Kunde: Bäckerei Müller & Söhne');
    const html = renderEmailTemplate({ header: 'x', body: '<p>Kunde: {{customer.name}}, {{lines.1.name}}</p>' }, doc);
    expect(html.format).toBe('html');
    expect(html.body).toBe('<p>Kunde: Bäckerei Müller &amp; Söhne, Sechskantmutter M8 &quot;A2&quot;</p>');
  });

  it('keeps the subject on one line (no header injection)', () => {
    const evil = { ...doc, order: { ...doc.order, comment: 'a\r\nBcc: victim@example.com' } };
    expect(renderEmailTemplate({ header: 'Order {{order.comment}}\n', body: '' }, evil).subject).toBe('Order a Bcc: victim@example.com');
  });
});

describe('file templates: parts, line breaks and encodings', () => {
  it('writes the header once and the body per line, each ending with the chosen line break', () => {
    const crlf = renderFileTemplate(file('H;{{order.id}}', '{{line.pos}}\n', { linebreak: 'CRLF' }), doc);
    expect(crlf.toString('latin1')).toBe('H;1048\r\n1\r\n2\r\n');
    expect([...crlf.subarray(6, 8)]).toEqual([0x0d, 0x0a]);
    const lf = renderFileTemplate(file('A\r\nB', '{{line.pos}}'), doc);
    expect([...lf]).toEqual([0x41, 0x0a, 0x42, 0x0a, 0x31, 0x0a, 0x32, 0x0a]);
  });

  it('writes nothing for an empty header, leaves out lines whose body renders empty, and only the header for a blank body', () => {
    expect(renderFileText(file('', '{{#if (gt line.quantity 3)}}{{line.sku}}{{/if}}'), doc)).toBe('DIN933-M8x20\n');
    expect(renderFileText(file('{{#each lines}}<l>{{sku}}</l>{{/each}}</order>', '  '), doc)).toBe('<l>DIN933-M8x20</l><l>DIN934-M8</l></order>\n');
  });

  it('encodes ä as 0xE4 in ISO-8859-1, € as 0x80 in Windows-1252, UTF-8 as two bytes', () => {
    const withEuro = { ...doc, order: { ...doc.order, comment: '€' } };
    expect([...renderFileTemplate(file('ä', '', { encoding: 'ISO-8859-1' }), doc)]).toEqual([0xe4, 0x0a]);
    expect([...renderFileTemplate(file('{{order.comment}}ä', '', { encoding: 'Windows-1252', linebreak: 'CRLF' }), withEuro)]).toEqual([0x80, 0xe4, 0x0d, 0x0a]);
    expect([...renderFileTemplate(file('ä', ''), doc)]).toEqual([0xc3, 0xa4, 0x0a]);
    // the Windows-1252 extras: „ “ – Š
    expect([...renderFileTemplate(file('„“–Š', '', { encoding: 'Windows-1252' }), doc)]).toEqual([0x84, 0x93, 0x96, 0x8a, 0x0a]);
  });

  it('refuses a character the encoding lacks, naming it and its line; or writes ? when asked', () => {
    const withEuro = { ...doc, order: { ...doc.order, comment: 'Preis 5 €' } };
    const error = caught(() => renderFileTemplate(file('Kopf', 'x\n{{order.comment}}', { encoding: 'ISO-8859-1' }), withEuro));
    expect(error.code).toBe(1000);
    expect(error.field).toBe('encoding');
    expect(error.message).toBe('encoding: the character "€" (U+20AC) in line 3, column 9 cannot be written in ISO-8859-1; change the text or choose UTF-8');
    expect(error.errors?.[0]?.params).toMatchObject({ line: 3, column: 9, character: '€', encoding: 'ISO-8859-1' });
    const emoji = { ...doc, order: { ...doc.order, comment: 'ok 👍 ä' } };
    expect(renderFileTemplate(file('{{order.comment}}', '', { encoding: 'Windows-1252' }), emoji, { unmappable: 'replace' }).toString('latin1')).toBe('ok ? ä\n');
  });
});

describe('broken templates', () => {
  it('reports a syntax error with its line and column', () => {
    const problem = checkTemplate('Hallo\n  {{order.id', { field: 'header' });
    expect(problem).toMatchObject({ field: 'header', line: 2 });
    expect(problem!.column).toBeGreaterThanOrEqual(3);
    expect(problem!.message).toMatch(/^header: the template does not work at line 2, column \d+: syntax error/);
  });

  it('reports a block closed with the wrong name, an unknown helper and an unknown placeholder with their place', () => {
    expect(checkTemplate('a\n{{#if order.id}}\n{{/iff}}')).toMatchObject({ line: 3, message: expect.stringContaining("if doesn't match iff") });
    expect(checkTemplate('x {{shout order.id}}')).toMatchObject({ line: 1, column: 3, message: expect.stringContaining('unknown helper "shout"') });
    expect(checkTemplate('Order\n  {{ordr.id}}')).toMatchObject({ line: 2, column: 5, message: expect.stringContaining('unknown placeholder "ordr.id"') });
    expect(checkTemplate('{{line.sku}}', { scope: 'document' })).toMatchObject({ message: expect.stringContaining('"line.sku"') });
    expect(checkTemplate('{{line.sku}} {{item.name}} {{storage.bin}}', { scope: 'line' })).toBeNull();
    expect(checkTemplate('{{padEnd order.id}}')?.message).toContain('padEnd: the width');
  });

  it('assert… throws 1000 with the field and the place for the service', () => {
    const error = caught(() => assertEmailTemplate({ header: 'ok {{order.id}}', body: 'Hi\n{{#each lines}}{{sku}}' }));
    expect(error.code).toBe(1000);
    expect(error.field).toBe('body');
    expect(error.errors?.[0]?.params).toMatchObject({ line: expect.any(Number) });
    expect(() => assertFileTemplate({ header: '{{company.name}}', body: '{{line.sku}};{{number line.quantity decimals=2}}' })).not.toThrow();
    expect(caught(() => assertFileTemplate({ header: '{{line.sku}}', body: '' })).field).toBe('header');
  });

  it('a render error names the field too', () => {
    const error = caught(() => renderEmailTemplate({ header: '{{#each}}', body: '' }, doc));
    expect(error.field).toBe('header');
  });
});

describe('safety', () => {
  it('refuses prototype access when checking and rendering', () => {
    for (const text of ['{{constructor.constructor}}', '{{lookup this "__proto__"}}', '{{#with order}}{{constructor.name}}{{/with}}', '{{order.__defineGetter__}}']) {
      expect(checkTemplate(text)?.message).toContain('may not be used');
      expect(() => renderEmailTemplate({ header: text, body: '' }, doc)).toThrow(AppError);
    }
  });

  it('denies prototype properties reached by a name from the data at run time', () => {
    const evil: OrderDocument = { ...doc, order: { ...doc.order, comment: 'constructor' } };
    expect(renderEmailTemplate({ header: '[{{lookup order order.comment}}]', body: '' }, evil).subject).toBe('[]');
    const proto: OrderDocument = { ...doc, order: { ...doc.order, comment: '__proto__' } };
    expect(renderEmailTemplate({ header: '[{{lookup (lookup order order.comment) "toString"}}]', body: '' }, proto).subject).toBe('[]');
  });

  it('refuses partials and decorators', () => {
    expect(checkTemplate('{{#*inline "p"}}{{> p}}{{/inline}}{{> p}}')?.message).toMatch(/not supported/);
    expect(checkTemplate('{{> header}}')?.message).toContain('partials');
  });

  it('stops a render that takes too long and one whose output is too large', () => {
    const many = { ...doc, lines: Array.from({ length: 400 }, (_, i) => ({ ...doc.lines[0]!, pos: i + 1 })) };
    const slow = '{{#each lines}}{{#each ../lines}}{{#each ../../lines}}{{sku}}{{/each}}{{/each}}{{/each}}';
    const started = Date.now();
    expect(caught(() => renderEmailTemplate({ header: '', body: slow }, many, { limits: { timeoutMs: 100 } })).message).toContain('longer than 100 ms');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(caught(() => renderFileText(file('', '{{line.name}}'), many, { limits: { maxChars: 1000 } })).message).toContain('longer than 1000 characters');
  });
});

describe('helpers', () => {
  const render = (header: string, locale: 'de' | 'en' = 'de'): string => renderEmailTemplate({ header, body: '' }, doc, { locale }).subject;

  it('date: per locale, patterns, the company time zone; a day stays that day', () => {
    expect(render('{{date order.date}}')).toBe('27.11.2026');
    expect(render('{{date order.date}}', 'en')).toBe('27/11/2026');
    expect(render('{{date order.date "YYYYMMDD"}}')).toBe('20261127');
    // created 08:15 UTC is 09:15 in Berlin
    expect(render('{{date order.created "datetime"}}')).toBe('27.11.2026 09:15');
    expect(render('{{date order.created "YYYY-MM-DDTHH:mm:ss" tz="UTC"}}')).toBe('2026-11-27T08:15:00');
    expect(render('{{date order.created "DD.MM.YY HH:mm" locale="en"}}')).toBe('27.11.26 09:15');
    expect(render('[{{date order.po_number_missing}}]')).toBe('[]');
    expect(() => render('{{date contact.ext_system_id}}')).toThrow(/"C-8" is not a date/);
  });

  it('number: per locale, decimals, grouping', () => {
    const big = { ...doc, order: { ...doc.order, total_quantity: 1234.5 } };
    const r = (header: string, locale: 'de' | 'en' = 'de'): string => renderEmailTemplate({ header, body: '' }, big, { locale }).subject;
    expect(r('{{number order.total_quantity}}')).toBe('1.234,5');
    expect(r('{{number order.total_quantity}}', 'en')).toBe('1,234.5');
    expect(r('{{number order.total_quantity decimals=2 grouping=false}}')).toBe('1234,50');
    expect(r('{{number order.total_quantity decimals=0 locale="en"}}')).toBe('1,235');
  });

  it('padEnd and padStart build fixed-width columns and cut longer values', () => {
    expect(renderFileText(file('', '{{padEnd line.sku 10}}|{{padStart line.pos 4 "0"}}|{{padEnd line.name 5}}|{{padStart line.quantity 6}}'), doc)).toBe(
      'DIN933-M8x|0001|Sechs|     5\nDIN934-M8 |0002|Sechs|   2.5\n',
    );
    expect(render('{{padEnd customer.name 3 cut=false}}')).toBe('Bäckerei Müller & Söhne');
  });

  it('csv, xml, eq, and, or, not, default, upper, add', () => {
    expect(render('{{csv customer.name}};{{csv lines.1.name}};{{csv "a;b"}}')).toBe('Bäckerei Müller & Söhne;"Sechskantmutter M8 ""A2""";"a;b"');
    expect(render('{{xml customer.name}} {{xml lines.1.name}}')).toBe('Bäckerei Müller &amp; Söhne Sechskantmutter M8 &quot;A2&quot;');
    expect(render('{{#if (eq order.id "1048")}}yes{{else}}no{{/if}} {{#if (and order.id (not order.ext_status))}}pending{{/if}} {{#if (or order.ext_status order.po_number)}}po{{/if}}')).toBe('yes pending po');
    expect(render('{{default order.status "none"}}/{{default location.ext_system_id "-"}}/{{upper supplier.nr}}/{{#each lines}}{{add @index 1}}{{/each}}')).toBe('open/LOC-34/SCH/12');
  });
});
