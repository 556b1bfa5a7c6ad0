import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CATALOG_SORTS, ITEM_MATCHES, ITEM_SORTS, type ItemMatch } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const FLAG = ['0', '1', 'true', 'false'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A catalog's writable fields (spec 3); PATCH changes what it names. */
export class CatalogUpdateDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'unique per supplier (1059)' }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) contract_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ description: 'id in an external system' }) @IsOptional() @IsString() @MaxLength(100) ext_system_id?: string;
}

export class CatalogCreateDto extends OmitType(CatalogUpdateDto, ['name'] as const) {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class CatalogListQueryDto {
  @ApiPropertyOptional({ description: 'part of name, contract name or external id' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: CATALOG_SORTS }) @IsOptional() @IsIn(CATALOG_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

/**
 * An item's writable fields (spec 3; threshold, capacity and stock belong to the kanban rule). Disable /
 * enable: PATCH {disabled}; pause / unpause: PATCH {paused_until: 'YYYY-MM-DD'} / {paused_until: null}.
 */
export class ItemUpdateDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'unique per customer and catalog, case-insensitive (1059)' })
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) sku?: string;
  @ApiPropertyOptional({ maxLength: 300 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(300) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(4000) description?: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: "one of the company's catalogs; null or 0: none" })
  @IsOptional() @IsInt() @Min(0) catalog_id?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) item_unit?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) order_unit?: string;
  @ApiPropertyOptional({ description: '> 0' }) @IsOptional() @IsNumber() quantity_per_order_unit?: number;
  @ApiPropertyOptional({ description: 'MOQ, >= 0, at most the MXOQ when that is set' }) @IsOptional() @IsNumber() @Min(0) min_order_quantity?: number;
  @ApiPropertyOptional({ description: 'MXOQ, 0 = no maximum' }) @IsOptional() @IsNumber() @Min(0) max_order_quantity?: number;
  @ApiPropertyOptional({ description: '> 0, between MOQ and MXOQ' }) @IsOptional() @IsNumber() order_quantity?: number;
  @ApiPropertyOptional({ description: '> 0' }) @IsOptional() @IsNumber() order_quantity_increment?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(3650) lead_time_days?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(3650) transit_days?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) material_number?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) material_group?: string;
  @ApiPropertyOptional({ description: '8 digits or empty' }) @IsOptional() @IsString() @MaxLength(8) @Matches(/^(\d{8})?$/, { message: 'unspsc must be 8 digits' }) unspsc?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'YYYY-MM-DD; from this day on the item is disabled' })
  @IsOptional() @IsString() @MaxLength(10) @Matches(DATE, { message: 'contract_end_date must be YYYY-MM-DD' }) contract_end_date?: string | null;
  @ApiPropertyOptional({ description: 'days, 0 = none' }) @IsOptional() @IsInt() @Min(0) @Max(3650) subscription_interval?: number;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'paused up to and including this day (YYYY-MM-DD); null unpauses' })
  @IsOptional() @IsString() @MaxLength(10) @Matches(DATE, { message: 'paused_until must be YYYY-MM-DD' }) paused_until?: string | null;
  @ApiPropertyOptional({ description: 'true disables, false enables (refused while the contract has ended)' }) @IsOptional() @IsBoolean() disabled?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() instant_delivery?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() purchaseable?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) customer_sku?: string;
}

export class ItemUpdateQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: disable even when kanban rules use the item (without it: 1007 listing them in Data.rules)' })
  @IsOptional()
  @IsIn(FLAG)
  confirm?: string;
}

export class ItemCreateDto extends OmitType(ItemUpdateDto, ['sku', 'name'] as const) {
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @MaxLength(100) sku!: string;
  @ApiProperty({ maxLength: 300 }) @IsString() @IsNotEmpty() @MaxLength(300) name!: string;
}

export class ItemListQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: also disabled items (and those whose contract ended)' }) @IsOptional() @IsIn(FLAG) all?: string;
  @ApiPropertyOptional({ description: 'SKU, name or customer SKU starting with q; from 3 characters also a name containing q' })
  @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: ITEM_MATCHES, description: 'prefix: SKU, name or customer SKU starts with q; part: the name contains q (3+ characters); any (default): both' })
  @IsOptional() @IsIn(ITEM_MATCHES) match?: ItemMatch;
  @ApiPropertyOptional({ enum: ITEM_SORTS }) @IsOptional() @IsIn(ITEM_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}
