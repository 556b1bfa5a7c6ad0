import { AppError, ErrorCode } from '@kanban/access';
import {
  COPIES_MODES,
  LABEL_TEMPLATE_KINDS,
  LABEL_TEMPLATE_LIMITS,
  PRINT_OUTPUTS,
  PRINT_PAPERS,
  PRINT_SETTINGS_DEFAULTS,
  PRINT_SETTINGS_LIMITS,
  ZPL_DPIS,
  type LabelFormInputDto,
  type LabelTemplateInput,
  type LabelTemplateKind,
  type LabelTemplateSort,
  type PrintSettingsInput,
  type PrintSettingsNumberField,
  type PrintSettingsValues,
} from '@kanban/contracts';
import { parseLabelTemplate, resolveLayout, type SheetSettings } from '@kanban/labels';
import { sortProperty } from '../shared/list-query';

type Mode = 'create' | 'update';

export function labelTemplateSortProperty(sort: string | undefined): string {
  const columns: Record<LabelTemplateSort, string> = {
    name: 'name',
    type: 'type',
    width: 'width',
    height: 'height',
    created_at: 'createdAt',
    updated_at: 'updatedAt',
  };
  return sortProperty(sort, columns, 'name');
}

/** A list's type filter: one of the kinds, or 1000. */
export function labelTemplateTypeFilter(type: unknown): LabelTemplateKind | undefined {
  if (type === undefined || type === null || type === '') return undefined;
  if (!(LABEL_TEMPLATE_KINDS as readonly unknown[]).includes(type))
    throw AppError.validation('type', `must be one of ${LABEL_TEMPLATE_KINDS.join(', ')}`);
  return type as LabelTemplateKind;
}

/** A checked template: the normalized fields plus what the XML says (size, form inputs). */
export interface CheckedLabelTemplate {
  name?: string;
  description?: string;
  type?: LabelTemplateKind;
  template?: string;
  width?: number;
  height?: number;
  formInputs?: LabelFormInputDto[];
}

function text(input: Record<string, unknown>, field: string, max: number, trim: boolean): string | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw AppError.validation(field, 'must be a string');
  const out = trim ? value.trim() : value;
  if (out.length > max) throw AppError.validation(field, `must be at most ${max} characters`);
  return out;
}

function size(input: Record<string, unknown>, field: 'width' | 'height'): number | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw AppError.validation(field, 'must be a positive number of mm');
  return value;
}

/**
 * A template's input (create: name, type and template required): texts trimmed (the XML kept as given), the type one
 * of the spec's, the XML parsed by libs/labels (1000 with line and column of each problem), width and height taken
 * from the XML and, when given, required to agree with it (1000 naming the field). `current`: the stored template on
 * update (its XML decides the size when only width or height is sent).
 */
export function normalizeLabelTemplateInput(
  raw: LabelTemplateInput,
  mode: Mode,
  current?: { template: string; width: number; height: number },
): CheckedLabelTemplate {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw AppError.validation('body', 'must be an object');
  const input = raw as Record<string, unknown>;
  const out: CheckedLabelTemplate = {};
  out.name = text(input, 'name', LABEL_TEMPLATE_LIMITS.name, true);
  out.description = text(input, 'description', LABEL_TEMPLATE_LIMITS.description, true);
  const type = text(input, 'type', 40, true);
  out.template = text(input, 'template', LABEL_TEMPLATE_LIMITS.template, false);
  if (mode === 'create' && out.name === undefined) throw AppError.validation('name', 'is required');
  if (out.name === '') throw AppError.validation('name', 'should not be empty');
  if (mode === 'create' && type === undefined) throw AppError.validation('type', 'is required');
  if (type !== undefined) {
    if (!(LABEL_TEMPLATE_KINDS as readonly string[]).includes(type))
      throw AppError.validation('type', `must be one of ${LABEL_TEMPLATE_KINDS.join(', ')}`);
    out.type = type as LabelTemplateKind;
  }
  if (mode === 'create' && out.template === undefined) throw AppError.validation('template', 'is required');
  if (out.template !== undefined && out.template.trim() === '') throw AppError.validation('template', 'should not be empty');
  const width = size(input, 'width');
  const height = size(input, 'height');
  const xml = out.template ?? current?.template;
  if (out.template !== undefined) {
    const parsed = parseLabelTemplate(out.template);
    out.width = parsed.width;
    out.height = parsed.height;
    out.formInputs = parsed.inputs.map((i) => ({ name: i.name, label: i.label, type: i.type, default: i.default }));
  } else if (current) {
    out.width = current.width;
    out.height = current.height;
  }
  if (xml !== undefined) {
    for (const [field, given] of [['width', width], ['height', height]] as const) {
      const actual = out[field]!;
      if (given !== undefined && Math.abs(given - actual) > 0.001)
        throw AppError.validation(
          field,
          `${given} mm does not agree with the template's <label ${field}="${actual}">; change the XML to change the size`,
        );
    }
  }
  for (const key of Object.keys(out) as (keyof CheckedLabelTemplate)[]) if (out[key] === undefined) delete out[key];
  return out;
}

