import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  TEMPLATE_SORTS,
  type CompanyCaller,
  type EmailTemplateDto,
  type EmailTemplateExecuteResult,
  type EmailTemplateInput,
  type FileTemplateDto,
  type FileTemplateExecuteResult,
  type FileTemplateInput,
  type Page,
  type TemplateExecuteQuery,
  type TemplateListQuery,
} from '@kanban/contracts';
import { assertEmailTemplate, assertFileTemplate, renderEmailTemplate, renderFileText, encodeText } from '@kanban/notify-templates';
import { pageOf, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { duplicate, duplicateAs1059 } from '../shared/duplicates';
import { OrderSource } from './order-source';
import { EmailTemplate, FileTemplate } from './template.entity';
import { type TemplateKind, TemplatesRepository } from './templates.repository';
import { applyInput, normalizeEmailInput, normalizeFileInput, previewFileName, toEmailTemplateDto, toFileTemplateDto } from './template.rules';

const SORT_PROPERTY: Record<(typeof TEMPLATE_SORTS)[number], string> = { name: 'name', updated_at: 'updatedAt', created_at: 'createdAt' };
type Kind = TemplateKind;

function sortOf(query: TemplateListQuery): string {
  return query.sort !== undefined && Object.hasOwn(SORT_PROPERTY, query.sort) ? SORT_PROPERTY[query.sort as keyof typeof SORT_PROPERTY] : 'name';
}

function executeOptions(query: TemplateExecuteQuery | undefined): { orderId: number | undefined; locale: 'de' | 'en' } {
  const raw = query?.order;
  let orderId: number | undefined;
  if (raw !== undefined && raw !== null) {
    const n = typeof raw === 'string' ? Number(raw) : raw;
    if (!Number.isInteger(n) || n < 1) throw AppError.validation('order', 'must be an order id');
    orderId = n;
  }
  const locale = query?.locale;
  if (locale !== undefined && locale !== 'de' && locale !== 'en') throw AppError.validation('locale', 'must be de or en');
  return { orderId, locale: locale ?? 'de' };
}

/**
 * The company's e-mail and file templates (issue 18 item 2; docs/notifications.md "Templates"): list (q over the
 * name, sort, pages), read, create, change, delete; names unique in the company (1059 at `name`); a template that
 * would not render is refused on save with 1000 naming `header` or `body` with line and column
 * (libs/notify-templates' assertEmailTemplate / assertFileTemplate). `execute` renders on the company's latest order
 * (or `?order=`), fetched over the bus; the sample order when the company has none.
 */
@Injectable()
export class TemplatesService {
  constructor(
    @Inject(unitOfWorkToken('notifications')) private readonly uow: UnitOfWork,
    private readonly orders: OrderSource,
    private readonly repository: TemplatesRepository,
  ) {}

  // ---- e-mail templates

  listEmail(caller: CompanyCaller, query: TemplateListQuery): Promise<Page<EmailTemplateDto>> {
    return this.list(caller, EmailTemplate, query, toEmailTemplateDto);
  }

  getEmail(caller: CompanyCaller, id: number): Promise<EmailTemplateDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => toEmailTemplateDto(await this.orFail(em, EmailTemplate, id)));
  }

  createEmail(caller: CompanyCaller, raw: EmailTemplateInput): Promise<EmailTemplateDto> {
    const input = normalizeEmailInput(raw, 'create');
    return this.save(caller, EmailTemplate, undefined, input, (t) => assertEmailTemplate(t), toEmailTemplateDto);
  }

  updateEmail(caller: CompanyCaller, id: number, raw: EmailTemplateInput): Promise<EmailTemplateDto> {
    const input = normalizeEmailInput(raw, 'update');
    return this.save(caller, EmailTemplate, id, input, (t) => assertEmailTemplate(t), toEmailTemplateDto);
  }

  removeEmail(caller: CompanyCaller, id: number): Promise<void> {
    return this.remove(caller, EmailTemplate, id);
  }

  async executeEmail(caller: CompanyCaller, id: number, query: TemplateExecuteQuery): Promise<EmailTemplateExecuteResult> {
    const options = executeOptions(query);
    const template = await this.getEmail(caller, id);
    const preview = await this.orders.document(caller, options.orderId);
    const mail = renderEmailTemplate(template, preview.document, { locale: options.locale });
    return { subject: mail.subject, body: mail.body, format: mail.format, order_id: preview.orderId, sample: preview.sample };
  }

  // ---- file templates

  listFile(caller: CompanyCaller, query: TemplateListQuery): Promise<Page<FileTemplateDto>> {
    return this.list(caller, FileTemplate, query, toFileTemplateDto);
  }

  getFile(caller: CompanyCaller, id: number): Promise<FileTemplateDto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => toFileTemplateDto(await this.orFail(em, FileTemplate, id)));
  }

  createFile(caller: CompanyCaller, raw: FileTemplateInput): Promise<FileTemplateDto> {
    const input = normalizeFileInput(raw, 'create');
    return this.save(caller, FileTemplate, undefined, input, checkFile, toFileTemplateDto);
  }

  updateFile(caller: CompanyCaller, id: number, raw: FileTemplateInput): Promise<FileTemplateDto> {
    const input = normalizeFileInput(raw, 'update');
    return this.save(caller, FileTemplate, id, input, checkFile, toFileTemplateDto);
  }

  removeFile(caller: CompanyCaller, id: number): Promise<void> {
    return this.remove(caller, FileTemplate, id);
  }

  /** The file as text and as bytes in its encoding; a character the encoding lacks is 1000 at `encoding` (with line and column). */
  async executeFile(caller: CompanyCaller, id: number, query: TemplateExecuteQuery): Promise<FileTemplateExecuteResult> {
    const options = executeOptions(query);
    const template = await this.getFile(caller, id);
    const preview = await this.orders.document(caller, options.orderId);
    const text = renderFileText(template, preview.document, { locale: options.locale });
    const bytes = encodeText(text, template.encoding, { field: 'encoding' });
    return {
      file_name: previewFileName(template.name, preview.orderId),
      text,
      content_base64: bytes.toString('base64'),
      encoding: template.encoding,
      linebreak: template.linebreak,
      size: bytes.length,
      order_id: preview.orderId,
      sample: preview.sample,
    };
  }

  // ---- shared

  private list<E extends EmailTemplate | FileTemplate, D>(caller: CompanyCaller, kind: Kind, query: TemplateListQuery, toDto: (e: E) => D): Promise<Page<D>> {
    const { page, perPage } = pageOf(query);
    const sort = sortOf(query);
    const q = typeof query.q === 'string' ? query.q.trim() : '';
    if (q.length > 100) throw AppError.validation('q', 'must be at most 100 characters');
    const direction = query.order === 'desc' ? 'desc' : 'asc';
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const [rows, total] = await this.repository.list(em, kind, caller.companyId, { q, sort, direction }, page, perPage);
      return { items: (rows as unknown as E[]).map(toDto), total, page, per_page: perPage };
    });
  }

  private save<E extends EmailTemplate | FileTemplate, D>(
    caller: CompanyCaller,
    kind: Kind,
    id: number | undefined,
    input: EmailTemplateInput | FileTemplateInput,
    check: (template: E) => void,
    toDto: (e: E) => D,
  ): Promise<D> {
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const existing = id === undefined ? null : ((await this.orFail(em, kind, id)) as E);
        if (input.name !== undefined && input.name !== existing?.name) {
          if (await this.repository.nameTaken(em, kind, input.name, id)) throw duplicate();
        }
        // em.create persists at once: made only after the reads above, with every field set
        const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        const template = existing ?? (em.create(kind, { companyId: caller.companyId, ...defined } as never) as E);
        applyInput(template, input);
        check(template);
        if (existing) template.updatedAt = new Date();
        await em.flush();
        return toDto(template);
      }),
    );
  }

  private async orFail<K extends Kind>(em: EntityManager, kind: K, id: number): Promise<InstanceType<K>> {
    const found = await this.repository.record(em, kind, id);
    if (!found) throw new AppError(ProtocolCode.NotFound, kind === EmailTemplate ? 'e-mail template not found' : 'file template not found');
    return found;
  }

  private async remove(caller: CompanyCaller, kind: Kind, id: number): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      em.remove(await this.orFail(em, kind, id));
    });
  }
}

/** A file template with neither header nor body writes nothing: refused at `body`; else checked as libs/notify-templates says. */
function checkFile(template: FileTemplate): void {
  if (template.header.trim() === '' && template.body.trim() === '') throw AppError.validation('body', 'a file template needs a header or a body');
  assertFileTemplate(template);
}

