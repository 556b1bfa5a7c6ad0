import { type OrderDocument, sampleOrderDocument } from '@kanban/notify-templates';

/**
 * What a label is printed from: the spec's placeholder families (company, contact, customer, form input, item,
 * kanban rule, line, location, storage, supplier, user) plus the order, with the same field names as the order
 * document of libs/notify-templates (docs/notification-templates.md), so one order document prints a delivery note
 * and one line of it an item label. Every group is optional: what is missing prints as ''.
 */
export interface LabelData {
  company?: Record<string, unknown> | null;
  contact?: Record<string, unknown> | null;
  customer?: Record<string, unknown> | null;
  item?: Record<string, unknown> | null;
  kanban_rule?: Record<string, unknown> | null;
  line?: Record<string, unknown> | null;
  location?: Record<string, unknown> | null;
  storage?: Record<string, unknown> | null;
  supplier?: Record<string, unknown> | null;
  user?: Record<string, unknown> | null;
  order?: Record<string, unknown> | null;
  /** what `<each of="lines">` repeats over; each line may carry item, kanban_rule and storage */
  lines?: Record<string, unknown>[];
  /** images of this label by key (e.g. item): PNG or JPEG bytes, or a data URL */
  images?: Record<string, Buffer | string>;
}

/** The placeholder groups and their fields (from the order document's shape). */
export const LABEL_GROUPS = [
  'company',
  'contact',
  'customer',
  'form',
  'item',
  'kanban_rule',
  'label',
  'line',
  'location',
  'order',
  'storage',
  'supplier',
  'user',
] as const;

/** Fields of `label.*`, set by the printer for each printed label. */
export const LABEL_META_FIELDS = [
  'number',
  'count',
  'copy',
  'copies',
  'page',
  'pages',
  'printed_at',
] as const;

function keysOf(value: unknown): string[] {
  return value && typeof value === 'object' ? Object.keys(value) : [];
}

let catalogue: Map<string, Set<string>> | null = null;

/** group -> its fields; `line` also has `item`, `kanban_rule` and `storage` below it. */
export function fieldCatalogue(): Map<string, Set<string>> {
  if (catalogue) return catalogue;
  const doc = sampleOrderDocument();
  const line = doc.lines[0]!;
  const { item, kanban_rule, storage, ...lineFields } = line;
  catalogue = new Map<string, Set<string>>([
    ['company', new Set(keysOf(doc.company))],
    ['contact', new Set(keysOf(doc.contact))],
    ['customer', new Set(keysOf(doc.customer))],
    ['item', new Set(keysOf(item))],
    ['kanban_rule', new Set(keysOf(kanban_rule))],
    ['line', new Set(keysOf(lineFields))],
    ['location', new Set(keysOf(doc.location))],
    ['order', new Set(keysOf(doc.order))],
    ['storage', new Set(keysOf(storage))],
    ['supplier', new Set(keysOf(doc.supplier))],
    ['user', new Set(keysOf(doc.user))],
    ['label', new Set(LABEL_META_FIELDS)],
  ]);
  return catalogue;
}

/**
 * The delivery note's data from an order document (libs/notify-templates): the groups are taken as they are; the
 * lines keep their item, kanban_rule and storage, which `<each of="lines">` binds for each row.
 */
export function labelDataFromOrderDocument(
  doc: OrderDocument,
  images?: Record<string, Buffer | string>,
): LabelData {
  return {
    company: { ...doc.company },
    contact: doc.contact ? { ...doc.contact } : null,
    customer: { ...doc.customer },
    location: { ...doc.location },
    supplier: { ...doc.supplier },
    user: doc.user ? { ...doc.user } : null,
    order: { ...doc.order },
    lines: doc.lines.map((line) => ({ ...line })),
    ...(images ? { images } : {}),
  };
}

/** One item label per order line (for printing an order's lines): the line with its item, rule and storage. */
export function lineLabelData(doc: OrderDocument, images?: Record<string, Buffer | string>): LabelData[] {
  const common = labelDataFromOrderDocument(doc, images);
  return doc.lines.map((line) => ({
    ...common,
    lines: undefined,
    line: { ...line },
    item: { ...line.item },
    kanban_rule: line.kanban_rule ? { ...line.kanban_rule } : null,
    storage: line.storage ? { ...line.storage } : null,
  }));
}
