import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { CONTACT_GENDERS, CONTACT_SORTS } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

/** Empty or an e-mail address (one @, no spaces, a dot in the domain): the service checks the same. */
const EMAIL_OR_EMPTY = /^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A contact's writable fields (spec 3); every field optional: PATCH changes what it names. */
export class ContactUpdateDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) first_name?: string;
  @ApiPropertyOptional({ description: 'last name', maxLength: 100 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;
  @ApiPropertyOptional({ enum: CONTACT_GENDERS, description: "f, m, d or '' (not given)" })
  @IsOptional()
  @IsIn(CONTACT_GENDERS)
  gender?: (typeof CONTACT_GENDERS)[number];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) job_title?: string;
  @ApiPropertyOptional({ description: 'empty or a valid e-mail address (else 1000, field email)' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  @Matches(EMAIL_OR_EMPTY, { message: 'email must be an e-mail address' })
  email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) tel_mobile?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) tel_office?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) salutation_line?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) ext_system_id?: string;
}

export class ContactCreateDto extends OmitType(ContactUpdateDto, ['name'] as const) {
  @ApiProperty({ description: 'last name', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;
}

export class ContactListQueryDto {
  @ApiPropertyOptional({ description: 'part of name, first name, e-mail or job title' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;
  @ApiPropertyOptional({ enum: CONTACT_SORTS }) @IsOptional() @IsIn(CONTACT_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class ChangeListQueryDto {
  @ApiPropertyOptional({ description: 'customer, supplier, contact, location, item, ...' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  entity_kind?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) entity_id?: number;
  @ApiPropertyOptional({ description: 'ISO date or date-time: entries at or after it' })
  @IsOptional()
  @IsISO8601()
  from?: string;
  @ApiPropertyOptional({ description: 'ISO date (whole day) or date-time: entries before it' })
  @IsOptional()
  @IsISO8601()
  to?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}
