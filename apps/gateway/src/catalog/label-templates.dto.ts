import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  COPIES_MODES,
  LABEL_TEMPLATE_KINDS,
  LABEL_TEMPLATE_LANGUAGES,
  LABEL_TEMPLATE_LIMITS,
  LABEL_TEMPLATE_SORTS,
  PRINT_OUTPUTS,
  PRINT_PAPERS,
  PRINT_SETTINGS_LIMITS as L,
  ZPL_DPIS,
} from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

export class LabelTemplateListQueryDto {
  @ApiPropertyOptional({ enum: LABEL_TEMPLATE_KINDS }) @IsOptional() @IsIn(LABEL_TEMPLATE_KINDS) type?: string;
  @ApiPropertyOptional({ description: 'part of name or description' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({
    description: "built-in keys, comma-separated, that match q as well (the web app's translated built-in names and descriptions that contain q)",
    example: 'kanban-card-a6,kanban-card-100x50',
  })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, { message: 'must be built-in keys (letters, digits, -) separated by commas' })
  builtin_keys?: string;
  @ApiPropertyOptional({
    enum: LABEL_TEMPLATE_LANGUAGES,
    description: "the interface language (default en): sort=name orders the built-ins by their names in it, as the web app shows them",
  })
  @IsOptional()
  @IsIn(LABEL_TEMPLATE_LANGUAGES)
  lang?: string;
  @ApiPropertyOptional({ enum: LABEL_TEMPLATE_SORTS }) @IsOptional() @IsIn(LABEL_TEMPLATE_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

/** A label template's writable fields (docs/label-printing.md); PATCH changes what it names. */
export class LabelTemplateUpdateDto {
  @ApiPropertyOptional({ maxLength: LABEL_TEMPLATE_LIMITS.name, description: 'unique in the company (1059)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(LABEL_TEMPLATE_LIMITS.name)
  name?: string;
  @ApiPropertyOptional({ maxLength: LABEL_TEMPLATE_LIMITS.description })
  @IsOptional()
  @IsString()
  @MaxLength(LABEL_TEMPLATE_LIMITS.description)
  description?: string;
  @ApiPropertyOptional({ enum: LABEL_TEMPLATE_KINDS }) @IsOptional() @IsIn(LABEL_TEMPLATE_KINDS) type?: (typeof LABEL_TEMPLATE_KINDS)[number];
  @ApiPropertyOptional({
    maxLength: LABEL_TEMPLATE_LIMITS.template,
    description: 'the XML (docs/label-templates.md); problems answer 1000 with line and column in errors',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(LABEL_TEMPLATE_LIMITS.template)
  template?: string;
  @ApiPropertyOptional({ description: "mm; must agree with the XML's <label width>" }) @IsOptional() @IsNumber() @Min(0) width?: number;
  @ApiPropertyOptional({ description: "mm; must agree with the XML's <label height>" }) @IsOptional() @IsNumber() @Min(0) height?: number;
}

export class LabelTemplateCreateDto extends OmitType(LabelTemplateUpdateDto, ['name', 'type', 'template'] as const) {
  @ApiProperty({ maxLength: LABEL_TEMPLATE_LIMITS.name })
  @IsString()
  @IsNotEmpty()
  @MaxLength(LABEL_TEMPLATE_LIMITS.name)
  name!: string;
  @ApiProperty({ enum: LABEL_TEMPLATE_KINDS }) @IsIn(LABEL_TEMPLATE_KINDS) type!: (typeof LABEL_TEMPLATE_KINDS)[number];
  @ApiProperty({ maxLength: LABEL_TEMPLATE_LIMITS.template })
  @IsString()
  @IsNotEmpty()
  @MaxLength(LABEL_TEMPLATE_LIMITS.template)
  template!: string;
}

const NULLABLE = 'null: as many as fit';

/** PATCH printsettings: the fields to change (the bounds of libs/labels layout.ts; the sheet fit is checked by the catalog). */
export class PrintSettingsUpdateDto {
  @ApiPropertyOptional({ enum: PRINT_PAPERS }) @IsOptional() @IsIn(PRINT_PAPERS) paper?: (typeof PRINT_PAPERS)[number];
  @ApiPropertyOptional({ nullable: true, minimum: L.columns.min, maximum: L.columns.max, description: NULLABLE })
  @IsOptional()
  @IsInt()
  @Min(L.columns.min)
  @Max(L.columns.max)
  columns?: number | null;
  @ApiPropertyOptional({ nullable: true, minimum: L.rows.min, maximum: L.rows.max, description: NULLABLE })
  @IsOptional()
  @IsInt()
  @Min(L.rows.min)
  @Max(L.rows.max)
  rows?: number | null;
  @ApiPropertyOptional({ description: 'mm' }) @IsOptional() @IsNumber() @Min(L.margin_top.min) @Max(L.margin_top.max) margin_top?: number;
  @ApiPropertyOptional({ description: 'mm' }) @IsOptional() @IsNumber() @Min(L.margin_left.min) @Max(L.margin_left.max) margin_left?: number;
  @ApiPropertyOptional({ description: 'mm' }) @IsOptional() @IsNumber() @Min(L.gap_x.min) @Max(L.gap_x.max) gap_x?: number;
  @ApiPropertyOptional({ description: 'mm' }) @IsOptional() @IsNumber() @Min(L.gap_y.min) @Max(L.gap_y.max) gap_y?: number;
  @ApiPropertyOptional({ description: 'mm, printer correction' }) @IsOptional() @IsNumber() @Min(L.offset_x.min) @Max(L.offset_x.max) offset_x?: number;
  @ApiPropertyOptional({ description: 'mm, printer correction' }) @IsOptional() @IsNumber() @Min(L.offset_y.min) @Max(L.offset_y.max) offset_y?: number;
  @ApiPropertyOptional({ description: '1-based position of the first label on the first sheet' })
  @IsOptional()
  @IsInt()
  @Min(L.start_position.min)
  @Max(L.start_position.max)
  start_position?: number;
  @ApiPropertyOptional({ enum: PRINT_OUTPUTS }) @IsOptional() @IsIn(PRINT_OUTPUTS) output?: (typeof PRINT_OUTPUTS)[number];
  @ApiPropertyOptional({ enum: ZPL_DPIS }) @IsOptional() @IsIn(ZPL_DPIS) zpl_dpi?: (typeof ZPL_DPIS)[number];
  @ApiPropertyOptional({ enum: COPIES_MODES }) @IsOptional() @IsIn(COPIES_MODES) copies_mode?: (typeof COPIES_MODES)[number];
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(L.copies.min) @Max(L.copies.max) copies?: number;
  @ApiPropertyOptional({ minimum: L.dpi.min, maximum: L.dpi.max, default: 200 }) @IsOptional() @IsInt() @Min(L.dpi.min) @Max(L.dpi.max) dpi?: number;
}
