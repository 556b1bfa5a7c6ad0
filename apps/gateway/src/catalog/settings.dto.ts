import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_KEY_PATTERN,
  CUSTOM_FIELD_SORTS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldValue,
  STORAGE_TYPE_SORTS,
  UNIT_SORTS,
} from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const FLAG = ['0', '1', 'true', 'false'];

class PageQueryDto {
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class UnitListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'part of code, name or description' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: UNIT_SORTS }) @IsOptional() @IsIn(UNIT_SORTS) sort?: string;
}

/** A unit's writable fields (spec 3); PATCH changes what it names. */
export class UnitUpdateDto {
  @ApiPropertyOptional({ maxLength: 20, description: 'unique in the company (1059); items refer to it' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  @Matches(/^\s*\S+\s*$/, { message: 'code must not contain spaces' })
  code?: string;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
}

export class UnitCreateDto extends OmitType(UnitUpdateDto, ['code', 'name'] as const) {
  @ApiProperty({ maxLength: 20 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  @Matches(/^\s*\S+\s*$/, { message: 'code must not contain spaces' })
  code!: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @MaxLength(100) name!: string;
}

export class StorageTypeListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'part of name or description' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: STORAGE_TYPE_SORTS }) @IsOptional() @IsIn(STORAGE_TYPE_SORTS) sort?: string;
}

/** A storage type's writable fields (spec 3). */
export class StorageTypeUpdateDto {
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
}

export class StorageTypeCreateDto extends OmitType(StorageTypeUpdateDto, ['name'] as const) {
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty() @MaxLength(100) name!: string;
}

export class CustomFieldListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: CUSTOM_FIELD_ENTITIES, description: 'only the fields of this kind of record' })
  @IsOptional()
  @IsIn(CUSTOM_FIELD_ENTITIES)
  entity?: string;
  @ApiPropertyOptional({ description: 'part of key or label' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: CUSTOM_FIELD_SORTS }) @IsOptional() @IsIn(CUSTOM_FIELD_SORTS) sort?: string;
}

/** A custom field definition's changeable fields (kind and key are fixed once created). */
export class CustomFieldUpdateDto {
  @ApiPropertyOptional({ maxLength: 200 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) label?: string;
  @ApiPropertyOptional({ enum: CUSTOM_FIELD_TYPES }) @IsOptional() @IsIn(CUSTOM_FIELD_TYPES) type?: string;
  @ApiPropertyOptional({ type: [String], description: 'the choices of a select field (required for select)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(100, { each: true })
  options?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() required?: boolean;
  @ApiPropertyOptional({ description: 'position in forms, ascending' }) @IsOptional() @IsInt() @Min(0) @Max(1_000_000) sort?: number;
}

export class CustomFieldCreateDto extends OmitType(CustomFieldUpdateDto, ['label', 'type'] as const) {
  @ApiProperty({ enum: CUSTOM_FIELD_ENTITIES }) @IsIn(CUSTOM_FIELD_ENTITIES) entity!: string;
  @ApiProperty({ maxLength: 50, description: 'a-z, 0-9 and _, starting with a letter; unique per kind (1059)' })
  @IsString()
  @MaxLength(50)
  @Matches(CUSTOM_FIELD_KEY_PATTERN, { message: 'key must start with a lower-case letter and hold only a-z, 0-9 and _' })
  key!: string;
  @ApiProperty({ maxLength: 200 }) @IsString() @IsNotEmpty() @MaxLength(200) label!: string;
  @ApiProperty({ enum: CUSTOM_FIELD_TYPES }) @IsIn(CUSTOM_FIELD_TYPES) type!: string;
}

export class ConfirmQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: go on although stored values would be lost (else 1002)' })
  @IsOptional()
  @IsIn(FLAG)
  confirm?: string;
}

export class CustomValuesDtoIn {
  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }], nullable: true },
    description: 'values by field key; a key left out, null or empty clears the value',
  })
  @IsObject()
  values!: Record<string, CustomFieldValue | null>;
}

