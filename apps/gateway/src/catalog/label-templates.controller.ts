import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type CompanyCaller,
  type LabelTemplateDto,
  type LabelTemplateListQuery,
  type Page,
  PrintingSubjects,
  type PrintSettingsDto,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { LabelTemplateCreateDto, LabelTemplateListQueryDto, LabelTemplateUpdateDto, PrintSettingsUpdateDto } from './label-templates.dto';

/**
 * Label templates of the company (docs/label-printing.md): reading for every member (customer and supplier users
 * print labels), changing for the user group as units and storage types. The built-ins are read-only.
 * (GET labeltemplates/:id takes positive ids only: fixed paths under labeltemplates/, e.g. the printing's
 * placeholders, belong to controllers registered before this one.)
 */
@ApiTags('label printing')
@Controller('c/:companyID/labeltemplates')
export class LabelTemplatesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('member')
  @ApiOperation({ summary: 'Label templates (built-ins and own); type narrows to one kind; q filters name, description; sort, order, page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: LabelTemplateListQueryDto): Promise<Page<LabelTemplateDto>> {
    // @IsIn checked type (the DTO's field stays `string` for its decorator metadata)
    return this.bus.request(PrintingSubjects.listTemplates, { caller, query: query as LabelTemplateListQuery });
  }

  @Get(':id')
  @Access('member')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<LabelTemplateDto> {
    return this.bus.request(PrintingSubjects.getTemplate, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a label template (name unique: 1059; XML problems: 1000 with line and column)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: LabelTemplateCreateDto): Promise<LabelTemplateDto> {
    return this.bus.request(PrintingSubjects.createTemplate, { caller, input: body });
  }

  @Patch(':id')
  @Access('user')
  @ApiOperation({ summary: 'Change a label template (the fields sent); built-ins answer 1000 (field builtin)' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number, @Body() body: LabelTemplateUpdateDto): Promise<LabelTemplateDto> {
    return this.bus.request(PrintingSubjects.updateTemplate, { caller, id, input: body });
  }

  @Delete(':id')
  @Access('user')
  @ApiOperation({ summary: "Delete a label template and the customers' print settings for it; built-ins answer 1000 (field builtin)" })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<null> {
    await this.bus.request(PrintingSubjects.deleteTemplate, { caller, id });
    return null;
  }
}

/**
 * A customer's print settings per template: reading for the customer group (access restrictions on customers apply:
 * another customer's answers 404), changing for the user group.
 */
@ApiTags('label printing')
@Controller('c/:companyID/customer/:customerID/printsettings')
export class PrintSettingsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get(':templateID')
  @Access('customer')
  @ApiOperation({ summary: "The customer's settings for the template, or the defaults (id null, is_default true)" })
  get(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('templateID') templateId: number,
  ): Promise<PrintSettingsDto> {
    return this.bus.request(PrintingSubjects.getSettings, { caller, customerId, templateId });
  }

  @Post(':templateID/defaults')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Store the defaults for the customer and template (new, or the stored settings reset)' })
  defaults(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('templateID') templateId: number,
  ): Promise<PrintSettingsDto> {
    return this.bus.request(PrintingSubjects.defaultSettings, { caller, customerId, templateId });
  }

  @Patch(':templateID/:id')
  @Access('user')
  @ApiOperation({ summary: 'Change the stored settings (the fields sent); each wrong field named (1000); labels must fit the sheet' })
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('templateID') templateId: number,
    @IdParam('id') id: number,
    @Body() body: PrintSettingsUpdateDto,
  ): Promise<PrintSettingsDto> {
    return this.bus.request(PrintingSubjects.updateSettings, { caller, customerId, templateId, id, input: body });
  }

  @Delete(':templateID')
  @Access('user')
  @ApiOperation({ summary: 'Remove the stored settings; answers the defaults used from now on' })
  remove(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('templateID') templateId: number,
  ): Promise<PrintSettingsDto> {
    return this.bus.request(PrintingSubjects.deleteSettings, { caller, customerId, templateId });
  }
}
