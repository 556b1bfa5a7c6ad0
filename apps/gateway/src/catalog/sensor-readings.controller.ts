import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { HISTORY_RESOLUTIONS, type CompanyCaller, type HistoryResolution, type ReadingPoint, SensorSubjects } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';

export class SensorReadingsQueryDto {
  @ApiProperty({ description: 'from this time (ISO 8601, inclusive)' }) @IsISO8601({ strict: true }) from!: string;
  @ApiProperty({ description: 'to this time (ISO 8601, exclusive)' }) @IsISO8601({ strict: true }) to!: string;
  @ApiPropertyOptional({ enum: [...HISTORY_RESOLUTIONS], description: 'raw readings (a week at most), hourly (93 days) or daily (400 days) aggregates; default hour' })
  @IsOptional()
  @IsIn([...HISTORY_RESOLUTIONS])
  resolution?: HistoryResolution;
}

/** A sensor's stored readings over time (docs/sensors.md, "History"): the ingestion keeps them, the catalog says whose sensor it is. */
@ApiTags('sensors')
@Controller('c/:companyID/sensor/:id/readings')
export class SensorReadingsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('staff')
  @ApiOperation({ summary: "A sensor's readings from..to: raw, or hourly or daily count, min, max, average and last value (values in the sensor's unit)" })
  async readings(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number, @Query() query: SensorReadingsQueryDto): Promise<ReadingPoint[]> {
    // 404 for a sensor of another company or none
    const sensor = await this.bus.request(SensorSubjects.get, { caller, id });
    return this.bus.request('ingest.readings.history', {
      company_id: caller.companyId,
      sensor_id: sensor.id,
      from: query.from,
      to: query.to,
      resolution: query.resolution ?? 'hour',
    });
  }
}
