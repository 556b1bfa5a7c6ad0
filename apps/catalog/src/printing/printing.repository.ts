import { Injectable } from '@nestjs/common';
import { type FilterQuery, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyCaller, LabelTemplateKind } from '@kanban/contracts';
import { type BuiltinTemplate, builtinTemplates } from '@kanban/labels';
import { Customer } from '../customers/customer.entity';
import { mayAccess } from '../restrictions/restriction-scope';
import { containsPattern } from '../shared/list-query';
import { LabelTemplate } from './label-template.entity';
import { PrintSettings } from './print-settings.entity';

/** The queries of label templates and print settings (the entity manager is bound to the company). */
@Injectable()
export class PrintingRepository {
  /** How many built-in rows the company has. */
  builtinCount(em: EntityManager): Promise<number> {
    return em.count(LabelTemplate, { builtinKey: { $ne: null } });
  }

  /**
   * Creates the company's missing built-ins: one statement, INSERT … ON CONFLICT DO NOTHING on (company_id, builtin_key),
   * so two first accesses at once create each built-in once.
   */
  async insertBuiltins(em: EntityManager, companyId: number, builtins: (BuiltinTemplate & { formInputs: unknown[] })[]): Promise<void> {
    if (builtins.length === 0) return;
    const now = new Date();
    const values: unknown[] = [];
    const rows = builtins.map((b) => {
      values.push(companyId, b.name, b.description, b.type, b.width, b.height, b.xml, JSON.stringify(b.formInputs), b.key, now, now);
      return '(?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)';
    });
    await em.execute(
      `insert into catalog.label_template (company_id, name, description, type, width, height, template, form_inputs, builtin_key, created_at, updated_at)
       values ${rows.join(', ')} on conflict do nothing`,
      values,
    );
  }

  /**
   * A page of templates: type filter, `q` over name and description (and the built-ins of `builtinKeys`, whose
   * translated texts matched it in the web app), sorted by `sort` then id; and their number. Sorted by name in German,
   * a built-in takes its German name (libs/labels `names.de`, what the web app shows) instead of the stored English one.
   */
  list(
    em: EntityManager,
    filter: { type?: LabelTemplateKind; q?: string; builtinKeys?: string[]; sort: string; direction: 'asc' | 'desc'; language?: 'en' | 'de' },
    page: number,
    perPage: number,
  ): Promise<[LabelTemplate[], number]> {
    const where: FilterQuery<LabelTemplate>[] = [];
    if (filter.type) where.push({ type: filter.type });
    if (filter.q) {
      const like = containsPattern(filter.q);
      const any: FilterQuery<LabelTemplate>[] = [{ name: { $ilike: like } }, { description: { $ilike: like } }];
      if (filter.builtinKeys && filter.builtinKeys.length > 0) any.push({ builtinKey: { $in: filter.builtinKeys } });
      where.push({ $or: any });
    }
    return em.findAndCount(LabelTemplate, where.length ? { $and: where } : {}, {
      orderBy: [{ [filter.sort === 'name' && filter.language === 'de' ? shownNameDe() : filter.sort]: filter.direction }, { id: 'asc' }] as never,
      limit: perPage,
      offset: (page - 1) * perPage,
    });
  }

  template(em: EntityManager, id: number): Promise<LabelTemplate | null> {
    return em.findOne(LabelTemplate, { id });
  }

  /** Whether another template (than `ownId`) has the name. */
  async nameTaken(em: EntityManager, name: string, ownId: number | undefined): Promise<boolean> {
    const where: FilterQuery<LabelTemplate> = ownId !== undefined ? { name, id: { $ne: ownId } } : { name };
    return (await em.findOne(LabelTemplate, where, { fields: ['id'] })) !== null;
  }

  /** Whether the customer exists in the company and the caller may see it (access restrictions). */
  async customerVisible(em: EntityManager, caller: CompanyCaller, customerId: number): Promise<boolean> {
    const customer = await em.findOne(Customer, { id: customerId }, { fields: ['id'] });
    return customer !== null && (await mayAccess(em, 'customer', caller, customerId));
  }

  settings(em: EntityManager, customerId: number, templateId: number): Promise<PrintSettings | null> {
    return em.findOne(PrintSettings, { customerId, templateId });
  }

  /** How many customers have stored settings for the template. */
  settingsOfTemplate(em: EntityManager, templateId: number): Promise<number> {
    return em.count(PrintSettings, { templateId });
  }

  /** Removes the settings stored for a template (the template is deleted). */
  async removeSettingsOfTemplate(em: EntityManager, templateId: number): Promise<void> {
    await em.nativeDelete(PrintSettings, { templateId });
  }
}

/** A SQL text literal (the built-ins' names are constants of libs/labels, quoted all the same). */
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** ORDER BY a template's name as the German interface shows it: a built-in's German name, else the stored name. */
function shownNameDe(): string {
  const cases = builtinTemplates()
    .map((b) => `when ${literal(b.key)} then ${literal(b.names.de)}`)
    .join(' ');
  // raw() answers a key MikroORM recognises in orderBy (alias: the entity's table alias of the query)
  return raw<LabelTemplate, string>((alias: string) => `coalesce(case ${alias}.builtin_key ${cases} end, ${alias}.name)`);
}
