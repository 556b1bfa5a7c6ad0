import type { OrderDocument } from '../document';
import { encodeText, lineBreakOf, type LineBreak } from '../encoding';
import { csvField } from '../helpers';

/**
 * The built-in CSV: one row per order line with the order's, customer's, location's and supplier's data repeated,
 * after a header row of the column names. Semicolon-separated by default; a field is quoted as RFC 4180 says
 * (in double quotes, inner quotes doubled) only when it holds the separator, a quote or a line break. Numbers
 * are written with a point (12.5) unless `decimal: ','`; UTF-8, with a byte order mark when `bom` (Excel needs
 * it to read umlauts), CRLF line breaks as RFC 4180 has them unless `linebreak: 'LF'`.
 */
export interface CsvOptions {
  separator?: ';' | ',' | '\t';
  decimal?: '.' | ',';
  bom?: boolean;
  linebreak?: LineBreak;
}

export const CSV_COLUMNS = [
  'order_id',
  'order_date',
  'po_number',
  'customer_nr',
  'customer',
  'location_nr',
  'location',
  'supplier_nr',
  'supplier',
  'pos',
  'sku',
  'supplier_sku',
  'customer_sku',
  'name',
  'quantity',
  'unit',
  'shipping',
  'catalog',
  'comment',
] as const;

export function renderCsv(doc: OrderDocument, options: CsvOptions = {}): Buffer {
  const sep = options.separator ?? ';';
  const num = (value: number): string => (options.decimal === ',' ? String(value).replace('.', ',') : String(value));
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const line of doc.lines) {
    rows.push([
      String(doc.order.id),
      doc.order.date,
      doc.order.po_number,
      doc.customer.nr,
      doc.customer.name,
      doc.location.nr,
      doc.location.name,
      doc.supplier.ext_nr || doc.supplier.nr,
      doc.supplier.name,
      String(line.pos),
      line.sku,
      line.supplier_sku,
      line.customer_sku,
      line.name,
      num(line.quantity),
      line.unit,
      line.shipping,
      line.catalog,
      doc.order.comment,
    ]);
  }
  const eol = lineBreakOf(options.linebreak ?? 'CRLF');
  const text = rows.map((row) => row.map((field) => csvField(field, sep)).join(sep) + eol).join('');
  return encodeText(text, 'UTF-8', { bom: options.bom });
}
