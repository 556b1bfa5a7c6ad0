import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  SENSOR_EXTERNAL_ID_PATTERN,
  SENSOR_INTERVAL_MAX,
  SENSOR_SORTS,
  SENSOR_TYPES,
  SENSOR_UNIT_CODES,
  type SensorType,
  type SensorUnit,
} from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const EXTERNAL_ID_MESSAGE = 'external_id must be 1 to 100 visible characters without spaces, /, + or #';

/** A sensor's writable fields (docs/sensors.md); every field optional: PATCH changes what it names. The reported state is read-only. */
export class SensorUpdateDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ maxLength: 100, description: 'the device id the vendor sends; unique in the company (1059); visible characters, no spaces, /, + or #' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(SENSOR_EXTERNAL_ID_PATTERN, { message: EXTERNAL_ID_MESSAGE })
  external_id?: string;
  @ApiPropertyOptional({ enum: [...SENSOR_TYPES] }) @IsOptional() @IsIn([...SENSOR_TYPES]) type?: SensorType;
  @ApiPropertyOptional({ enum: [...SENSOR_UNIT_CODES], description: 'weight: g, kg; distance: mm, cm; others: count (1000 otherwise); default: the first of the type' })
  @IsOptional()
  @IsIn([...SENSOR_UNIT_CODES])
  unit?: SensorUnit;
  @ApiPropertyOptional({ maxLength: 50, description: 'firmware or model version' }) @IsOptional() @IsString() @MaxLength(50) version?: string;
  @ApiPropertyOptional({ minimum: 1, maximum: SENSOR_INTERVAL_MAX, description: 'expected reporting interval in minutes (default 15)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SENSOR_INTERVAL_MAX)
  interval_minutes?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
}

export class SensorCreateDto extends OmitType(SensorUpdateDto, ['name', 'external_id', 'type'] as const) {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiProperty({ maxLength: 100, description: 'the device id the vendor sends; unique in the company (1059)' })
  @IsString()
  @MaxLength(100)
  @Matches(SENSOR_EXTERNAL_ID_PATTERN, { message: EXTERNAL_ID_MESSAGE })
  external_id!: string;
  @ApiProperty({ enum: [...SENSOR_TYPES] }) @IsIn([...SENSOR_TYPES]) type!: SensorType;
}

export class SensorListQueryDto {
  @ApiPropertyOptional({ description: 'part of the name or the external id' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: [...SENSOR_TYPES], description: 'only sensors of this type' }) @IsOptional() @IsIn([...SENSOR_TYPES]) type?: SensorType;
  @ApiPropertyOptional({ enum: SENSOR_SORTS }) @IsOptional() @IsIn(SENSOR_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

/** GET sensor/alarms: the dashboards' scope (both left out: the whole company). */
export class SensorAlarmsQueryDto {
  @ApiPropertyOptional({ description: 'only sensors in racks of this customer' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) customer_id?: number;
  @ApiPropertyOptional({ description: 'only sensors in racks of this location' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) location_id?: number;
}
