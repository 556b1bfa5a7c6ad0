import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  EmailTemplateSubjects,
  FileTemplateSubjects,
  type CompanyCaller,
  type EmailTemplateDto,
  type EmailTemplateExecuteResult,
  type FileTemplateDto,
  type FileTemplateExecuteResult,
  type Page,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { EmailTemplateCreateDto, EmailTemplateUpdateDto, FileTemplateCreateDto, FileTemplateUpdateDto, TemplateExecuteQueryDto, TemplateListQueryDto } from './template.dto';

const EXECUTE =
  "Render the template on the company's latest order, or ?order=ID of the company (404 when unknown); the sample order when the company has none (sample: true, order_id null). ?locale=de|en for dates and numbers (default de). Changes nothing; safe to repeat";

/**
 * The company's e-mail templates (notifications service; docs/notifications.md "Templates"): notification settings,
 * so the user group (admin, owner, writer); readers, customers and suppliers are refused (1020).
 */
@ApiTags('email templates')
@Controller('c/:companyID/emailtemplates')
export class EmailTemplatesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('user')
  @ApiOperation({ summary: 'E-mail templates; q filters the name; sort (name, updated_at, created_at), order, page, per_page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: TemplateListQueryDto): Promise<Page<EmailTemplateDto>> {
    return this.bus.request(EmailTemplateSubjects.list, { caller, query });
  }

  // before ':templateID' alone: the longer path
  @Get(':templateID/execute')
  @Access('user')
  @ApiOperation({ summary: `${EXECUTE}. Answers {subject, body, format (text or html), order_id, sample}` })
  execute(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number, @Query() query: TemplateExecuteQueryDto): Promise<EmailTemplateExecuteResult> {
    return this.bus.request(EmailTemplateSubjects.execute, { caller, id, query });
  }

  @Get(':templateID')
  @Access('user')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number): Promise<EmailTemplateDto> {
    return this.bus.request(EmailTemplateSubjects.get, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create an e-mail template (name unique in the company: 1059; a template that does not render: 1000 with field header or body and errors[0].params {line, column})' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: EmailTemplateCreateDto): Promise<EmailTemplateDto> {
    return this.bus.request(EmailTemplateSubjects.create, { caller, input: body });
  }

  @Patch(':templateID')
  @Access('user')
  @ApiOperation({ summary: 'Change an e-mail template (the fields sent; checked as on create)' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number, @Body() body: EmailTemplateUpdateDto): Promise<EmailTemplateDto> {
    return this.bus.request(EmailTemplateSubjects.update, { caller, id, input: body });
  }

  @Delete(':templateID')
  @Access('user')
  @ApiOperation({ summary: 'Delete an e-mail template' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number): Promise<null> {
    await this.bus.request(EmailTemplateSubjects.delete, { caller, id });
    return null;
  }
}

/** The company's file templates (as the e-mail templates). */
@ApiTags('file templates')
@Controller('c/:companyID/filetemplates')
export class FileTemplatesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('user')
  @ApiOperation({ summary: 'File templates; q filters the name; sort (name, updated_at, created_at), order, page, per_page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: TemplateListQueryDto): Promise<Page<FileTemplateDto>> {
    return this.bus.request(FileTemplateSubjects.list, { caller, query });
  }

  @Get(':templateID/execute')
  @Access('user')
  @ApiOperation({
    summary: `${EXECUTE}. Answers {file_name, text, content_base64 (the bytes in the template's encoding and line breaks), encoding, linebreak, size, order_id, sample}; a character the encoding cannot write: 1000 at encoding with its line and column`,
  })
  execute(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number, @Query() query: TemplateExecuteQueryDto): Promise<FileTemplateExecuteResult> {
    return this.bus.request(FileTemplateSubjects.execute, { caller, id, query });
  }

  @Get(':templateID')
  @Access('user')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number): Promise<FileTemplateDto> {
    return this.bus.request(FileTemplateSubjects.get, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a file template (header once, body per order line; encoding UTF-8, ISO-8859-1, Windows-1252; linebreak CRLF or LF; 1059 for a taken name; 1000 with field and line/column for a template that does not render)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: FileTemplateCreateDto): Promise<FileTemplateDto> {
    return this.bus.request(FileTemplateSubjects.create, { caller, input: body });
  }

  @Patch(':templateID')
  @Access('user')
  @ApiOperation({ summary: 'Change a file template (the fields sent; checked as on create)' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number, @Body() body: FileTemplateUpdateDto): Promise<FileTemplateDto> {
    return this.bus.request(FileTemplateSubjects.update, { caller, id, input: body });
  }

  @Delete(':templateID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a file template' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('templateID') id: number): Promise<null> {
    await this.bus.request(FileTemplateSubjects.delete, { caller, id });
    return null;
  }
}
