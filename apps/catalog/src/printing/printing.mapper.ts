import { PRINT_SETTINGS_DEFAULTS, type LabelTemplateDto, type PrintSettingsDto, type PrintSettingsValues } from '@kanban/contracts';
import type { LabelTemplate } from './label-template.entity';
import type { PrintSettings } from './print-settings.entity';

export function toLabelTemplateDto(t: LabelTemplate): LabelTemplateDto {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    type: t.type,
    width: Number(t.width),
    height: Number(t.height),
    template: t.template,
    builtin: t.builtinKey !== null,
    builtin_key: t.builtinKey,
    form_inputs: t.formInputs,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export function settingsValuesOf(s: PrintSettings): PrintSettingsValues {
  return {
    paper: s.paper,
    columns: s.columns,
    rows: s.rows,
    margin_top: Number(s.marginTop),
    margin_left: Number(s.marginLeft),
    gap_x: Number(s.gapX),
    gap_y: Number(s.gapY),
    offset_x: Number(s.offsetX),
    offset_y: Number(s.offsetY),
    start_position: s.startPosition,
    output: s.output,
    zpl_dpi: s.zplDpi,
    copies_mode: s.copiesMode,
    copies: s.copies,
    dpi: s.dpi,
  };
}

export function applySettingsValues(s: PrintSettings, v: PrintSettingsValues): void {
  s.paper = v.paper;
  s.columns = v.columns;
  s.rows = v.rows;
  s.marginTop = v.margin_top;
  s.marginLeft = v.margin_left;
  s.gapX = v.gap_x;
  s.gapY = v.gap_y;
  s.offsetX = v.offset_x;
  s.offsetY = v.offset_y;
  s.startPosition = v.start_position;
  s.output = v.output;
  s.zplDpi = v.zpl_dpi;
  s.copiesMode = v.copies_mode;
  s.copies = v.copies;
  s.dpi = v.dpi;
}

export function toPrintSettingsDto(s: PrintSettings): PrintSettingsDto {
  return {
    id: s.id,
    customer_id: s.customerId,
    template_id: s.templateId,
    is_default: false,
    ...settingsValuesOf(s),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** What a customer without stored settings prints with. */
export function defaultPrintSettingsDto(customerId: number, templateId: number): PrintSettingsDto {
  return { id: null, customer_id: customerId, template_id: templateId, is_default: true, ...PRINT_SETTINGS_DEFAULTS, updated_at: null };
}
