import { AppError } from '@kanban/access';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { OrderDocument } from '../document';
import { sampleOrderDocument } from '../sample';
import { CSV_COLUMNS, renderCsv } from './csv';
import { BMECAT_NS, OPENTRANS_NS, renderOpenTransOrder } from './opentrans';
import { ORDER_FORMATS, orderFormat } from './registry';

const base = sampleOrderDocument();

/** The sample with names that need quoting or escaping. */
function tricky(): OrderDocument {
  return {
    ...base,
    customer: { ...base.customer, name: 'Müller; "Söhne" & Co <GmbH>' },
    supplier: { ...base.supplier, name: 'Schmitt & Söhne <Schrauben> "A"' },
    order: { ...base.order, comment: 'Zeile 1\nZeile 2 😀' },
    lines: [
      { ...base.lines[0]!, name: 'Schraube; M8 "verzinkt" <8.8> & Co', sku: 'A&B<1>', supplier_sku: 'A&B<1>' },
      { ...base.lines[1]!, name: 'Mutter\r\nA2 🔩 äöüß', customer_sku: '' },
    ],
  };
}

/** A minimal RFC 4180 reader (quoted fields with doubled quotes and line breaks) to read the CSV back. */
function readCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('CSV', () => {
  it('writes a header row and one row per line, semicolon-separated, CRLF, quoting only where needed', () => {
    const doc = tricky();
    const text = renderCsv(doc).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(';'));
    expect(text.startsWith('\uFEFF')).toBe(false);
    // quoted: the separator, quotes, line breaks; not quoted: umlauts, &, <, emoji alone
    expect(text).toContain(';"Müller; ""Söhne"" & Co <GmbH>";');
    expect(text).toContain(';"Schraube; M8 ""verzinkt"" <8.8> & Co";');
    expect(text).toContain(';"Mutter\r\nA2 🔩 äöüß";');
    expect(text).toContain(';"Zeile 1\nZeile 2 😀"\r\n');
    expect(text).toContain(';A&B<1>;');
    expect(text).toContain(';"Schmitt & Söhne <Schrauben> ""A""";');
    const rows = readCsv(text, ';');
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.length === CSV_COLUMNS.length)).toBe(true);
    const col = (name: (typeof CSV_COLUMNS)[number]): number => CSV_COLUMNS.indexOf(name);
    expect(rows[1]![col('customer')]).toBe(doc.customer.name);
    expect(rows[1]![col('name')]).toBe(doc.lines[0]!.name);
    expect(rows[2]![col('name')]).toBe(doc.lines[1]!.name);
    expect(rows[2]![col('comment')]).toBe('Zeile 1\nZeile 2 😀');
    expect(rows[2]![col('quantity')]).toBe('2.5');
    expect(rows[1]![col('supplier')]).toBe(doc.supplier.name);
  });

  it('writes a byte order mark, a decimal comma and another separator when asked', () => {
    const buf = renderCsv(base, { bom: true, decimal: ',', separator: ',', linebreak: 'LF' });
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buf.subarray(3).toString('utf8');
    expect(text.split('\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(text).toContain(',"2,5",KGM,');
    expect(text).not.toContain('\r');
  });
});

type Ordered = Record<string, unknown>;
/** fast-xml-parser's preserveOrder shape: [{NAME: [...children], ':@': {attrs}}, {'#text': '…'}] */
const nameOf = (node: Ordered): string => Object.keys(node).find((key) => key !== ':@')!;
const childrenOf = (node: Ordered): Ordered[] => (node[nameOf(node)] as Ordered[]).filter((child) => nameOf(child) !== '#text');
const names = (node: Ordered): string[] => childrenOf(node).map(nameOf);
const child = (node: Ordered, name: string): Ordered => {
  const found = childrenOf(node).find((c) => nameOf(c) === name);
  if (!found) throw new Error(`${nameOf(node)} has no ${name} (has ${names(node).join(', ')})`);
  return found;
};
const textOf = (node: Ordered): string => String((node[nameOf(node)] as Ordered[]).map((c) => c['#text'] ?? '').join(''));
const attrsOf = (node: Ordered): Record<string, string> => (node[':@'] as Record<string, string> | undefined) ?? {};

/** True when `actual` lists the names of `order` in that order (others may be left out, none added). */
function inSequence(actual: string[], order: string[]): boolean {
  let at = 0;
  for (const name of actual) {
    const found = order.indexOf(name, at);
    if (found < 0) return false;
    at = found;
  }
  return true;
}

