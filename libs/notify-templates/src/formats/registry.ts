import { AppError, ErrorCode } from '@kanban/access';
import type { OrderDocument } from '../document';
import { renderCsv } from './csv';
import { renderOpenTransOrder } from './opentrans';

/**
 * The built-in order formats beside the company's own file templates. A rule names one by `id`; the service writes
 * `render(document)` as the file (or attachment) with `extension` and sends it as `contentType`. EDIFACT ORDERS
 * and cXML OrderRequest are added as further entries (a render from the same OrderDocument), nothing else changes.
 */
export interface OrderFormat {
  id: string;
  label: string;
  contentType: string;
  /** without the dot */
  extension: string;
  render(document: OrderDocument): Buffer;
}

export const ORDER_FORMATS: readonly OrderFormat[] = [
  {
    id: 'csv',
    label: 'CSV (semicolon-separated, UTF-8)',
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    render: (document) => renderCsv(document),
  },
  {
    id: 'csv-excel',
    label: 'CSV for Excel (semicolon, decimal comma, UTF-8 with BOM)',
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    render: (document) => renderCsv(document, { bom: true, decimal: ',' }),
  },
  {
    id: 'opentrans-2.1-order',
    label: 'openTRANS 2.1 ORDER (XML)',
    contentType: 'application/xml',
    extension: 'xml',
    render: (document) => renderOpenTransOrder(document),
  },
];

export const ORDER_FORMAT_IDS = ORDER_FORMATS.map((format) => format.id);

/** The format with that id; 1000 (field `format`) for an unknown one. */
export function orderFormat(id: string): OrderFormat {
  const format = ORDER_FORMATS.find((f) => f.id === id);
  if (!format) throw new AppError(ErrorCode.Validation, `format: unknown order format "${id}" (known: ${ORDER_FORMAT_IDS.join(', ')})`, { field: 'format' });
  return format;
}
