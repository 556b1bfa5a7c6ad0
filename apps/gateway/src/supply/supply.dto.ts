import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { SUPPLY_SORTS, SUPPLY_STATES, type SupplySort, type SupplyState } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

export class SupplyListQueryDto {
  @ApiPropertyOptional({ enum: SUPPLY_STATES, description: 'open (default: not completely delivered), delivered or all' })
  @IsOptional()
  @IsIn(SUPPLY_STATES)
  state?: SupplyState;
  @ApiPropertyOptional({ description: 'supplies created in the last N days (default: all)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(3650) days?: number;
  @ApiPropertyOptional({ description: 'order id, supply id, or part of the customer, location or a line\'s SKU' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: SUPPLY_SORTS, description: 'default created_at (newest first)' }) @IsOptional() @IsIn(SUPPLY_SORTS) sort?: SupplySort;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class SupplyDeliveryDto {
  @ApiProperty({ description: 'true: delivered ("geliefert"); false: taken back ("noch nicht geliefert")' }) @IsBoolean() delivered!: boolean;
}

export class AssortmentQueryDto {
  @ApiPropertyOptional({ description: 'part of the customer name' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: ['customer', 'supplies', 'last_supply_at'] }) @IsOptional() @IsIn(['customer', 'supplies', 'last_supply_at']) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class AssortmentItemsQueryDto {
  @ApiPropertyOptional({ description: 'part of the SKU or name' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: ['sku', 'name', 'quantity', 'supplies', 'last_supply_at'] })
  @IsOptional()
  @IsIn(['sku', 'name', 'quantity', 'supplies', 'last_supply_at'])
  sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}