describe('openTRANS 2.1 ORDER', () => {
  const doc = tricky();
  const xml = renderOpenTransOrder(doc).toString('utf8');
  // htmlEntities: fast-xml-parser decodes character references (&#xD;) only with it
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, trimValues: false, htmlEntities: true });
  const parsed = parser.parse(xml) as Ordered[];
  const root = parsed.find((node) => nameOf(node) === 'ORDER')!;

  it('is well-formed XML in UTF-8', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ORDER ')).toBe(true);
  });

  it('has the root ORDER with version 2.1, type standard and the openTRANS and BMEcat namespaces', () => {
    expect(root).toBeDefined();
    expect(attrsOf(root)).toEqual({ xmlns: OPENTRANS_NS, 'xmlns:bmecat': BMECAT_NS, version: '2.1', type: 'standard' });
    expect(OPENTRANS_NS).toBe('http://www.opentrans.org/XMLSchema/2.1');
    expect(BMECAT_NS).toBe('http://www.bmecat.org/bmecat/2005');
    expect(names(root)).toEqual(['ORDER_HEADER', 'ORDER_ITEM_LIST', 'ORDER_SUMMARY']);
  });

  it('has the header elements the specification requires, in its order', () => {
    const header = child(root, 'ORDER_HEADER');
    expect(inSequence(names(header), ['CONTROL_INFO', 'SOURCING_INFO', 'ORDER_INFO'])).toBe(true);
    expect(names(child(header, 'CONTROL_INFO'))).toEqual(['GENERATOR_INFO', 'GENERATION_DATE']);
    expect(textOf(child(child(header, 'CONTROL_INFO'), 'GENERATION_DATE'))).toBe('2026-11-27T09:30:00.000Z');
    const info = child(header, 'ORDER_INFO');
    const infoOrder = ['ORDER_ID', 'ORDER_DATE', 'DELIVERY_DATE', 'bmecat:LANGUAGE', 'MIME_ROOT', 'PARTIES', 'CUSTOMER_ORDER_REFERENCE', 'ORDER_PARTIES_REFERENCE', 'DOCEXCHANGE_PARTIES_REFERENCE', 'bmecat:CURRENCY', 'PAYMENT', 'TERMS_AND_CONDITIONS', 'PARTIAL_SHIPMENT_ALLOWED', 'TRANSPORT', 'INTERNATIONAL_RESTRICTIONS', 'MIME_INFO', 'REMARKS', 'HEADER_UDX'];
    expect(names(info)).toEqual(['ORDER_ID', 'ORDER_DATE', 'PARTIES', 'ORDER_PARTIES_REFERENCE', 'bmecat:CURRENCY', 'REMARKS']);
    expect(inSequence(names(info), infoOrder)).toBe(true);
    expect(textOf(child(info, 'ORDER_ID'))).toBe('1048');
    expect(textOf(child(info, 'ORDER_DATE'))).toBe('2026-11-27T08:15:00.000Z');
    expect(textOf(child(info, 'bmecat:CURRENCY'))).toBe('EUR');
    expect(textOf(child(info, 'REMARKS'))).toBe('Zeile 1\nZeile 2 😀');
    expect(attrsOf(child(info, 'REMARKS'))).toEqual({ type: 'order' });
  });

  it('leaves CURRENCY and REMARKS out when unknown', () => {
    const plain = renderOpenTransOrder({ ...base, currency: '', order: { ...base.order, comment: '' } }).toString('utf8');
    const info = child(child((parser.parse(plain) as Ordered[]).find((n) => nameOf(n) === 'ORDER')!, 'ORDER_HEADER'), 'ORDER_INFO');
    expect(names(info)).toEqual(['ORDER_ID', 'ORDER_DATE', 'PARTIES', 'ORDER_PARTIES_REFERENCE']);
  });

  it('names buyer, supplier and delivery parties with bmecat:PARTY_ID and refers to them', () => {
    const info = child(child(root, 'ORDER_HEADER'), 'ORDER_INFO');
    const parties = childrenOf(child(info, 'PARTIES'));
    expect(parties.map(nameOf)).toEqual(['PARTY', 'PARTY', 'PARTY']);
    const byRole = Object.fromEntries(parties.map((p) => [textOf(child(p, 'PARTY_ROLE')), p]));
    expect(Object.keys(byRole)).toEqual(['buyer', 'supplier', 'delivery']);
    for (const p of parties) {
      expect(inSequence(names(p), ['bmecat:PARTY_ID', 'PARTY_ROLE', 'ADDRESS', 'ACCOUNT', 'MIME_INFO'])).toBe(true);
      expect(names(p)[0]).toBe('bmecat:PARTY_ID');
      const address = names(child(p, 'ADDRESS'));
      expect(address.every((n) => n.startsWith('bmecat:'))).toBe(true);
      expect(inSequence(address, ['bmecat:NAME', 'bmecat:NAME2', 'bmecat:NAME3', 'bmecat:DEPARTMENT', 'CONTACT_DETAILS', 'bmecat:STREET', 'bmecat:ZIP', 'bmecat:BOXNO', 'bmecat:ZIPBOX', 'bmecat:CITY', 'bmecat:STATE', 'bmecat:COUNTRY', 'bmecat:COUNTRY_CODED', 'bmecat:VAT_ID'])).toBe(true);
    }
    const id = (role: string): string => textOf(child(byRole[role]!, 'bmecat:PARTY_ID'));
    expect(id('buyer')).toBe('K-100');
    expect(id('supplier')).toBe('70001');
    expect(id('delivery')).toBe('LOC-34');
    const supplierAddress = child(byRole.supplier!, 'ADDRESS');
    expect(textOf(child(supplierAddress, 'bmecat:NAME'))).toBe('Schmitt & Söhne <Schrauben> "A"');
    const delivery = child(byRole.delivery!, 'ADDRESS');
    expect(textOf(child(delivery, 'bmecat:NAME'))).toBe('Müller; "Söhne" & Co <GmbH>');
    expect(textOf(child(delivery, 'bmecat:NAME2'))).toBe('Montagehalle 2');
    expect(textOf(child(delivery, 'bmecat:COUNTRY_CODED'))).toBe('DE');

    const refs = child(info, 'ORDER_PARTIES_REFERENCE');
    expect(names(refs)).toEqual(['bmecat:BUYER_IDREF', 'bmecat:SUPPLIER_IDREF', 'SHIPMENT_PARTIES_REFERENCE']);
    expect(textOf(child(refs, 'bmecat:BUYER_IDREF'))).toBe(id('buyer'));
    expect(textOf(child(refs, 'bmecat:SUPPLIER_IDREF'))).toBe(id('supplier'));
    expect(textOf(child(child(refs, 'SHIPMENT_PARTIES_REFERENCE'), 'DELIVERY_IDREF'))).toBe(id('delivery'));
  });

  it('leaves ADDRESS out of a party of which nothing is known (PARTY holds ADDRESS*), never an empty one', () => {
    const unknown = { name: '', street: '', postal: '', city: '', state: '', country_iso: '' };
    const xml = renderOpenTransOrder({ ...base, supplier: { ...base.supplier, ...unknown } }).toString('utf8');
    expect(xml).not.toContain('<ADDRESS/>');
    const info = child(child((parser.parse(xml) as Ordered[]).find((n) => nameOf(n) === 'ORDER')!, 'ORDER_HEADER'), 'ORDER_INFO');
    const parties = childrenOf(child(info, 'PARTIES'));
    const byRole = Object.fromEntries(parties.map((p) => [textOf(child(p, 'PARTY_ROLE')), p]));
    expect(names(byRole.supplier!)).toEqual(['bmecat:PARTY_ID', 'PARTY_ROLE']);
    expect(names(byRole.buyer!)).toEqual(['bmecat:PARTY_ID', 'PARTY_ROLE', 'ADDRESS']);
    // a name alone is an address
    const named = renderOpenTransOrder({ ...base, supplier: { ...base.supplier, ...unknown, name: 'Nur Name' } }).toString('utf8');
    expect(named).toContain('<bmecat:NAME>Nur Name</bmecat:NAME>');
  });

  it('lists every line as ORDER_ITEM with its required elements in order and product ids in the BMEcat namespace', () => {
    const items = childrenOf(child(root, 'ORDER_ITEM_LIST'));
    expect(items.map(nameOf)).toEqual(['ORDER_ITEM', 'ORDER_ITEM']);
    const itemOrder = ['LINE_ITEM_ID', 'PRODUCT_ID', 'PRODUCT_FEATURES', 'PRODUCT_COMPONENTS', 'QUANTITY', 'bmecat:ORDER_UNIT', 'PRODUCT_PRICE_FIX', 'PRICE_LINE_AMOUNT', 'PARTIAL_SHIPMENT_ALLOWED', 'DELIVERY_DATE', 'REMARKS', 'ITEM_UDX'];
    items.forEach((item, i) => {
      const line = doc.lines[i]!;
      expect(names(item)).toEqual(['LINE_ITEM_ID', 'PRODUCT_ID', 'QUANTITY', 'bmecat:ORDER_UNIT']);
      expect(inSequence(names(item), itemOrder)).toBe(true);
      expect(textOf(child(item, 'LINE_ITEM_ID'))).toBe(String(line.pos));
      expect(textOf(child(item, 'QUANTITY'))).toBe(String(line.quantity));
      expect(textOf(child(item, 'bmecat:ORDER_UNIT'))).toBe(line.unit);
      const product = child(item, 'PRODUCT_ID');
      expect(names(product).every((n) => n.startsWith('bmecat:'))).toBe(true);
      expect(inSequence(names(product), ['bmecat:SUPPLIER_PID', 'bmecat:SUPPLIER_IDREF', 'CONFIG_CODE_FIX', 'LOT_NUMBER', 'SERIAL_NUMBER', 'bmecat:INTERNATIONAL_PID', 'bmecat:BUYER_PID', 'bmecat:DESCRIPTION_SHORT', 'bmecat:DESCRIPTION_LONG'])).toBe(true);
      expect(textOf(child(product, 'bmecat:SUPPLIER_PID'))).toBe(line.supplier_sku);
      expect(textOf(child(product, 'bmecat:DESCRIPTION_SHORT'))).toBe(line.name);
    });
    // the first line has a customer SKU (BUYER_PID), the second none
    expect(names(child(items[0]!, 'PRODUCT_ID'))).toEqual(['bmecat:SUPPLIER_PID', 'bmecat:BUYER_PID', 'bmecat:DESCRIPTION_SHORT']);
    expect(textOf(child(child(items[0]!, 'PRODUCT_ID'), 'bmecat:BUYER_PID'))).toBe('BM-100200');
    expect(names(child(items[1]!, 'PRODUCT_ID'))).toEqual(['bmecat:SUPPLIER_PID', 'bmecat:DESCRIPTION_SHORT']);
  });

  it('escapes & < > in names and ids (read back unchanged)', () => {
    expect(xml).toContain('<bmecat:SUPPLIER_PID>A&amp;B&lt;1&gt;</bmecat:SUPPLIER_PID>');
    expect(xml).toContain('Schraube; M8 &quot;verzinkt&quot; &lt;8.8&gt; &amp; Co');
    expect(xml).not.toMatch(/<(?!\/?[A-Za-z_:]|\?xml)/);
  });

  it('cuts descriptive texts to the BMEcat lengths, never identifiers', () => {
    const long = 'Ä'.repeat(60);
    const sku = 'S'.repeat(40);
    const out = renderOpenTransOrder({ ...base, customer: { ...base.customer, name: long }, lines: [{ ...base.lines[0]!, name: 'n'.repeat(200), sku, supplier_sku: sku }] }).toString('utf8');
    expect(out).toContain(`<bmecat:NAME>${'Ä'.repeat(50)}</bmecat:NAME>`);
    expect(out).toContain(`<bmecat:DESCRIPTION_SHORT>${'n'.repeat(150)}</bmecat:DESCRIPTION_SHORT>`);
    expect(out).toContain(`<bmecat:SUPPLIER_PID>${sku}</bmecat:SUPPLIER_PID>`);
  });

  it('counts the items in ORDER_SUMMARY', () => {
    const summary = child(root, 'ORDER_SUMMARY');
    expect(names(summary)).toEqual(['TOTAL_ITEM_NUM']);
    expect(textOf(child(summary, 'TOTAL_ITEM_NUM'))).toBe('2');
  });

  it('refuses an order without lines (ORDER_ITEM_LIST needs one item)', () => {
    expect(() => renderOpenTransOrder({ ...base, lines: [] })).toThrow(AppError);
  });
});

describe('formats registry', () => {
  it('lists the built-in formats with content type and extension and renders each from the document', () => {
    expect(ORDER_FORMATS.map((f) => f.id)).toEqual(['csv', 'csv-excel', 'opentrans-2.1-order']);
    for (const format of ORDER_FORMATS) {
      expect(format.label).not.toBe('');
      expect(format.extension).toMatch(/^[a-z]+$/);
      expect(format.render(base).length).toBeGreaterThan(100);
    }
    expect(orderFormat('opentrans-2.1-order').contentType).toBe('application/xml');
    expect(orderFormat('csv-excel').render(base).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(() => orderFormat('edifact-orders')).toThrow(/unknown order format "edifact-orders"/);
  });
});
