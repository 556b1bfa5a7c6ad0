import path from 'node:path';
import pdfmake from 'pdfmake';
import type { LocationReportDto } from '@kanban/contracts';

const FONT_DIR = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
let ready = false;

/** pdfmake with the bundled Roboto fonts; no remote URLs ever, local files only from the font folder. */
function pdf(): typeof pdfmake {
  if (!ready) {
    pdfmake.setFonts({
      Roboto: {
        normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
        bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
        italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
        bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
      },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONT_DIR));
    ready = true;
  }
  return pdfmake;
}

const num = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** The reason texts of the report (the PDF is in German and English: the recipients' language is not known here). */
const REASONS: Record<string, string> = {
  ordered: 'ordered / bestellt',
  above_threshold: 'above threshold / über Meldebestand',
  already_on_order: 'already on order / bereits bestellt',
  nothing_to_order: 'nothing to order / nichts zu bestellen',
  item_paused: 'item paused / Artikel pausiert',
  item_disabled: 'item disabled / Artikel gesperrt',
  item_deleted: 'item deleted / Artikel gelöscht',
  location_inactive: 'location inactive / Standort inaktiv',
  customer_inactive: 'customer inactive / Kunde inaktiv',
  supplier_inactive: 'supplier inactive / Lieferant inaktiv',
  outside_schedule: 'outside schedule / außerhalb des Zeitplans',
  config_invalid: 'configuration invalid / Konfiguration ungültig',
  backorder: 'backorder ordered anew / Rückstand neu bestellt',
  restock: 'automatic restock / automatische Auffüllung',
};

/** The location report (spec 7 `report/location`): the location's rules and its recent orders as an A4 PDF. */
export async function renderLocationReport(report: LocationReportDto): Promise<Buffer> {
  const header = (cells: string[]) => cells.map((text) => ({ text, bold: true, fillColor: '#eeeeee' }));
  const rules = report.rules.map((r) => [
    r.sku,
    r.name + (r.active ? '' : ' (inactive / inaktiv)'),
    r.stock === null
      ? { text: '–', alignment: 'right' }
      : { text: `${num(r.stock)} ${r.item_unit}`.trim(), alignment: 'right', color: r.stock <= r.threshold ? '#c53030' : '#000000' },
    { text: num(r.threshold), alignment: 'right' },
    { text: num(r.capacity), alignment: 'right' },
    { text: num(r.on_order), alignment: 'right' },
    r.last_decision ? `${REASONS[r.last_decision.reason] ?? r.last_decision.reason}\n${r.last_decision.decided_at.slice(0, 16).replace('T', ' ')}` : '–',
  ]);
  const orders = report.orders.map((o) => [
    String(o.order_id),
    o.date,
    o.source,
    o.status,
    o.supplier,
    { text: String(o.lines), alignment: 'right' },
    { text: num(o.quantity), alignment: 'right' },
  ]);
  const definition = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 40, 30, 40],
    info: { title: `Location report ${report.location}` },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    footer: (page: number, pages: number) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, margin: [0, 10, 0, 0] }),
    content: [
      { text: `Location report / Standortbericht: ${report.location}`, fontSize: 16, bold: true },
      { text: `${report.customer} · ${report.generated_at.slice(0, 16).replace('T', ' ')} UTC`, margin: [0, 2, 0, 12], color: '#555555' },
      { text: `Kanban rules / Kanban-Regeln (${report.rules.length})`, fontSize: 12, bold: true, margin: [0, 0, 0, 4] },
      ...(report.stock_hidden ? [{ text: 'Stock is not shown for this customer. / Bestände werden für diesen Kunden nicht angezeigt.', italics: true, margin: [0, 0, 0, 4] }] : []),
      report.rules.length
        ? {
            table: {
              headerRows: 1,
              widths: [70, '*', 60, 50, 50, 50, 150],
              body: [header(['SKU', 'Item / Artikel', 'Stock / Bestand', 'Threshold / Meldebestand', 'Capacity / Kapazität', 'On order / Bestellt', 'Last decision / Letzte Entscheidung']), ...rules],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'No rules / Keine Regeln', italics: true },
      { text: `Orders of the last ${report.days} days / Bestellungen der letzten ${report.days} Tage (${report.orders.length})`, fontSize: 12, bold: true, margin: [0, 16, 0, 4] },
      report.orders.length
        ? {
            table: {
              headerRows: 1,
              widths: [50, 60, 60, 60, '*', 40, 60],
              body: [header(['Order / Bestellung', 'Date / Datum', 'Source / Quelle', 'Status', 'Supplier / Lieferant', 'Lines / Pos.', 'Quantity / Menge']), ...orders],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'No orders / Keine Bestellungen', italics: true },
    ],
  };
  return pdf().createPdf(definition).getBuffer();
}

/** A file name for the report: letters, digits, dash and underscore from the location's name. */
export function locationReportFileName(report: LocationReportDto): string {
  const name = report.location.normalize('NFKD').replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60) || String(report.location_id);
  return `location-report-${name}-${report.generated_at.slice(0, 10)}.pdf`;
}
