import { applyDecorators, Body, Controller, Get, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Response } from 'express';
import {
  type CompanyCaller,
  type OrderStatsDto,
  type OrderStatsLineDto,
  type Page,
  type RulesCheckDto,
  SERVICE_PERIODS,
  type ServiceLineDto,
  type ServiceReportDto,
  StatsSubjects,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { COMPANY_LEVEL, CUSTOMER_LEVEL, LevelId, levelController, type PathLevel } from '../http/levels';
import { IdParam } from '../http/validation';
import { locationReportFileName, renderLocationReport } from './location-report.pdf';
import { MAX_PAGE } from '../http/validation';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The body of `stats/orders` (and its details): period (default the last 30 days) and filters. */
export class OrderStatsBodyDto {
  @ApiPropertyOptional({ description: 'first order day YYYY-MM-DD (default: 29 days before to)' })
  @IsOptional()
  @MaxLength(10)
  @Matches(DAY, { message: 'from must be a day YYYY-MM-DD' })
  from?: string;
  @ApiPropertyOptional({ description: 'last order day YYYY-MM-DD (default: today in the company\'s time zone)' })
  @IsOptional()
  @MaxLength(10)
  @Matches(DAY, { message: 'to must be a day YYYY-MM-DD' })
  to?: string;
  @ApiPropertyOptional({ description: 'company level only' }) @IsOptional() @IsInt() @Min(1) customer_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) location_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) supplier_id?: number;
  @ApiPropertyOptional({ description: 'requisition, manual, ...' }) @IsOptional() @IsString() @MaxLength(30) @Matches(/^[a-z_]{1,30}$/, { message: 'source must be an order source' }) source?: string;
  @ApiPropertyOptional({ description: 'details only' }) @IsOptional() @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional({ description: 'details only' }) @IsOptional() @IsInt() @Min(1) @Max(200) per_page?: number;
}

const ids = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : String(value)
        .split(',')
        .filter((part) => part.trim() !== '')
        .map((part) => (/^\d+$/.test(part.trim()) ? Number(part.trim()) : NaN));

