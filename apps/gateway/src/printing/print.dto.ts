import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  Validate,
} from 'class-validator';
import { LABEL_TEMPLATE_KINDS, LABEL_TEMPLATE_LIMITS, type LabelTemplateKind } from '@kanban/contracts';

const MAX_ID = 2_147_483_647;

/** `form`: at most 100 answers, names as the template language's input names, values texts or numbers of up to 1000 characters. */
@ValidatorConstraint({ name: 'formAnswers' })
class FormAnswers implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const entries = Object.entries(value as Record<string, unknown>);
    return (
      entries.length <= 100 &&
      entries.every(
        ([name, answer]) =>
          /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) &&
          ((typeof answer === 'string' && answer.length <= 1000) || (typeof answer === 'number' && Number.isFinite(answer))),
      )
    );
  }
  defaultMessage(): string {
    return 'form must map input names (letters, digits, _) to texts of up to 1000 characters or numbers, at most 100 of them';
  }
}

/** The body of `POST …/print/{type}` (PrintRequest). */
export class PrintBodyDto {
  @ApiProperty({ description: 'the label template (catalog)' }) @IsInt() @Min(1) @Max(MAX_ID) template_id!: number;
  @ApiPropertyOptional({ type: [Number], description: 'item labels: these kanban rules (none: all active rules of the location or customer)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5000)
  @IsInt({ each: true, message: 'rule_ids must be a list of ids' })
  @Min(1, { each: true, message: 'rule_ids must be a list of ids' })
  @Max(MAX_ID, { each: true, message: 'rule_ids must be a list of ids' })
  rule_ids?: number[];
  @ApiPropertyOptional({ type: [Number], description: 'item labels: the rules of these items' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5000)
  @IsInt({ each: true, message: 'item_ids must be a list of ids' })
  @Min(1, { each: true, message: 'item_ids must be a list of ids' })
  @Max(MAX_ID, { each: true, message: 'item_ids must be a list of ids' })
  item_ids?: number[];
  @ApiPropertyOptional({ type: [Number], description: "location labels: these locations (none: the customer's active locations)" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5000)
  @IsInt({ each: true, message: 'location_ids must be a list of ids' })
  @Min(1, { each: true, message: 'location_ids must be a list of ids' })
  @Max(MAX_ID, { each: true, message: 'location_ids must be a list of ids' })
  location_ids?: number[];
  @ApiPropertyOptional({ description: "delivery note and order lines: only this supplier's lines (a supply's delivery note)" }) @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) supplier_id?: number;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] }, description: "answers to the template's inputs" })
  @IsOptional()
  @IsObject()
  @Validate(FormAnswers)
  form?: Record<string, string | number>;
  @ApiPropertyOptional({ description: "the first label's position on the first sheet (overrides the settings)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5000)
  start_position?: number;
  @ApiPropertyOptional({ description: 'copies of every label (overrides the settings and the kanban cards)' }) @IsOptional() @IsInt() @Min(1) @Max(1000) copies?: number;
  @ApiPropertyOptional({ description: 'the download file name (default label.pdf / label.zpl)', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[^/\\\u0000-\u001f"]+$/, { message: 'filename must not contain slashes, quotes or control characters' })
  filename?: string;
}

const A4_VALUES = ['true', 'false', '1', '0'];

export class PrintQueryDto {
  @ApiPropertyOptional({
    enum: A4_VALUES,
    description: "true: sheets (A4, or Letter when the settings say so); false: one label per page (label printer) or ZPL when the settings' output is zpl; default: the settings' output",
  })
  @IsOptional()
  @IsIn(A4_VALUES, { message: 'A4 must be true or false' })
  A4?: string;
}

export class PrintTemplatesQueryDto {
  @ApiPropertyOptional({ enum: LABEL_TEMPLATE_KINDS }) @IsOptional() @IsIn(LABEL_TEMPLATE_KINDS) type?: LabelTemplateKind;
}

export class PreviewSourceDto {
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) rule_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) item_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) customer_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) location_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) order_id?: number;
}

/** The body of `POST labeltemplates/preview` (PrintPreviewRequest). */
export class PreviewBodyDto {
  @ApiProperty({ description: 'the template XML (docs/label-templates.md)', maxLength: LABEL_TEMPLATE_LIMITS.template })
  @IsString()
  @MaxLength(LABEL_TEMPLATE_LIMITS.template)
  template!: string;
  @ApiPropertyOptional({ enum: LABEL_TEMPLATE_KINDS, description: 'chooses the sample data (default Item)' })
  @IsOptional()
  @IsIn(LABEL_TEMPLATE_KINDS)
  type?: LabelTemplateKind;
  @ApiPropertyOptional({ type: PreviewSourceDto, description: 'the data to preview with (none: the sample order)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PreviewSourceDto)
  source?: PreviewSourceDto;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } })
  @IsOptional()
  @IsObject()
  @Validate(FormAnswers)
  form?: Record<string, string | number>;
  @ApiPropertyOptional({ description: 'the label page to show (default 1)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  page?: number;
}
