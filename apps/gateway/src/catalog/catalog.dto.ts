import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CUSTOMER_COUNTRIES, CUSTOMER_SORTS, SUPPLIER_SORTS } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const COUNTRY_OR_EMPTY = ['', ...CUSTOMER_COUNTRIES];
const FLAG = ['0', '1', 'true', 'false'];

/** A customer's writable fields (spec 3); every field optional: PATCH changes what it names. */
export class CustomerUpdateDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ description: 'customer number, unique in the company when set (1059)' }) @IsOptional() @IsString() @MaxLength(50) nr?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) extended?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) street?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) postal?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) state?: string;
  @ApiPropertyOptional({ enum: COUNTRY_OR_EMPTY }) @IsOptional() @IsIn(COUNTRY_OR_EMPTY) country_iso?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) vat_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) auftragsnr?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) bediener?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) scan_id_prefix?: string;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'service item; 0 or null: not set' })
  @IsOptional()
  @IsInt()
  @Min(0)
  service_fee_item_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'time-tracking item; 0 or null: not set' })
  @IsOptional()
  @IsInt()
  @Min(0)
  time_tracking_item_id?: number | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean() use_subscription?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() use_backorder?: boolean;
  @ApiPropertyOptional({ enum: ['days', 'scanner'], description: 'days: back order after 7 days; scanner: only notify the scanner' })
  @IsOptional()
  @IsIn(['days', 'scanner'])
  backorder_type?: 'days' | 'scanner';
  @ApiPropertyOptional() @IsOptional() @IsBoolean() use_request_workflow?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() show_stock_in_app?: boolean;
  @ApiPropertyOptional({ description: '0 = off' }) @IsOptional() @IsInt() @Min(0) @Max(3650) automatic_restock_days?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() inactive?: boolean;
}

export class CustomerCreateDto extends OmitType(CustomerUpdateDto, ['name'] as const) {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class CustomerListQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: also inactive customers' }) @IsOptional() @IsIn(FLAG) all?: string;
  @ApiPropertyOptional({ description: 'part of name, number or city' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: CUSTOMER_SORTS }) @IsOptional() @IsIn(CUSTOMER_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class ToggleActiveQueryDto {
  @ApiProperty({ enum: FLAG, description: '1 activates, 0 deactivates' }) @IsIn(FLAG) active!: string;
}

export class DeleteQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: also delete its images (without it, an entity with images answers 1002)' })
  @IsOptional()
  @IsIn(FLAG)
  confirm?: string;
}

export function flag(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/** A supplier's writable fields (spec 3); every field optional: PATCH changes what it names. */
export class SupplierUpdateDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ description: 'catalog id, unique in the company when set (1059)' }) @IsOptional() @IsString() @MaxLength(50) nr?: string;
  @ApiPropertyOptional({ description: 'number in an external system' }) @IsOptional() @IsString() @MaxLength(100) ext_nr?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) street?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) postal?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) state?: string;
  @ApiPropertyOptional({ enum: COUNTRY_OR_EMPTY }) @IsOptional() @IsIn(COUNTRY_OR_EMPTY) country_iso?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
}

export class SupplierCreateDto extends OmitType(SupplierUpdateDto, ['name'] as const) {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class SupplierListQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: also inactive suppliers' }) @IsOptional() @IsIn(FLAG) all?: string;
  @ApiPropertyOptional({ description: 'part of name, number or city' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: SUPPLIER_SORTS }) @IsOptional() @IsIn(SUPPLIER_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}