export class RulesCheckQueryDto {
  @ApiPropertyOptional({ description: 'location ids, comma separated (none: all)' })
  @IsOptional()
  @Transform(ids)
  @IsArray()
  @ArrayMaxSize(500)
  @IsInt({ each: true, message: 'locations must be a list of ids' })
  @Min(1, { each: true, message: 'locations must be a list of ids' })
  locations?: number[];
  @ApiPropertyOptional({ description: 'item ids, comma separated (none: all)' })
  @IsOptional()
  @Transform(ids)
  @IsArray()
  @ArrayMaxSize(500)
  @IsInt({ each: true, message: 'items must be a list of ids' })
  @Min(1, { each: true, message: 'items must be a list of ids' })
  items?: number[];
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) customer_id?: number;
  @ApiPropertyOptional({ description: 'period of decision and order counts in days (default 30)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  days?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class ServiceReportBodyDto {
  @ApiPropertyOptional({ enum: SERVICE_PERIODS, description: 'the last 3, 6, 12 months or the last calendar year (default 3m)' })
  @IsOptional()
  @IsIn(SERVICE_PERIODS)
  period?: (typeof SERVICE_PERIODS)[number];
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) location_id?: number;
  @ApiPropertyOptional({ description: 'details only' }) @IsOptional() @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional({ description: 'details only' }) @IsOptional() @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class LocationReportBodyDto {
  @ApiProperty({ description: 'the location of the report' }) @IsInt() @Min(1) location_id!: number;
  @ApiPropertyOptional({ description: 'recent orders of the last days (default 30)' }) @IsOptional() @IsInt() @Min(1) @Max(3650) days?: number;
}

const ORDERS = 'Order statistics: orders, lines and quantities per day, source, supplier, location and line status over a period (default the last 30 days)';
const ORDER_DETAILS = 'The order lines behind the order statistics, newest first, paged';
const SERVICE = 'Service analysis: ordered, due, delivered, on-time (rate, average delay) and late lines in total, per location, supplier, item and week (docs/statistics.md)';
const SERVICE_DETAILS = 'The lines of the service analysis with their measures, late ones first, paged';

/** A statistics call that posts its query: answers 200, reading needs the customer group. */
function StatsPost(path: string, summary: string): MethodDecorator {
  return applyDecorators(Post(path), HttpCode(200), Access('customer'), ApiOperation({ summary }));
}

/**
 * Statistics and reports (spec 7; docs/statistics.md). Reading needs the customer group. The order statistics are
 * the same at the company and the customer level; each level adds its own reports.
 */
function statsController(level: PathLevel) {
  @ApiTags('statistics')
  @Controller(level.path)
  class StatsController {
    constructor(readonly bus: ServiceBus) {}

    @StatsPost('stats/orders', ORDERS)
    orders(@CompanyCtx() caller: CompanyCaller, @LevelId(level, 'customerID') customerId: number, @Body() body: OrderStatsBodyDto): Promise<OrderStatsDto> {
      return this.bus.request(StatsSubjects.orders, { caller, scope: { customerId }, query: body });
    }

    @StatsPost('stats/orders/details', ORDER_DETAILS)
    orderDetails(@CompanyCtx() caller: CompanyCaller, @LevelId(level, 'customerID') customerId: number, @Body() body: OrderStatsBodyDto): Promise<Page<OrderStatsLineDto>> {
      return this.bus.request(StatsSubjects.orderDetails, { caller, scope: { customerId }, query: body });
    }
  }
  return levelController(StatsController, level, 'StatsController');
}

export class CompanyStatsController extends statsController(COMPANY_LEVEL) {
  @Get('stats/rulescheck')
  @Access('customer')
  @ApiOperation({ summary: 'Rule statistics: per rule stock vs threshold and capacity, on order, last decision, decisions of the period by reason, lines ordered' })
  rulesCheck(@CompanyCtx() caller: CompanyCaller, @Query() query: RulesCheckQueryDto): Promise<RulesCheckDto> {
    return this.bus.request(StatsSubjects.rulesCheck, { caller, scope: {}, query });
  }
}

export class CustomerStatsController extends statsController(CUSTOMER_LEVEL) {
  @StatsPost('report/service', SERVICE)
  service(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Body() body: ServiceReportBodyDto): Promise<ServiceReportDto> {
    return this.bus.request(StatsSubjects.service, { caller, scope: { customerId }, query: body });
  }

  @StatsPost('report/service/details', SERVICE_DETAILS)
  serviceDetails(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Body() body: ServiceReportBodyDto): Promise<Page<ServiceLineDto>> {
    return this.bus.request(StatsSubjects.serviceDetails, { caller, scope: { customerId }, query: body });
  }

  @StatsPost('report/location', 'The location report as a PDF: the location\'s rules with stock, threshold, capacity, on order and last decision, and its recent orders')
  @ApiOkResponse({ description: 'the PDF (attachment; errors answer the JSON envelope)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async location(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @Body() body: LocationReportBodyDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const report = await this.bus.request(StatsSubjects.locationReport, { caller, scope: { customerId }, query: body });
    const pdf = await renderLocationReport(report);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length, disposition: `attachment; filename="${locationReportFileName(report)}"` });
  }
}

@ApiTags('statistics')
@Controller('c/:companyID/supplier/:supplierID')
export class SupplierStatsController {
  constructor(readonly bus: ServiceBus) {}

  @Post('report/service')
  @HttpCode(200)
  @Access('supplier')
  @ApiOperation({
    summary:
      "The service analysis of the supplier's order lines (all customers the caller may see): the same measures in total, per location, item and week; " +
      'a supplier outside the caller\'s supplier restrictions answers 404 (the supplier dashboard\'s on-time figure)',
  })
  service(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Body() body: ServiceReportBodyDto): Promise<ServiceReportDto> {
    return this.bus.request(StatsSubjects.service, { caller, scope: { supplierId }, query: body });
  }
}