function oneOf<T>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

/**
 * The changes of a PATCH over the stored (or default) values: every field checked against the bounds of libs/labels
 * layout.ts; all wrong fields in one 1000 (`errors`, each naming its field). Unknown fields are refused.
 */
export function normalizePrintSettingsInput(raw: PrintSettingsInput, base: PrintSettingsValues): PrintSettingsValues {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw AppError.validation('body', 'must be an object');
  const input = raw as Record<string, unknown>;
  const errors: { field: string; message: string }[] = [];
  const out: PrintSettingsValues = { ...base };
  const known = new Set<string>(Object.keys(PRINT_SETTINGS_DEFAULTS));
  for (const field of Object.keys(input)) if (!known.has(field)) errors.push({ field, message: 'is not a print setting' });
  const choice = <K extends 'paper' | 'output' | 'zpl_dpi' | 'copies_mode'>(field: K, list: readonly PrintSettingsValues[K][]) => {
    const value = input[field];
    if (value === undefined) return;
    if (oneOf(list, value)) out[field] = value;
    else errors.push({ field, message: `must be one of ${list.join(', ')}, got ${String(value)}` });
  };
  choice('paper', PRINT_PAPERS);
  choice('output', PRINT_OUTPUTS);
  choice('zpl_dpi', ZPL_DPIS);
  choice('copies_mode', COPIES_MODES);
  for (const [field, limit] of Object.entries(PRINT_SETTINGS_LIMITS) as [
    PrintSettingsNumberField,
    (typeof PRINT_SETTINGS_LIMITS)[PrintSettingsNumberField],
  ][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null && (field === 'columns' || field === 'rows')) {
      out[field] = null;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < limit.min || value > limit.max || (limit.integer && !Number.isInteger(value))) {
      errors.push({
        field,
        message: `must be ${limit.integer ? 'a whole number' : 'a number'} from ${limit.min} to ${limit.max}, got ${value === null ? 'null' : String(value)}`,
      });
      continue;
    }
    (out as unknown as Record<string, number>)[field] = value;
  }
  if (errors.length > 0)
    throw new AppError(ErrorCode.Validation, errors.map((e) => `${e.field}: ${e.message}`).join('; '), {
      field: errors[0]!.field,
      errors,
    });
  return out;
}

/** The settings as libs/labels' sheet settings (null columns/rows: as many as fit). */
export function sheetSettingsOf(values: PrintSettingsValues): SheetSettings {
  return {
    paper: values.paper,
    ...(values.columns !== null ? { columns: values.columns } : {}),
    ...(values.rows !== null ? { rows: values.rows } : {}),
    margin_top: values.margin_top,
    margin_left: values.margin_left,
    gap_x: values.gap_x,
    gap_y: values.gap_y,
    offset_x: values.offset_x,
    offset_y: values.offset_y,
    start_position: values.start_position,
    copies: values.copies,
    dpi: values.dpi,
  };
}

/**
 * Whether labels of the template's size fit the settings' sheet (libs/labels resolveLayout: 1000 naming columns, rows,
 * margins or start_position when they do not).
 */
export function checkSheetFits(values: PrintSettingsValues, width: number, height: number): void {
  resolveLayout(sheetSettingsOf(values), width, height);
}
