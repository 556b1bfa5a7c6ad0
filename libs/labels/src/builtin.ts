import { BUILTIN_XML } from './builtin-xml';
import { parseLabelTemplate, type LabelTemplate } from './template';

/** The spec's label template types. */
export const LABEL_TEMPLATE_TYPES = ['DeliveryNote', 'Item', 'Location', 'Smart'] as const;
export type LabelTemplateType = (typeof LABEL_TEMPLATE_TYPES)[number];

export interface BuiltinTemplate {
  /** the file name in libs/labels/src/templates without .xml */
  key: string;
  name: string;
  description: string;
  /**
   * The name in the other interface languages (German): what the web app shows from its locale files
   * (builtin-texts.spec keeps them equal), for sorting a list by the names the user sees (the rows store `name`).
   */
  names: { de: string };
  type: LabelTemplateType;
  width: number;
  height: number;
  xml: string;
}

const INFO: Record<string, { name: string; description: string; names: { de: string }; type: LabelTemplateType }> = {
  'kanban-card-a6': {
    name: 'Kanban card A6',
    names: { de: 'Kanban-Karte A6' },
    description:
      'A6 card: SKU, name, location, storage, supplier, quantity; scan code as QR, SKU as Code 128; the item image',
    type: 'Item',
  },
  'kanban-card-100x50': {
    name: 'Kanban card 100 × 50 mm',
    names: { de: 'Kanban-Karte 100 × 50 mm' },
    description: 'Small card for label printers or 2 × 5 on A4: scan code as QR, SKU as Code 128',
    type: 'Item',
  },
  'bin-label': {
    name: 'Bin label 80 × 40 mm',
    names: { de: 'Fachetikett 80 × 40 mm' },
    description: "Bin front: SKU, bin, name, capacity; the rule's scan code as Code 128",
    type: 'Item',
  },
  'location-label': {
    name: 'Location label 100 × 30 mm',
    names: { de: 'Standortetikett 100 × 30 mm' },
    description: "Location name and customer; the location's number as QR and Code 128",
    type: 'Location',
  },
  'delivery-note-a4': {
    name: 'Delivery note A4',
    names: { de: 'Lieferschein A4' },
    description:
      'Order header, delivery address, the lines in a table continued over pages; also the e-mail attachment of notifications',
    type: 'DeliveryNote',
  },
};

let cached: BuiltinTemplate[] | null = null;

/** The built-in templates (libs/labels/src/templates/*.xml), parsed once to know their size. */
export function builtinTemplates(): BuiltinTemplate[] {
  if (cached) return cached;
  cached = Object.entries(BUILTIN_XML).map(([key, xml]) => {
    const info = INFO[key] ?? { name: key, description: '', names: { de: key }, type: 'Smart' as const };
    const parsed = parseLabelTemplate(xml);
    return { key, ...info, width: parsed.width, height: parsed.height, xml };
  });
  return cached;
}

export function builtinTemplate(key: string): BuiltinTemplate {
  const found = builtinTemplates().find((t) => t.key === key);
  if (!found)
    throw new Error(`no built-in label template ${key}; there are ${Object.keys(BUILTIN_XML).join(', ')}`);
  return found;
}

const parsedCache = new Map<string, LabelTemplate>();
export function parsedBuiltin(key: string): LabelTemplate {
  let parsed = parsedCache.get(key);
  if (!parsed) parsedCache.set(key, (parsed = parseLabelTemplate(builtinTemplate(key).xml)));
  return parsed;
}
