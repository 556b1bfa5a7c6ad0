import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { DECISION_REASONS, ORDER_LIST_STATUSES, ORDER_SORTS, RULE_SORTS } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const FLAG = ['0', '1', 'true', 'false'];
const MAX_QUANTITY = 1_000_000_000;
const SCAN_CODE = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,49}$/;

/** A kanban rule's writable fields (stock, threshold and capacity in the item's unit). */
export class RuleCreateDto {
  @ApiProperty({ description: 'the location (of the item\'s customer)' }) @IsInt() @Min(1) location_id!: number;
  @ApiProperty({ description: 'the item (the catalog owns it; its ordering constraints apply)' }) @IsInt() @Min(1) item_id!: number;
  @ApiPropertyOptional({ description: 'reorder point: a run orders when stock plus what is on order is at or below it (default 0)' })
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(MAX_QUANTITY)
  threshold?: number;
  @ApiProperty({ description: 'fill-up level, above the threshold' }) @IsNumber() @Min(0.000001) @Max(MAX_QUANTITY) capacity!: number;
  @ApiPropertyOptional({ description: 'current stock (default 0)' }) @IsOptional() @IsNumber() @Min(0) @Max(MAX_QUANTITY) stock?: number;
  @ApiPropertyOptional({ description: 'code of the bin label (unique in the company; default KR + id)', maxLength: 50 })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  @Matches(SCAN_CODE, { message: 'scan_code must be 1 to 50 letters, digits or . _ - /' })
  scan_code?: string;
  @ApiPropertyOptional({ description: 'default true' }) @IsOptional() @IsBoolean() active?: boolean;
}

/** PATCH: every field optional; location and item of a rule do not change. */
export class RuleUpdateDto extends PartialType(OmitType(RuleCreateDto, ['location_id', 'item_id'] as const)) {}

export class RuleListQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: also inactive rules' }) @IsOptional() @IsIn(FLAG) all?: string;
  @ApiPropertyOptional({ description: 'part of SKU, item name, location name or scan code' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) customer_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) location_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) item_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) supplier_id?: number;
  @ApiPropertyOptional({ enum: DECISION_REASONS, description: 'rules whose last decision has this reason' }) @IsOptional() @IsIn(DECISION_REASONS) reason?: string;
  @ApiPropertyOptional({ enum: RULE_SORTS, description: 'default: location' }) @IsOptional() @IsIn(RULE_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class StockDto {
  @ApiProperty({ description: 'the counted stock in the item\'s unit' }) @IsNumber() @Min(0) @Max(MAX_QUANTITY) stock!: number;
}

/** A scanned bin label: the bin is empty, or holds `count`. */
export class ScanDto {
  @ApiProperty({ description: 'the code on the bin label (the rule\'s scan_code)' }) @IsString() @IsNotEmpty() @MaxLength(50) code!: string;
  @ApiPropertyOptional({ description: 'true: the bin is empty (stock 0)' }) @IsOptional() @IsBoolean() empty?: boolean;
  @ApiPropertyOptional({ description: 'the counted stock (instead of empty)' })
  @ValidateIf((o: ScanDto) => o.count !== undefined)
  @IsNumber()
  @Min(0)
  @Max(MAX_QUANTITY)
  count?: number;
}

export class RuleDeleteQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: also delete the stock history (without it, a rule with stock changes answers 1002)' })
  @IsOptional()
  @IsIn(FLAG)
  confirm?: string;
}

export class OrderListQueryDto {
  @ApiPropertyOptional({ description: 'orders of the last N days (default 30)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(3650) days?: number;
  @ApiPropertyOptional({
    enum: [0, 1, -1],
    description: 'ext status: 0 not yet confirmed (KA; only orders still open or confirmed, not delivered or cancelled), 1 confirmed by the supplier (OK), -1 error (FE); orders only',
  })
  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1, -1])
  extstatus?: 0 | 1 | -1;
  @ApiPropertyOptional({ enum: ORDER_LIST_STATUSES, description: 'orders of this status (orders only)' }) @IsOptional() @IsIn(ORDER_LIST_STATUSES) status?: (typeof ORDER_LIST_STATUSES)[number];
  @ApiPropertyOptional({ description: 'part of the customer, location or supplier name, or the order number' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: ORDER_SORTS, description: 'default created_at (newest first)' }) @IsOptional() @IsIn(ORDER_SORTS) sort?: (typeof ORDER_SORTS)[number];
  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'default desc for the default sort, asc for a named one' }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class OrderUpdateDto {
  @ApiPropertyOptional({ enum: [1], description: 'update to OK (confirms the open lines)' }) @IsOptional() @IsIn([1]) ext_status?: 1;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) comment?: string;
}

/** POST order/{orderID}/timetracking: a service visit (docs/ordering-flags.md "Time tracking"). */
export class TimeTrackingDto {
  @ApiProperty({ minimum: 1, maximum: 1440, description: 'the visit\'s minutes (a whole number, at most a day)' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1440)
  minutes!: number;
  @ApiPropertyOptional({ maxLength: 500, nullable: true, description: 'what was done (counted, refilled ...)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  comment?: string | null;
}

/** One line of a new order (documentation of the shape; the orders service checks each line and names `lines[i].field`). */
export class NewOrderLineDto {
  @ApiProperty({ description: 'the item (one of the customer\'s, with an active kanban rule at the location)' }) item_id!: number;
  @ApiProperty({ description: 'quantity in the line\'s unit (default the order unit): in order units at least MOQ (1014), at most MXOQ (1015), a multiple of the increment (1016)' })
  quantity!: number;
  @ApiPropertyOptional({ description: 'the order unit (default), or the item unit: the quantity is then converted by the quantity per order unit; another unit answers 1017' }) unit?: string;
  @ApiPropertyOptional({ description: 'the item\'s SKU, checked when given (1017)' }) sku?: string;
}

export class NewOrderDto {
  @ApiProperty({ type: [NewOrderLineDto], description: '1 to 200 lines, each item once' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  lines!: NewOrderLineDto[];
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) comment?: string;
}

export class RejectRequestDto {
  @ApiPropertyOptional({ maxLength: 500, description: 'why the request was rejected (kept in the order\'s history)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
