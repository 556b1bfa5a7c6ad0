import { PRINT_SETTINGS_DEFAULTS, PRINT_SETTINGS_LIMITS, type PrintSettingsDto, type PrintSettingsInput, type PrintSettingsNumberField } from './printingTypes';

/** The form's fields: the numbers as typed, the choices as their values. */
export const NUMBER_FIELDS = Object.keys(PRINT_SETTINGS_LIMITS) as PrintSettingsNumberField[];
export type SettingsValues = Record<PrintSettingsNumberField | 'paper' | 'output' | 'zpl_dpi' | 'copies_mode', string>;

/** columns and rows may stay empty: as many as fit */
const OPTIONAL: readonly PrintSettingsNumberField[] = ['columns', 'rows'];

export function settingsValues(s: Pick<PrintSettingsDto, keyof typeof PRINT_SETTINGS_DEFAULTS>): SettingsValues {
  const out = { paper: s.paper, output: s.output, zpl_dpi: String(s.zpl_dpi), copies_mode: s.copies_mode } as SettingsValues;
  for (const f of NUMBER_FIELDS) out[f] = s[f] === null ? '' : String(s[f]);
  return out;
}

export function defaultValues(): SettingsValues {
  return settingsValues(PRINT_SETTINGS_DEFAULTS);
}

function parse(text: string): number | null {
  const t = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

/** What is wrong with a field: a translation key with its bounds, or nothing. */
export interface FieldProblem {
  key: 'required' | 'number' | 'integer' | 'range';
  min: number;
  max: number;
}

/** Checks each number against the bounds of libs/labels layout (PRINT_SETTINGS_LIMITS): every wrong field named. */
export function settingsErrors(values: SettingsValues): Partial<Record<PrintSettingsNumberField, FieldProblem>> {
  const out: Partial<Record<PrintSettingsNumberField, FieldProblem>> = {};
  for (const f of NUMBER_FIELDS) {
    const { min, max, integer } = PRINT_SETTINGS_LIMITS[f];
    const text = values[f].trim();
    if (text === '') {
      if (!OPTIONAL.includes(f)) out[f] = { key: 'required', min, max };
      continue;
    }
    const n = parse(text);
    if (n === null) out[f] = { key: 'number', min, max };
    else if (integer && !Number.isInteger(n)) out[f] = { key: 'integer', min, max };
    else if (n < min || n > max) out[f] = { key: 'range', min, max };
  }
  return out;
}

/** The PATCH body of valid values (empty columns/rows: null, as many as fit). */
export function settingsBody(values: SettingsValues): PrintSettingsInput {
  const body: Record<string, unknown> = {
    paper: values.paper,
    output: values.output,
    zpl_dpi: Number(values.zpl_dpi),
    copies_mode: values.copies_mode,
  };
  for (const f of NUMBER_FIELDS) body[f] = values[f].trim() === '' ? null : parse(values[f]);
  return body as PrintSettingsInput;
}

const SHEETS = { A4: { width: 210, height: 297 }, Letter: { width: 215.9, height: 279.4 } } as const;

/** The labels on a sheet for the sketch: as many as fit (or the columns and rows set), each a rectangle in mm. */
export function sheetSketch(values: SettingsValues, label: { width: number; height: number }) {
  const sheet = values.paper === 'Letter' ? SHEETS.Letter : values.paper === 'label' ? label : SHEETS.A4;
  const n = (f: PrintSettingsNumberField) => parse(values[f]) ?? 0;
  const left = n('margin_left') + n('offset_x');
  const top = n('margin_top') + n('offset_y');
  const gx = n('gap_x');
  const gy = n('gap_y');
  const fitColumns = label.width > 0 ? Math.max(0, Math.floor((sheet.width - n('margin_left') + gx) / (label.width + gx))) : 0;
  const fitRows = label.height > 0 ? Math.max(0, Math.floor((sheet.height - n('margin_top') + gy) / (label.height + gy))) : 0;
  const columns = values.paper === 'label' ? 1 : Math.min(parse(values.columns) ?? fitColumns, 60);
  const rows = values.paper === 'label' ? 1 : Math.min(parse(values.rows) ?? fitRows, 120);
  const start = Math.max(1, Math.floor(n('start_position') || 1));
  const cells: { x: number; y: number; used: boolean }[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++)
      cells.push({ x: (values.paper === 'label' ? 0 : left) + c * (label.width + gx), y: (values.paper === 'label' ? 0 : top) + r * (label.height + gy), used: r * columns + c + 1 >= start });
  return { sheet, columns, rows, cells };
}
