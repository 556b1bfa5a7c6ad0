import type { ListQuery } from './identity';

/**
 * Label printing (issue 19; docs/label-printing.md). Label templates and print settings are records of the catalog
 * service (schema catalog); rendering happens in the gateway (libs/labels, streamed into the HTTP answer).
 */
export const PrintingSubjects = {
  listTemplates: 'catalog.label_template.list',
  getTemplate: 'catalog.label_template.get',
  createTemplate: 'catalog.label_template.create',
  updateTemplate: 'catalog.label_template.update',
  deleteTemplate: 'catalog.label_template.delete',
  getSettings: 'catalog.print_settings.get',
  updateSettings: 'catalog.print_settings.update',
  deleteSettings: 'catalog.print_settings.delete',
  defaultSettings: 'catalog.print_settings.defaults',
  resolveSettings: 'catalog.print_settings.resolve',
} as const;

/** The spec's label template types (the same list as libs/labels LABEL_TEMPLATE_TYPES). */
export const LABEL_TEMPLATE_KINDS = ['DeliveryNote', 'Item', 'Location', 'Smart'] as const;
export type LabelTemplateKind = (typeof LABEL_TEMPLATE_KINDS)[number];

export const LABEL_TEMPLATE_LIMITS = {
  name: 200,
  description: 2000,
  /** characters of the XML (libs/labels MAX_LABEL_TEMPLATE_CHARS) */
  template: 200_000,
} as const;

export const LABEL_TEMPLATE_SORTS = ['name', 'type', 'width', 'height', 'created_at', 'updated_at'] as const;
export type LabelTemplateSort = (typeof LABEL_TEMPLATE_SORTS)[number];

/** A question the template asks at print time (`<input name label type default>`). */
export interface LabelFormInputDto {
  name: string;
  label: string;
  type: 'text' | 'number';
  default: string;
}

/** A label template of a company: one of the built-ins (read-only, `builtin_key` set) or the company's own. */
export interface LabelTemplateDto {
  id: number;
  name: string;
  description: string;
  type: LabelTemplateKind;
  /** mm, from the XML's <label width height> */
  width: number;
  height: number;
  /** the template's XML (docs/label-templates.md) */
  template: string;
  builtin: boolean;
  builtin_key: string | null;
  form_inputs: LabelFormInputDto[];
  created_at: string;
  updated_at: string;
}

/**
 * Create: name, type and template required. Width and height may be left out (taken from the XML); when given they
 * must agree with the XML's root.
 */
export type LabelTemplateInput = Partial<
  Pick<LabelTemplateDto, 'name' | 'description' | 'type' | 'width' | 'height' | 'template'>
>;

export interface LabelTemplateListQuery extends ListQuery {
  type?: LabelTemplateKind;
}

export const PRINT_PAPERS = ['A4', 'Letter', 'label'] as const;
export type PrintPaper = (typeof PRINT_PAPERS)[number];
export const PRINT_OUTPUTS = ['pdf', 'label_pdf', 'zpl'] as const;
export type PrintOutput = (typeof PRINT_OUTPUTS)[number];
export const ZPL_DPIS = [203, 300] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];
export const COPIES_MODES = ['fixed', 'kanban_cards'] as const;
export type CopiesMode = (typeof COPIES_MODES)[number];

/**
 * The bounds of the print settings' numbers, the same as libs/labels layout.ts checks (mm; the sheet-dependent
 * upper bounds of margins and gaps are those of the larger sheet, the layout checks the chosen sheet when printing).
 */
export const PRINT_SETTINGS_LIMITS = {
  columns: { min: 1, max: 50, integer: true },
  rows: { min: 1, max: 100, integer: true },
  margin_top: { min: 0, max: 297, integer: false },
  margin_left: { min: 0, max: 215.9, integer: false },
  gap_x: { min: 0, max: 215.9, integer: false },
  gap_y: { min: 0, max: 297, integer: false },
  offset_x: { min: -50, max: 50, integer: false },
  offset_y: { min: -50, max: 50, integer: false },
  start_position: { min: 1, max: 5000, integer: true },
  copies: { min: 1, max: 1000, integer: true },
  dpi: { min: 20, max: 300, integer: true },
} as const;
export type PrintSettingsNumberField = keyof typeof PRINT_SETTINGS_LIMITS;

/** A customer's print settings for one template; `id` null and `is_default` true when nothing is stored. */
export interface PrintSettingsDto {
  id: number | null;
  customer_id: number;
  template_id: number;
  is_default: boolean;
  paper: PrintPaper;
  /** labels across / down a sheet; null: as many as fit */
  columns: number | null;
  rows: number | null;
  margin_top: number;
  margin_left: number;
  gap_x: number;
  gap_y: number;
  /** printer correction, may be negative */
  offset_x: number;
  offset_y: number;
  /** 1-based position of the first label on the first sheet */
  start_position: number;
  output: PrintOutput;
  zpl_dpi: ZplDpi;
  copies_mode: CopiesMode;
  copies: number;
  /** images and raster barcodes, 20-300 */
  dpi: number;
  updated_at: string | null;
}

export type PrintSettingsValues = Omit<
  PrintSettingsDto,
  'id' | 'customer_id' | 'template_id' | 'is_default' | 'updated_at'
>;

/** The defaults (spec 9: dpi 200). */
export const PRINT_SETTINGS_DEFAULTS: Readonly<PrintSettingsValues> = Object.freeze({
  paper: 'A4',
  columns: null,
  rows: null,
  margin_top: 0,
  margin_left: 0,
  gap_x: 0,
  gap_y: 0,
  offset_x: 0,
  offset_y: 0,
  start_position: 1,
  output: 'pdf',
  zpl_dpi: 203,
  copies_mode: 'fixed',
  copies: 1,
  dpi: 200,
});

/** PATCH body: the fields to change. */
export type PrintSettingsInput = Partial<PrintSettingsValues>;

/**
 * catalog.print_settings.resolve (the gateway's printing): the template and the customer's settings for it (stored,
 * or the defaults), checked against the caller's access to the customer.
 */
export interface PrintSettingsResolved {
  template: LabelTemplateDto;
  settings: PrintSettingsDto;
}
