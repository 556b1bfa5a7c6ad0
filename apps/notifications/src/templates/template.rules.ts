import { AppError } from '@kanban/access';
import {
  TEMPLATE_FILE_ENCODINGS,
  TEMPLATE_LIMITS,
  TEMPLATE_LINE_BREAKS,
  type EmailTemplateDto,
  type EmailTemplateInput,
  type FileTemplateDto,
  type FileTemplateInput,
  type TemplateFileEncoding,
  type TemplateLineBreak,
} from '@kanban/contracts';
import { FILE_ENCODINGS, LINE_BREAKS, MAX_TEMPLATE_CHARS, type FileEncoding, type LineBreak } from '@kanban/notify-templates';
import type { EmailTemplate, FileTemplate } from './template.entity';

// the contract's lists are the renderer's (a compile error when one of them changes alone)
const SAME_ENCODINGS: readonly FileEncoding[] = TEMPLATE_FILE_ENCODINGS;
const SAME_BREAKS: readonly LineBreak[] = TEMPLATE_LINE_BREAKS;
const SAME_ENCODINGS_BACK: readonly TemplateFileEncoding[] = FILE_ENCODINGS;
const SAME_BREAKS_BACK: readonly TemplateLineBreak[] = LINE_BREAKS;
void [SAME_ENCODINGS, SAME_BREAKS, SAME_ENCODINGS_BACK, SAME_BREAKS_BACK];
if (TEMPLATE_LIMITS.header !== MAX_TEMPLATE_CHARS || TEMPLATE_LIMITS.body !== MAX_TEMPLATE_CHARS) throw new Error('TEMPLATE_LIMITS differ from MAX_TEMPLATE_CHARS');

const bad = AppError.validation;

function text(input: Record<string, unknown>, field: keyof typeof TEMPLATE_LIMITS, options: { required?: boolean; trim?: boolean }): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) {
    if (options.required) throw bad(field, 'is required');
    if (value === null) throw bad(field, 'must be a text');
    return undefined;
  }
  if (typeof value !== 'string') throw bad(field, 'must be a text');
  const result = options.trim ? value.trim() : value;
  if (options.required && result.trim() === '') throw bad(field, 'must not be empty');
  if (result.length > TEMPLATE_LIMITS[field]) throw bad(field, `must be at most ${TEMPLATE_LIMITS[field]} characters`);
  return result;
}

function oneOf<T extends string>(input: Record<string, unknown>, field: string, values: readonly T[]): T | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) throw bad(field, `must be one of ${values.join(', ')}`);
  return value as T;
}

function record(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw bad('body', 'must be an object');
  return raw as Record<string, unknown>;
}

/**
 * An e-mail template's input: name (trimmed, 1-200) and header (the subject) required on create, body optional;
 * the template texts are kept exactly as sent (spaces and line breaks are part of the template).
 */
export function normalizeEmailInput(raw: EmailTemplateInput, mode: 'create' | 'update'): EmailTemplateInput {
  const input = record(raw);
  const create = mode === 'create';
  return {
    name: text(input, 'name', { required: create, trim: true }),
    header: text(input, 'header', { required: create }),
    body: text(input, 'body', {}),
  };
}

/** A file template's input: name required on create; header, body, encoding (UTF-8) and line break (CRLF) optional. */
export function normalizeFileInput(raw: FileTemplateInput, mode: 'create' | 'update'): FileTemplateInput {
  const input = record(raw);
  const create = mode === 'create';
  return {
    name: text(input, 'name', { required: create, trim: true }),
    header: text(input, 'header', {}),
    body: text(input, 'body', {}),
    encoding: oneOf(input, 'encoding', TEMPLATE_FILE_ENCODINGS),
    linebreak: oneOf(input, 'linebreak', TEMPLATE_LINE_BREAKS),
  };
}

/** Copies what the input names onto the record. */
export function applyInput<T extends EmailTemplate | FileTemplate>(target: T, input: EmailTemplateInput | FileTemplateInput): void {
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) (target as unknown as Record<string, unknown>)[key] = value;
  }
}

export function toEmailTemplateDto(t: EmailTemplate): EmailTemplateDto {
  return { id: t.id, name: t.name, header: t.header, body: t.body, created_at: t.createdAt.toISOString(), updated_at: t.updatedAt.toISOString() };
}

export function toFileTemplateDto(t: FileTemplate): FileTemplateDto {
  return {
    id: t.id,
    name: t.name,
    header: t.header,
    body: t.body,
    encoding: t.encoding,
    linebreak: t.linebreak,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** The preview file's name: the template's name without characters file systems refuse, then the order (or sample). */
export function previewFileName(templateName: string, orderId: number | null): string {
  const base = templateName.replace(/[\\/:*?"<>|\u0000-\u001f;]+/g, '_').replace(/\s+/g, '_').replace(/^[._]+|[._]+$/g, '').slice(0, 80) || 'file';
  return `${base}_${orderId === null ? 'sample' : orderId}.txt`;
}
