import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { AppError, Role } from '@kanban/access';
import {
  canConvert,
  type CompanyCaller,
  FILL_MAX_SPAN_MS,
  FILL_PERIOD_MS,
  FILL_PERIODS,
  type FillHistoryDto,
  type FillPeriod,
  type FillReadings,
  fillResolution,
  IngestSubjects,
  OrdersSubjects,
  pointToPieces,
  type RuleBinRecord,
  StorageSubjects,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';

const DAY_MS = 86_400_000;

export class FillHistoryQueryDto {
  @ApiPropertyOptional({ enum: [...FILL_PERIODS], description: 'the period ending at `to` (default 7d); left out when `from` is given' })
  @IsOptional()
  @IsIn([...FILL_PERIODS])
  period?: FillPeriod;

  @ApiPropertyOptional({ description: 'from this time (ISO 8601, inclusive); instead of period' }) @IsOptional() @IsISO8601({ strict: true }) from?: string;
  @ApiPropertyOptional({ description: 'to this time (ISO 8601, exclusive); default now' }) @IsOptional() @IsISO8601({ strict: true }) to?: string;
}

/**
 * A bin's fill-level history in one answer (docs/storages.md "Fill level"): the rule's stock changes and order lines
 * over the period with threshold and capacity (orders service, as the caller: 404 for a hidden rule, no stock for a
 * customer user without show_stock_in_app), the bin holding the rule (catalog) and, when the bin has a sensor, its
 * readings (ingestion) at the period's resolution, in pieces when the bin's calibration allows it. Customer users
 * get no sensor details and no raw readings (the preview shows them no sensors).
 */
@ApiTags('rules')
@Controller('c/:companyID/rules/:ruleID/fill')
export class FillHistoryController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('customer')
  @ApiOperation({
    summary:
      "A rule's fill level over a period (24h, 7d, 30d, 90d or from..to): stock changes, order lines, threshold, capacity, its bin and the bin sensor's readings (raw up to 2 days, hourly up to 31, daily beyond; in pieces when calibrated)",
  })
  async fill(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number, @Query() query: FillHistoryQueryDto): Promise<FillHistoryDto> {
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - FILL_PERIOD_MS[query.period ?? '7d']);
    if (to <= from) throw AppError.validation('to', 'must be after from');
    if (to.getTime() - from.getTime() > FILL_MAX_SPAN_MS) throw AppError.validation('from', `at most ${FILL_MAX_SPAN_MS / 86_400_000} days at once`);
    // the orders service decides whether the caller may see the rule and its stock
    const { customer_id: _customer, location_id: _location, ...record } = await this.bus.request(OrdersSubjects.fillHistory, {
      caller,
      ruleId,
      from: from.toISOString(),
      to: to.toISOString(),
    });
    const held = await this.bus.request(StorageSubjects.binOfRule, { caller, ruleId });
    const readings = held?.sensor && !record.stock_hidden ? await this.readings(caller, held, record.capacity, from, to) : null;
    const customer = caller.role === Role.Customer;
    const bin = held ? { storage_id: held.storage_id, storage_name: held.storage_name, label: held.label, row: held.row, column: held.column, sensor: customer ? null : held.sensor } : null;
    return { ...record, bin, readings: customer && readings?.unit !== 'pieces' ? null : readings };
  }

  /** The bin sensor's readings over the period, in pieces when the calibration allows it, else in the sensor's unit. */
  private async readings(caller: CompanyCaller, held: RuleBinRecord, capacity: number, from: Date, to: Date): Promise<FillReadings> {
    const sensor = held.sensor!;
    const resolution = fillResolution(to.getTime() - from.getTime());
    // daily aggregates are asked for whole days: `to`'s own (today's, running) day too
    const until = resolution === 'day' ? new Date(Math.ceil(to.getTime() / DAY_MS) * DAY_MS) : to;
    const points = await this.bus.request(IngestSubjects.history, {
      company_id: caller.companyId,
      sensor_id: sensor.id,
      from: from.toISOString(),
      to: until.toISOString(),
      resolution,
    });
    if (!canConvert(held.calibration, sensor.unit, capacity)) return { unit: sensor.unit, resolution, points };
    return { unit: 'pieces', resolution, points: points.flatMap((p) => pointToPieces(p, held.calibration, sensor.unit, capacity) ?? []) };
  }
}
