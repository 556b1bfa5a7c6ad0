import type {
  EmailTemplateDto,
  EmailTemplateExecuteResult,
  EmailTemplateInput,
  FileTemplateDto,
  FileTemplateExecuteResult,
  FileTemplateInput,
  Page,
  TemplateSort,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { EmailTemplateDto, EmailTemplateExecuteResult, FileTemplateDto, FileTemplateExecuteResult, TemplateSort };

/** e-mail or file templates */
export type TemplateKind = 'email' | 'file';
export type TemplateDto = EmailTemplateDto | FileTemplateDto;

export interface TemplateListArgs {
  companyID: number;
  kind: TemplateKind;
  q?: string;
  sort?: TemplateSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

const PATH: Record<TemplateKind, string> = { email: 'emailtemplates', file: 'filetemplates' };
const TAG: Record<TemplateKind, { type: 'Template'; id: string }> = { email: { type: 'Template', id: 'email' }, file: { type: 'Template', id: 'file' } };

/** The company's e-mail and file templates (notifications service; docs/notifications.md "Templates"). */
export const templatesApi = api.enhanceEndpoints({ addTagTypes: ['Template'] }).injectEndpoints({
  endpoints: (build) => ({
    templates: build.query<Page<TemplateDto>, TemplateListArgs>({
      query: ({ companyID, kind, ...params }) => ({ url: apiPath({ companyID }, PATH[kind]), params }),
      providesTags: (_r, _e, { kind }) => [TAG[kind]],
    }),
    createTemplate: build.mutation<TemplateDto, { companyID: number; kind: TemplateKind; body: EmailTemplateInput | FileTemplateInput }>({
      query: ({ companyID, kind, body }) => ({ url: `${apiPath({ companyID }, PATH[kind])}/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { kind }) => [TAG[kind]],
    }),
    updateTemplate: build.mutation<TemplateDto, { companyID: number; kind: TemplateKind; id: number; body: EmailTemplateInput | FileTemplateInput }>({
      query: ({ companyID, kind, id, body }) => ({ url: apiPath({ companyID }, `${PATH[kind]}/${id}`), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { kind }) => [TAG[kind]],
    }),
    deleteTemplate: build.mutation<null, { companyID: number; kind: TemplateKind; id: number }>({
      query: ({ companyID, kind, id }) => ({ url: apiPath({ companyID }, `${PATH[kind]}/${id}`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { kind }) => [TAG[kind]],
    }),
    /** renders the saved template on the latest order (or the sample order); changes nothing */
    executeTemplate: build.mutation<EmailTemplateExecuteResult | FileTemplateExecuteResult, { companyID: number; kind: TemplateKind; id: number; locale: 'de' | 'en' }>({
      query: ({ companyID, kind, id, locale }) => ({ url: apiPath({ companyID }, `${PATH[kind]}/${id}/execute`), method: 'GET', params: { locale } }),
    }),
  }),
});

export const { useTemplatesQuery, useCreateTemplateMutation, useUpdateTemplateMutation, useDeleteTemplateMutation, useExecuteTemplateMutation } = templatesApi;
