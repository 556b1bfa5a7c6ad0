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
  /**
   * Built-in keys (comma-separated) that match `q` as well: the web app shows the built-ins' names and descriptions
   * translated and sends the keys of those whose shown texts contain `q`, so a search finds what the user sees.
   */
  builtin_keys?: string;
  /**
   * The interface language (LABEL_TEMPLATE_LANGUAGES, default en): sorting by name uses the built-ins' names in it, as
   * the web app shows them (the rows store the English ones).
   */
  lang?: string;
}

/** Languages a label template list may be sorted by name in (the web app's interface languages). */
export const LABEL_TEMPLATE_LANGUAGES = ['en', 'de'] as const;

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

// ---- printing and the editor's preview (the gateway, apps/gateway/src/printing; docs/label-printing.md "Printing")

/** `POST …/print/{type}`: item labels (kanban rules), location labels, an order's lines, a delivery note, the calibration sheet. */
export const PRINT_TYPES = ['item', 'location', 'order', 'deliverynote', 'calibration'] as const;
export type PrintType = (typeof PRINT_TYPES)[number];

/** The template types each print type accepts (a Smart template prints anything but a delivery note). */
export const PRINT_TYPE_TEMPLATES: Readonly<Record<PrintType, readonly LabelTemplateKind[]>> = {
  item: ['Item', 'Smart'],
  location: ['Location', 'Smart'],
  order: ['Item', 'Smart'],
  deliverynote: ['DeliveryNote'],
  calibration: ['DeliveryNote', 'Item', 'Location', 'Smart'],
};

/** The most labels one print job prints (copies included). */
export const MAX_PRINT_LABELS = 20_000;

/** The body of `POST …/print/{type}`. */
export interface PrintRequest {
  template_id: number;
  /** item labels: these kanban rules of the location (or the customer); none: all active rules */
  rule_ids?: number[];
  /** item labels: the rules of these items; with rule_ids both must match */
  item_ids?: number[];
  /** location labels: these locations; none: the customer's active locations */
  location_ids?: number[];
  /** delivery note and order lines: only the lines of this supplier (a supply's delivery note) */
  supplier_id?: number;
  /** answers to the template's `<input>`s by name */
  form?: Record<string, string | number>;
  /** overrides the settings' start position (half-used sheets) */
  start_position?: number;
  /** overrides the copies of every label (else the settings: fixed copies, or the rule's kanban cards) */
  copies?: number;
  /** the download's file name (default label.pdf / label.zpl) */
  filename?: string;
}

/** Where the preview takes its data from; none: the sample order (docs/notification-templates.md). */
export interface PrintPreviewSource {
  rule_id?: number;
  item_id?: number;
  customer_id?: number;
  location_id?: number;
  order_id?: number;
}

/** `POST labeltemplates/preview`: the editor's unsaved XML rendered as SVG. */
export interface PrintPreviewRequest {
  template: string;
  type?: LabelTemplateKind;
  source?: PrintPreviewSource;
  form?: Record<string, string | number>;
  /** the label page to show, 1-based (a delivery note runs over pages) */
  page?: number;
}

export interface PrintPreviewProblem {
  line: number;
  column: number;
  message: string;
}

export interface PrintPreviewResult {
  /** the SVG (mm user units); '' when the template has problems or the data cannot be printed */
  svg: string;
  /** mm */
  width: number;
  height: number;
  page: number;
  pages: number;
  /** true when the sample order was used (no source given, or the source has nothing to show) */
  sample: boolean;
  /** the template's problems (line-precise) and a print error (line 0) */
  problems: PrintPreviewProblem[];
}

/** One field of the placeholder picker: `{{path}}` with the sample order's value. */
export interface PlaceholderField {
  path: string;
  field: string;
  example: string;
}

/** `GET labeltemplates/placeholders`: the groups of the template language with their fields. */
export interface PlaceholderGroup {
  group: string;
  fields: PlaceholderField[];
}

/** `GET …/customer/{cu}/print/templates?type=`: a template to print with and the customer's settings for it. */
export interface PrintTemplateChoiceDto {
  template: Omit<LabelTemplateDto, 'template'>;
  settings: PrintSettingsDto;
}
