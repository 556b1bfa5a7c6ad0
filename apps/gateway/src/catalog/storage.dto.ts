import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  BIN_MEASURES,
  BIN_WANTED,
  NOISE_BAND_MAX,
  STORAGE_LAYOUTS,
  STORAGE_MAX_GRID,
  STORAGE_SORTS,
  type BinMeasure,
  type BinWanted,
  type StorageLayout,
} from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';
import { LocationScheduleDto } from './location.dto';

/** A storage's (rack's) writable fields (spec 3, docs/storages.md); every field optional: PATCH changes what it names. */
export class StorageUpdateDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ description: 'the kind of bin (container) the rack holds' }) @IsOptional() @IsString() @MaxLength(100) bin?: string;
  @ApiPropertyOptional({ description: 'put before every bin label' }) @IsOptional() @IsString() @MaxLength(20) prefix?: string;
  @ApiPropertyOptional({ description: 'bin label format with {prefix}, {row}, {column}; empty: {prefix}{row}-{column}' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  format?: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: "one of the company's storage types; 0 or null: none" })
  @IsOptional()
  @IsInt()
  @Min(0)
  storage_type_id?: number | null;
  @ApiPropertyOptional({ minimum: 1, maximum: STORAGE_MAX_GRID }) @IsOptional() @IsInt() @Min(1) @Max(STORAGE_MAX_GRID) rows?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: STORAGE_MAX_GRID }) @IsOptional() @IsInt() @Min(1) @Max(STORAGE_MAX_GRID) columns?: number;
  @ApiPropertyOptional({ enum: [...STORAGE_LAYOUTS], description: 'direction in which bins are numbered' })
  @IsOptional()
  @IsIn([...STORAGE_LAYOUTS])
  layout?: StorageLayout;
  @ApiPropertyOptional({ minimum: 0, description: 'empty bin reading in the unit' }) @IsOptional() @IsNumber() @Min(0) @Max(1_000_000_000) tare?: number;
  @ApiPropertyOptional({ minimum: 0, description: 'readings below count as empty' }) @IsOptional() @IsNumber() @Min(0) @Max(1_000_000_000) min_value?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 10080, description: 'minutes between readings; 0: none' }) @IsOptional() @IsInt() @Min(0) @Max(10_080) interval?: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: "one of the company's sensors; 0 or null: none" })
  @IsOptional()
  @IsInt()
  @Min(0)
  sensor_id?: number | null;
  @ApiPropertyOptional({ description: "a unit code of the company's units; empty: none" }) @IsOptional() @IsString() @MaxLength(20) unit?: string;
  @ApiPropertyOptional({ description: "what the sensor's values mean" }) @IsOptional() @IsString() @MaxLength(100) sensor_values?: string;
  @ApiPropertyOptional({ description: 'stocked or will be ordered' }) @IsOptional() @IsBoolean() stocked_or_ordered?: boolean;
  @ApiPropertyOptional({ type: LocationScheduleDto, description: "when the rack is read or counted (the location's schedule structure); replaces the whole schedule" })
  @IsOptional()
  @ValidateNested()
  @Type(() => LocationScheduleDto)
  schedule?: LocationScheduleDto;
}

export class StorageCreateDto extends OmitType(StorageUpdateDto, ['name'] as const) {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class StorageListQueryDto {
  @ApiPropertyOptional({ description: 'part of the name' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: STORAGE_SORTS }) @IsOptional() @IsIn(STORAGE_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

const AMOUNT = 1_000_000_000;

/** PUT …/storage/{s}/bins/{row}/{column}: the bin's rule, sensor and calibration; fields left out are null (docs/storages.md "Bins"). */
export class StorageBinPutDto {
  @ApiPropertyOptional({ type: Number, nullable: true, description: "a kanban rule of the rack's location, in no other bin of the company; 0 or null: none" })
  @IsOptional()
  @IsInt()
  @Min(0)
  kanban_rule_id?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'a sensor of the company; 0 or null: none (needs measured and wanted)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  sensor_id?: number | null;
  @ApiPropertyOptional({ enum: [...BIN_MEASURES], nullable: true, description: 'what the sensor measures; required with a sensor' })
  @IsOptional()
  @IsIn([...BIN_MEASURES])
  measured?: BinMeasure | null;
  @ApiPropertyOptional({ enum: [...BIN_WANTED], nullable: true, description: 'what should be measured; required with a sensor' })
  @IsOptional()
  @IsIn([...BIN_WANTED])
  wanted?: BinWanted | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, description: 'weight_g: the empty bin in grams' }) @IsOptional() @IsNumber() @Min(0) @Max(AMOUNT) tare?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, description: 'weight_g: grams per piece (> 0)' }) @IsOptional() @IsNumber() @Min(0) @Max(AMOUNT) piece_weight?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, description: 'distance_mm: reading over the empty bin' }) @IsOptional() @IsNumber() @Min(0) @Max(AMOUNT) empty_distance?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, description: 'distance_mm: reading over the full bin (< empty)' }) @IsOptional() @IsNumber() @Min(0) @Max(AMOUNT) full_distance?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, description: 'count: pieces per counted bin (> 0)' }) @IsOptional() @IsNumber() @Min(0) @Max(AMOUNT) pieces_per_bin?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'readings below are implausible' }) @IsOptional() @IsNumber() @Min(-AMOUNT) @Max(AMOUNT) plausibility_min?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'readings above are implausible (>= min)' }) @IsOptional() @IsNumber() @Min(-AMOUNT) @Max(AMOUNT) plausibility_max?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: 86400, description: 'seconds readings are ignored after a movement' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(86_400)
  dead_time_seconds?: number | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: NOISE_BAND_MAX,
    description:
      'pieces the level may move from the one applied last without changing the stock (docs/storages.md "Noise band"); null: the sensor type\'s default (weight and distance 0.5, light barrier, RFID and button 0)',
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(NOISE_BAND_MAX)
  noise_band?: number | null;
}
