// The printing contracts the pages use (libs/contracts/src/printing.ts), in one place for the feature.
import type { LabelFormInputDto, LabelTemplateDto, LabelTemplateKind, PrintSettingsDto } from '@kanban/contracts';

export { LABEL_TEMPLATE_KINDS as LABEL_TEMPLATE_TYPES, PRINT_PAPERS as PAPERS, PRINT_OUTPUTS as OUTPUTS, COPIES_MODES, ZPL_DPIS, PRINT_SETTINGS_LIMITS, PRINT_SETTINGS_DEFAULTS } from '@kanban/contracts';
export type { LabelTemplateDto, LabelTemplateInput, LabelTemplateSort, PrintSettingsDto, PrintSettingsInput, PrintSettingsNumberField } from '@kanban/contracts';
export type LabelTemplateType = LabelTemplateKind;
/** a question of the template at print time; `options` when the server offers a choice */
export type LabelFormInput = LabelFormInputDto & { options?: string[] };

export interface LabelPreviewRequest {
  template: string;
  type?: LabelTemplateType;
  source?: { rule_id?: number; item_id?: number; location_id?: number; customer_id?: number; order_id?: number };
  form?: Record<string, string>;
}

export interface LabelProblem {
  line: number;
  column: number;
  message: string;
}

export interface LabelPreviewResult {
  svg: string;
  width: number;
  height: number;
  pages: number;
  sample: boolean;
  problems: LabelProblem[];
}

export interface LabelPlaceholderGroup {
  group: string;
  fields: string[];
}

export interface PrintTemplateDto extends Pick<LabelTemplateDto, 'id' | 'name' | 'description' | 'type' | 'width' | 'height' | 'builtin' | 'form_inputs'> {
  settings: PrintSettingsDto;
}

export type PrintType = 'item' | 'location' | 'order' | 'deliverynote' | 'calibration';

export interface PrintRequest {
  template_id: number;
  rule_ids?: number[];
  item_ids?: number[];
  location_ids?: number[];
  supply_id?: number;
  form?: Record<string, string>;
  start_position?: number;
  copies?: number;
}
