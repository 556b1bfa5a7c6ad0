import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CUSTOMER_COUNTRIES, LOCATION_SORTS, REQUISITION_SLOTS, WEEKDAYS, type RequisitionSlot, type TakePicture, type Weekday } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const COUNTRY_OR_EMPTY = ['', ...CUSTOMER_COUNTRIES];
const FLAG = ['0', '1', 'true', 'false'];
const SLOTS = [...REQUISITION_SLOTS];

function Slots(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: [String], enum: SLOTS })(target, key);
    IsOptional()(target, key);
    IsArray()(target, key);
    ArrayMaxSize(SLOTS.length * 2)(target, key);
    IsIn(SLOTS, { each: true })(target, key);
  };
}

/** Requisition slots per weekday and for "business days" (Monday to Friday); rows left out are empty. */
export class LocationScheduleDto {
  @Slots() monday?: RequisitionSlot[];
  @Slots() tuesday?: RequisitionSlot[];
  @Slots() wednesday?: RequisitionSlot[];
  @Slots() thursday?: RequisitionSlot[];
  @Slots() friday?: RequisitionSlot[];
  @Slots() saturday?: RequisitionSlot[];
  @Slots() sunday?: RequisitionSlot[];
  @Slots() business_days?: RequisitionSlot[];
}

/** Delivery days and schedule (PATCH location/{id}/delivery; also accepted by create and PATCH). */
export class LocationDeliveryDto {
  @ApiPropertyOptional({ type: [String], enum: [...WEEKDAYS], description: 'weekdays on which deliveries are accepted' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(14)
  @IsIn([...WEEKDAYS], { each: true })
  delivery_days?: Weekday[];

  @ApiPropertyOptional({ type: LocationScheduleDto, description: 'replaces the whole schedule' })
  @IsOptional()
  @ValidateNested()
  @Type(() => LocationScheduleDto)
  schedule?: LocationScheduleDto;
}

/** A location's writable fields (spec 3); every field optional: PATCH changes what it names. */
export class LocationUpdateDto extends LocationDeliveryDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional({ description: 'location number, unique within the customer when set (1059)' }) @IsOptional() @IsString() @MaxLength(50) nr?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) extended_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) street?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) postal?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) state?: string;
  @ApiPropertyOptional({ enum: COUNTRY_OR_EMPTY }) @IsOptional() @IsIn(COUNTRY_OR_EMPTY) country_iso?: string;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: -90, maximum: 90 }) @IsOptional() @IsNumber() @Min(-90) @Max(90) geo_lat?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: -180, maximum: 180 }) @IsOptional() @IsNumber() @Min(-180) @Max(180) geo_long?: number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) cost_center?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) building?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) room?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) plant?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) site_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) recipient?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) trolley_number?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) r3_plant?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) account_assignment_number?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) account_assignment_type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) ext_system_id?: string;
  @ApiPropertyOptional({ description: 'position when sorted by sort' }) @IsOptional() @IsInt() @Min(-1_000_000) @Max(1_000_000) sort?: number;

  @ApiPropertyOptional({ description: 'service fee in EUR (cents)' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(1_000_000)
  service_fee_quantity?: number;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'service item; 0 or null: not set' })
  @IsOptional()
  @IsInt()
  @Min(0)
  service_fee_item_id?: number | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean() deltakanban?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() adhoc?: boolean;
  @ApiPropertyOptional({ enum: [0, 1, 2], description: '0 none, 1 optional, 2 required' }) @IsOptional() @IsIn([0, 1, 2]) take_picture?: TakePicture;
}

export class LocationCreateDto extends OmitType(LocationUpdateDto, ['name'] as const) {
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class LocationListQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: also inactive locations' }) @IsOptional() @IsIn(FLAG) all?: string;
  @ApiPropertyOptional({ description: 'part of name, number or city' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: LOCATION_SORTS }) @IsOptional() @IsIn(LOCATION_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}
