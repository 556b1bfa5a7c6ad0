import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { STORAGE_LAYOUTS, STORAGE_MAX_GRID, STORAGE_SORTS, type StorageLayout } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

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
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'the sensor; null until sensors exist (docs/storages.md)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  sensor_id?: number | null;
  @ApiPropertyOptional({ description: "a unit code of the company's units; empty: none" }) @IsOptional() @IsString() @MaxLength(20) unit?: string;
  @ApiPropertyOptional({ description: "what the sensor's values mean" }) @IsOptional() @IsString() @MaxLength(100) sensor_values?: string;
  @ApiPropertyOptional({ description: 'stocked or will be ordered' }) @IsOptional() @IsBoolean() stocked_or_ordered?: boolean;
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
