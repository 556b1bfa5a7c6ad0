import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { TEMPLATE_FILE_ENCODINGS, TEMPLATE_LIMITS, TEMPLATE_LINE_BREAKS, TEMPLATE_SORTS, type TemplateFileEncoding, type TemplateLineBreak } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const L = TEMPLATE_LIMITS;
const PLACEHOLDERS = 'Handlebars with the placeholders and helpers of docs/notification-templates.md; checked on save (1000 naming header or body with line and column)';

/** An e-mail template's fields (docs/notifications.md "Templates"); PATCH changes what it names. */
export class EmailTemplateUpdateDto {
  @ApiPropertyOptional({ maxLength: L.name, description: 'unique in the company (1059)' })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(L.name)
  name?: string;

  @ApiPropertyOptional({ maxLength: L.header, description: `the subject (one line when rendered); ${PLACEHOLDERS}` })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(L.header)
  header?: string;

  @ApiPropertyOptional({ maxLength: L.body, description: `the text, or HTML when it starts with a tag; ${PLACEHOLDERS}` })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @MaxLength(L.body)
  body?: string;
}

export class EmailTemplateCreateDto extends OmitType(EmailTemplateUpdateDto, ['name', 'header'] as const) {
  @ApiProperty({ maxLength: L.name, description: 'unique in the company (1059)' }) @IsString() @IsNotEmpty() @MaxLength(L.name) name!: string;
  @ApiProperty({ maxLength: L.header, description: `the subject; ${PLACEHOLDERS}` }) @IsString() @IsNotEmpty() @MaxLength(L.header) header!: string;
}

/** A file template's fields; PATCH changes what it names. */
export class FileTemplateUpdateDto {
  @ApiPropertyOptional({ maxLength: L.name, description: 'unique in the company (1059)' })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(L.name)
  name?: string;

  @ApiPropertyOptional({ maxLength: L.header, description: `written once at the top; ${PLACEHOLDERS}` })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @MaxLength(L.header)
  header?: string;

  @ApiPropertyOptional({ maxLength: L.body, description: `written once per order line (line, item, kanban_rule, storage); ${PLACEHOLDERS}` })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @MaxLength(L.body)
  body?: string;

  @ApiPropertyOptional({ enum: [...TEMPLATE_FILE_ENCODINGS], description: 'default UTF-8' })
  @ValidateIf((_, v) => v !== undefined)
  @IsIn([...TEMPLATE_FILE_ENCODINGS])
  encoding?: TemplateFileEncoding;

  @ApiPropertyOptional({ enum: [...TEMPLATE_LINE_BREAKS], description: 'default CRLF' })
  @ValidateIf((_, v) => v !== undefined)
  @IsIn([...TEMPLATE_LINE_BREAKS])
  linebreak?: TemplateLineBreak;
}

export class FileTemplateCreateDto extends OmitType(FileTemplateUpdateDto, ['name'] as const) {
  @ApiProperty({ maxLength: L.name, description: 'unique in the company (1059)' }) @IsString() @IsNotEmpty() @MaxLength(L.name) name!: string;
}

export class TemplateListQueryDto {
  @ApiPropertyOptional({ description: 'part of the name' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: TEMPLATE_SORTS }) @IsOptional() @IsIn(TEMPLATE_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class TemplateExecuteQueryDto {
  @ApiPropertyOptional({ description: "an order of the company to render on (default: the company's latest order; the sample order when it has none)" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  order?: number;

  @ApiPropertyOptional({ enum: ['de', 'en'], description: 'how the date and number helpers write (default de)' }) @IsOptional() @IsIn(['de', 'en']) locale?: 'de' | 'en';
}
