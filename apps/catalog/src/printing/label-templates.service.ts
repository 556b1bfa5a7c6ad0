import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import type { CompanyCaller, LabelTemplateDto, LabelTemplateInput, LabelTemplateListQuery, Page } from '@kanban/contracts';
import { builtinTemplates, parsedBuiltin } from '@kanban/labels';
import { pageOf, unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { LabelTemplate } from './label-template.entity';
import { toLabelTemplateDto } from './printing.mapper';
import { PrintingRepository } from './printing.repository';
import { labelTemplateSortProperty, labelTemplateTypeFilter, normalizeLabelTemplateInput } from './printing.rules';

function duplicateName(): AppError {
  return new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field: 'name' });
}

function readOnly(): AppError {
  return AppError.validation('builtin', 'built-in templates cannot be changed or deleted; duplicate the template to edit it');
}

/**
 * The label templates of a company (docs/label-printing.md): the built-ins of libs/labels (created on the company's
 * first access, read-only) and its own (name unique in the company, 1059; the XML checked by libs/labels, 1000 with
 * line and column). Deleting a template deletes the customers' print settings for it.
 */
@Injectable()
export class LabelTemplatesService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly repo: PrintingRepository,
  ) {}

  /** Creates the company's missing built-ins (idempotent; one count when they are all there). */
  async ensureBuiltins(companyId: number): Promise<void> {
    const builtins = builtinTemplates();
    const have = await this.uow.forCompany(companyId).read((em) => this.repo.builtinCount(em));
    if (have >= builtins.length) return;
    const rows = builtins.map((b) => ({
      ...b,
      formInputs: parsedBuiltin(b.key).inputs.map((i) => ({ name: i.name, label: i.label, type: i.type, default: i.default })),
    }));
    await this.uow.forCompany(companyId).write((em) => this.repo.insertBuiltins(em, companyId, rows));
  }

  async list(caller: CompanyCaller, query: LabelTemplateListQuery): Promise<Page<LabelTemplateDto>> {
    const type = labelTemplateTypeFilter(query.type);
    const { page, perPage } = pageOf(query);
    await this.ensureBuiltins(caller.companyId);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const filter = {
        type,
        q: typeof query.q === 'string' ? query.q : undefined,
        builtinKeys: typeof query.builtin_keys === 'string' ? query.builtin_keys.split(',').filter(Boolean).slice(0, 50) : [],
        sort: labelTemplateSortProperty(query.sort),
        language: query.lang === 'de' ? ('de' as const) : ('en' as const),
        direction: query.order === 'desc' ? ('desc' as const) : ('asc' as const),
      };
      const [rows, total] = await this.repo.list(em, filter, page, perPage);
      return { items: rows.map(toLabelTemplateDto), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, id: number): Promise<LabelTemplateDto> {
    await this.ensureBuiltins(caller.companyId);
    return this.uow.forCompany(caller.companyId).read(async (em) => toLabelTemplateDto(await this.orFail(em, id)));
  }

  async create(caller: CompanyCaller, raw: LabelTemplateInput): Promise<LabelTemplateDto> {
    const input = normalizeLabelTemplateInput(raw, 'create');
    await this.ensureBuiltins(caller.companyId);
    return asDuplicate(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        if (await this.repo.nameTaken(em, input.name!, undefined)) throw duplicateName();
        const record = Object.assign(new LabelTemplate(), {
          companyId: caller.companyId,
          name: input.name!,
          description: input.description ?? '',
          type: input.type!,
          width: input.width!,
          height: input.height!,
          template: input.template!,
          formInputs: input.formInputs ?? [],
        });
        em.persist(record);
        await em.flush();
        return toLabelTemplateDto(record);
      }),
    );
  }

  async update(caller: CompanyCaller, id: number, raw: LabelTemplateInput): Promise<LabelTemplateDto> {
    await this.ensureBuiltins(caller.companyId);
    return asDuplicate(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const record = await this.orFail(em, id);
        if (record.builtinKey !== null) throw readOnly();
        const input = normalizeLabelTemplateInput(raw, 'update', {
          template: record.template,
          width: Number(record.width),
          height: Number(record.height),
        });
        if (input.name !== undefined && input.name !== record.name && (await this.repo.nameTaken(em, input.name, record.id)))
          throw duplicateName();
        if (input.name !== undefined) record.name = input.name;
        if (input.description !== undefined) record.description = input.description;
        if (input.type !== undefined) record.type = input.type;
        if (input.template !== undefined) {
          record.template = input.template;
          record.width = input.width!;
          record.height = input.height!;
          record.formInputs = input.formInputs ?? [];
        }
        record.updatedAt = new Date();
        await em.flush();
        return toLabelTemplateDto(record);
      }),
    );
  }

  async remove(caller: CompanyCaller, id: number): Promise<void> {
    await this.ensureBuiltins(caller.companyId);
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const record = await this.orFail(em, id);
      if (record.builtinKey !== null) throw readOnly();
      await this.repo.removeSettingsOfTemplate(em, record.id);
      em.remove(record);
    });
  }

  /** The template, or 404. */
  async orFail(em: EntityManager, id: number): Promise<LabelTemplate> {
    const record = Number.isInteger(id) && id > 0 ? await this.repo.template(em, id) : null;
    if (!record) throw new AppError(ProtocolCode.NotFound, 'label template not found');
    return record;
  }
}

async function asDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicateName();
    throw error;
  }
}
