// The printing contracts the pages use (libs/contracts/src/printing.ts), in one place for the feature.
import type { LabelFormInputDto, LabelTemplateDto, LabelTemplateKind } from '@kanban/contracts';

export { LABEL_TEMPLATE_KINDS as LABEL_TEMPLATE_TYPES, PRINT_PAPERS as PAPERS, PRINT_OUTPUTS as OUTPUTS, COPIES_MODES, ZPL_DPIS, PRINT_SETTINGS_LIMITS, PRINT_SETTINGS_DEFAULTS } from '@kanban/contracts';
export type { LabelTemplateDto, LabelTemplateInput, LabelTemplateSort, PrintSettingsDto, PrintSettingsInput, PrintSettingsNumberField } from '@kanban/contracts';
export type LabelTemplateType = LabelTemplateKind;
/** a question of the template at print time; `options` when the server offers a choice */
export type LabelFormInput = LabelFormInputDto & { options?: string[] };

export type {
  PrintPreviewRequest as LabelPreviewRequest,
  PrintPreviewProblem as LabelProblem,
  PrintPreviewResult as LabelPreviewResult,
  PlaceholderGroup as LabelPlaceholderGroup,
  PrintTemplateChoiceDto,
  PrintRequest,
} from '@kanban/contracts';

/** What the print pages need of a template to print with. */
export type PrintableTemplate = Pick<LabelTemplateDto, 'id' | 'name' | 'builtin' | 'builtin_key' | 'form_inputs'>;
