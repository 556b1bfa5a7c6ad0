import type { Page } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';
import type {
  LabelPlaceholderGroup,
  LabelPreviewRequest,
  LabelPreviewResult,
  LabelTemplateDto,
  LabelTemplateInput,
  LabelTemplateSort,
  LabelTemplateType,
  PrintSettingsDto,
  PrintSettingsInput,
  PrintTemplateChoiceDto,
} from './printingTypes';

export interface LabelTemplateListArgs {
  companyID: number;
  type?: LabelTemplateType;
  q?: string;
  /** built-ins whose translated texts contain q (builtinKeysMatching): they match too */
  builtin_keys?: string;
  /** the interface language when not English: sorting by name then orders the built-ins by their names shown */
  lang?: 'de';
  sort?: LabelTemplateSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export interface CustomerRef {
  companyID: number;
  customerID: number;
}

const LIST = { type: 'LabelTemplate' as const, id: 'LIST' };
const settingsTag = (templateID: number) => ({ type: 'PrintSettings' as const, id: templateID });

/**
 * Label templates (company, catalog service) and a customer's print settings per template; the print templates of a
 * type with the customer's settings summary and the editor's preview and placeholders (gateway). docs/label-printing.md.
 */
export const printingApi = api.enhanceEndpoints({ addTagTypes: ['LabelTemplate', 'PrintSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    labelTemplates: build.query<Page<LabelTemplateDto>, LabelTemplateListArgs>({
      query: ({ companyID, ...params }) => ({ url: apiPath({ companyID }, 'labeltemplates'), params }),
      providesTags: [LIST],
    }),
    labelTemplate: build.query<LabelTemplateDto, { companyID: number; id: number }>({
      query: ({ companyID, id }) => apiPath({ companyID }, `labeltemplates/${id}`),
      providesTags: (_r, _e, { id }) => [{ type: 'LabelTemplate', id }],
    }),
    createLabelTemplate: build.mutation<LabelTemplateDto, { companyID: number; body: LabelTemplateInput }>({
      query: ({ companyID, body }) => ({ url: apiPath({ companyID }, 'labeltemplates'), method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateLabelTemplate: build.mutation<LabelTemplateDto, { companyID: number; id: number; body: Partial<LabelTemplateInput> }>({
      query: ({ companyID, id, body }) => ({ url: apiPath({ companyID }, `labeltemplates/${id}`), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'LabelTemplate', id }, { type: 'PrintSettings', id: 'LIST' }],
    }),
    deleteLabelTemplate: build.mutation<null, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: apiPath({ companyID }, `labeltemplates/${id}`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'LabelTemplate', id }, { type: 'PrintSettings', id: 'LIST' }],
    }),
    /** renders the (unsaved) XML on sample or chosen data: an SVG of the first label; changes nothing */
    previewLabelTemplate: build.mutation<LabelPreviewResult, { companyID: number; body: LabelPreviewRequest }>({
      query: ({ companyID, body }) => ({ url: apiPath({ companyID }, 'labeltemplates/preview'), method: 'POST', body }),
    }),
    labelPlaceholders: build.query<LabelPlaceholderGroup[], { companyID: number }>({
      query: ({ companyID }) => apiPath({ companyID }, 'labeltemplates/placeholders'),
    }),
    /** the templates of a type (built-ins and own) with the customer's settings summary */
    printTemplates: build.query<PrintTemplateChoiceDto[], CustomerRef & { type?: LabelTemplateType }>({
      query: ({ companyID, customerID, type }) => ({ url: apiPath({ companyID, customerID }, 'print/templates'), params: type ? { type } : undefined }),
      providesTags: [LIST, { type: 'PrintSettings', id: 'LIST' }],
    }),
    printSettings: build.query<PrintSettingsDto, CustomerRef & { templateID: number }>({
      query: ({ companyID, customerID, templateID }) => apiPath({ companyID, customerID }, `printsettings/${templateID}`),
      providesTags: (_r, _e, { templateID }) => [settingsTag(templateID)],
    }),
    /** stores the defaults as the customer's settings (or resets them to the defaults) */
    printSettingsDefaults: build.mutation<PrintSettingsDto, CustomerRef & { templateID: number }>({
      query: ({ companyID, customerID, templateID }) => ({ url: apiPath({ companyID, customerID }, `printsettings/${templateID}/defaults`), method: 'POST' }),
      invalidatesTags: (_r, _e, { templateID }) => [settingsTag(templateID), { type: 'PrintSettings', id: 'LIST' }],
    }),
    updatePrintSettings: build.mutation<PrintSettingsDto, CustomerRef & { templateID: number; id: number; body: PrintSettingsInput }>({
      query: ({ companyID, customerID, templateID, id, body }) => ({ url: apiPath({ companyID, customerID }, `printsettings/${templateID}/${id}`), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { templateID }) => [settingsTag(templateID), { type: 'PrintSettings', id: 'LIST' }],
    }),
    deletePrintSettings: build.mutation<null, CustomerRef & { templateID: number }>({
      query: ({ companyID, customerID, templateID }) => ({ url: apiPath({ companyID, customerID }, `printsettings/${templateID}`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { templateID }) => [settingsTag(templateID), { type: 'PrintSettings', id: 'LIST' }],
    }),
  }),
});

export const {
  useLabelTemplatesQuery,
  useLabelTemplateQuery,
  useCreateLabelTemplateMutation,
  useUpdateLabelTemplateMutation,
  useDeleteLabelTemplateMutation,
  usePreviewLabelTemplateMutation,
  useLabelPlaceholdersQuery,
  usePrintTemplatesQuery,
  usePrintSettingsQuery,
  usePrintSettingsDefaultsMutation,
  useUpdatePrintSettingsMutation,
  useDeletePrintSettingsMutation,
} = printingApi;
