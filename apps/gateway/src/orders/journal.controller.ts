import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  type CompanyCaller,
  type JournalAcknowledgeResult,
  type JournalDiscardResult,
  type JournalEntryDto,
  type JournalRetryResult,
  JournalSubjects,
  type Page,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { MAX_PAGE } from '../http/validation';

export class JournalListQueryDto {
  @ApiPropertyOptional({
    description:
      'JSON list of conditions {field, operation, value}, all must hold: field acknowledged_at, created_at or code; operation eq or gte; ' +
      'acknowledged_at eq null = not acknowledged, gte an ISO time = acknowledged since then. Example: [{"field":"acknowledged_at","operation":"eq","value":null}]',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  filter?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class JournalAcknowledgeDto {
  @ApiPropertyOptional({ type: [Number], description: 'the entries to acknowledge' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  ids?: number[];
  @ApiPropertyOptional({ description: 'true: every unacknowledged entry of the company' }) @IsOptional() @IsBoolean() all?: boolean;
}

/**
 * The journal (spec: `/api/v2/c/{companyID}/journal`): errors of runs and transmissions, acknowledged by staff, and
 * dead letters (events a service could not process) that staff retry or discard. Restricted users see (and act on)
 * only the entries of their customers, locations and suppliers.
 */
@ApiTags('journal')
@Controller('v2/c/:companyID/journal')
export class JournalController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('user')
  @ApiOperation({ summary: 'Journal entries (codes 2000-2007), newest first, filtered by `filter`' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: JournalListQueryDto): Promise<Page<JournalEntryDto>> {
    return this.bus.request(JournalSubjects.list, { caller, query });
  }

  @Post('acknowledge')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Acknowledge journal entries: {"ids": [...]} or {"all": true}; answers how many were acknowledged' })
  acknowledge(@CompanyCtx() caller: CompanyCaller, @Body() body: JournalAcknowledgeDto): Promise<JournalAcknowledgeResult> {
    return this.bus.request(JournalSubjects.acknowledge, { caller, input: body });
  }

  @Post(':id/retry')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({
    summary:
      'Retry a dead letter (code 2000, dead_letter true) now: its event runs through the consumer again; answers {retried, error}: ' +
      'retried, the entry is gone; else it stays and error says why',
  })
  retry(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<JournalRetryResult> {
    return this.bus.request(JournalSubjects.retry, { caller, id });
  }

  @Post(':id/discard')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Discard a dead letter (code 2000, dead_letter true): its event is given up for good and the entry is gone' })
  discard(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<JournalDiscardResult> {
    return this.bus.request(JournalSubjects.discard, { caller, id });
  }
}
