import { Inject, Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  PRINT_SETTINGS_DEFAULTS,
  type CompanyCaller,
  type PrintSettingsDto,
  type PrintSettingsInput,
  type PrintSettingsResolved,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { LabelTemplatesService } from './label-templates.service';
import type { LabelTemplate } from './label-template.entity';
import { PrintSettings } from './print-settings.entity';
import { applySettingsValues, defaultPrintSettingsDto, settingsValuesOf, toLabelTemplateDto, toPrintSettingsDto } from './printing.mapper';
import { PrintingRepository } from './printing.repository';
import { checkSheetFits, normalizePrintSettingsInput } from './printing.rules';

/**
 * A customer's print settings per label template (docs/label-printing.md "Print settings"): stored, or the defaults
 * when none are. The customer must be visible to the caller (access restrictions; else 404 as elsewhere).
 */
@Injectable()
export class PrintSettingsService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly repo: PrintingRepository,
    private readonly templates: LabelTemplatesService,
  ) {}

  async get(caller: CompanyCaller, customerId: number, templateId: number): Promise<PrintSettingsDto> {
    return (await this.resolve(caller, customerId, templateId)).settings;
  }

  /** The template and the customer's settings for it (the gateway's printing). */
  async resolve(caller: CompanyCaller, customerId: number, templateId: number): Promise<PrintSettingsResolved> {
    await this.templates.ensureBuiltins(caller.companyId);
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const template = await this.scope(em, caller, customerId, templateId);
      const stored = await this.repo.settings(em, customerId, templateId);
      return {
        template: toLabelTemplateDto(template),
        settings: stored ? toPrintSettingsDto(stored) : defaultPrintSettingsDto(customerId, templateId),
      };
    });
  }

  /** Stores the defaults for the customer and template (a new row, or the stored one reset). */
  async defaults(caller: CompanyCaller, customerId: number, templateId: number): Promise<PrintSettingsDto> {
    await this.templates.ensureBuiltins(caller.companyId);
    const work = () =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        await this.scope(em, caller, customerId, templateId);
        let row = await this.repo.settings(em, customerId, templateId);
        if (!row) {
          row = Object.assign(new PrintSettings(), { companyId: caller.companyId, customerId, templateId });
          em.persist(row);
        }
        applySettingsValues(row, { ...PRINT_SETTINGS_DEFAULTS });
        row.updatedAt = new Date();
        await em.flush();
        return toPrintSettingsDto(row);
      });
    try {
      return await work();
    } catch (error) {
      // another call created the row at the same time: reset that one
      if (error instanceof UniqueConstraintViolationException) return work();
      throw error;
    }
  }

  /** Changes the stored row `id` (of this customer and template); each field checked, then whether the labels fit the sheet. */
  async update(
    caller: CompanyCaller,
    customerId: number,
    templateId: number,
    id: number,
    input: PrintSettingsInput,
  ): Promise<PrintSettingsDto> {
    await this.templates.ensureBuiltins(caller.companyId);
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const template = await this.scope(em, caller, customerId, templateId);
      const row = await this.repo.settings(em, customerId, templateId);
      if (!row || row.id !== id) throw new AppError(ProtocolCode.NotFound, 'print settings not found');
      const values = normalizePrintSettingsInput(input, settingsValuesOf(row));
      checkSheetFits(values, Number(template.width), Number(template.height));
      applySettingsValues(row, values);
      row.updatedAt = new Date();
      await em.flush();
      return toPrintSettingsDto(row);
    });
  }

  /** Removes the stored settings; answers the defaults the customer prints with from now on. */
  async remove(caller: CompanyCaller, customerId: number, templateId: number): Promise<PrintSettingsDto> {
    await this.templates.ensureBuiltins(caller.companyId);
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.scope(em, caller, customerId, templateId);
      const row = await this.repo.settings(em, customerId, templateId);
      if (row) em.remove(row);
      return defaultPrintSettingsDto(customerId, templateId);
    });
  }

  /** The customer (visible to the caller) and the template, or 404. */
  private async scope(em: EntityManager, caller: CompanyCaller, customerId: number, templateId: number): Promise<LabelTemplate> {
    if (!Number.isInteger(customerId) || customerId <= 0 || !(await this.repo.customerVisible(em, caller, customerId)))
      throw new AppError(ProtocolCode.NotFound, 'customer not found');
    return this.templates.orFail(em, templateId);
  }
}
