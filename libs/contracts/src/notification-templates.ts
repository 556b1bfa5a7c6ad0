import type { ListQuery } from './identity';

/**
 * The company's e-mail templates (spec 3 "Email template: name, header (subject), body"; issue 18 item 2;
 * docs/notifications.md "Templates"). Rendered by libs/notify-templates (docs/notification-templates.md).
 */
export const EmailTemplateSubjects = {
  list: 'notifications.email_template.list',
  get: 'notifications.email_template.get',
  create: 'notifications.email_template.create',
  update: 'notifications.email_template.update',
  delete: 'notifications.email_template.delete',
  /** renders the template on the company's latest order (or a chosen one; the sample order when it has none) */
  execute: 'notifications.email_template.execute',
} as const;

/** The company's file templates (spec 3 "File template: name, header, body (per order line), encoding, linebreak"). */
export const FileTemplateSubjects = {
  list: 'notifications.file_template.list',
  get: 'notifications.file_template.get',
  create: 'notifications.file_template.create',
  update: 'notifications.file_template.update',
  delete: 'notifications.file_template.delete',
  execute: 'notifications.file_template.execute',
} as const;

/** A file's encodings (the same list as libs/notify-templates' FILE_ENCODINGS). */
export const TEMPLATE_FILE_ENCODINGS = ['UTF-8', 'ISO-8859-1', 'Windows-1252'] as const;
export type TemplateFileEncoding = (typeof TEMPLATE_FILE_ENCODINGS)[number];
/** A file's line breaks (libs/notify-templates' LINE_BREAKS). */
export const TEMPLATE_LINE_BREAKS = ['CRLF', 'LF'] as const;
export type TemplateLineBreak = (typeof TEMPLATE_LINE_BREAKS)[number];

/** Text limits of the templates' fields (gateway DTO and service check the same; header and body: MAX_TEMPLATE_CHARS). */
export const TEMPLATE_LIMITS = {
  name: 200,
  header: 100_000,
  body: 100_000,
} as const;

export const TEMPLATE_SORTS = ['name', 'updated_at', 'created_at'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export interface EmailTemplateDto {
  id: number;
  name: string;
  /** the subject (a template) */
  header: string;
  body: string;
  created_at: string;
  updated_at: string;
}

/** What create and update take; on update an absent field keeps its value. */
export interface EmailTemplateInput {
  name?: string;
  header?: string;
  body?: string;
}

export interface FileTemplateDto {
  id: number;
  name: string;
  /** written once at the top */
  header: string;
  /** written once per order line */
  body: string;
  encoding: TemplateFileEncoding;
  linebreak: TemplateLineBreak;
  created_at: string;
  updated_at: string;
}

export interface FileTemplateInput {
  name?: string;
  header?: string;
  body?: string;
  encoding?: TemplateFileEncoding;
  linebreak?: TemplateLineBreak;
}

export type TemplateListQuery = ListQuery;

/** `?order=ID`: render on this order of the company instead of its latest. */
export interface TemplateExecuteQuery {
  order?: number;
  /** how the date and number helpers write (default de) */
  locale?: 'de' | 'en';
}

/** GET emailtemplates/{id}/execute: the template rendered on `order_id` (null and `sample` true: the sample order). */
export interface EmailTemplateExecuteResult {
  subject: string;
  body: string;
  format: 'text' | 'html';
  order_id: number | null;
  sample: boolean;
}

/** GET filetemplates/{id}/execute: the file as text (line breaks as chosen) and as bytes in its encoding. */
export interface FileTemplateExecuteResult {
  file_name: string;
  text: string;
  /** the file's bytes in `encoding`, base64 */
  content_base64: string;
  encoding: TemplateFileEncoding;
  linebreak: TemplateLineBreak;
  size: number;
  order_id: number | null;
  sample: boolean;
}
