import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AppError } from '@kanban/access';
import { IMAGE_OWNER_FIELDS, type ImageOwner } from '@kanban/contracts';

const FLAG = ['0', '1', 'true', 'false'];
const MAX_ID = 2_147_483_647;

/** The entity ids an image may belong to (form fields or query parameters): exactly one is sent. */
export class ImageOwnerDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_ID) customer_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_ID) location_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_ID) storage_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_ID) storage_location_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_ID) supplier_id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_ID) item_id?: number;
}

/** The multipart options of an upload (besides the file in `image`). */
export class EntityImageUploadDto extends ImageOwnerDto {
  @ApiPropertyOptional({ description: 'replace the bytes of this image of the entity (its flags stay unless sent)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  image_id?: number;

  @ApiPropertyOptional({ enum: FLAG, description: '1: the entity\'s selected image (the others lose the flag); default: 1 for its first image' })
  @IsOptional()
  @IsIn(FLAG)
  selected?: string;

  @ApiPropertyOptional({ enum: FLAG, description: '1: the image printed on labels (the others lose the flag)' })
  @IsOptional()
  @IsIn(FLAG)
  selected_label?: string;
}

export class EntityImageUpdateDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_ID) id!: number;
  @ApiPropertyOptional({ description: 'true: the selected image of its entity; false: not selected' }) @IsOptional() @IsBoolean() selected?: boolean;
  @ApiPropertyOptional({ description: 'true: the label image of its entity; false: not' }) @IsOptional() @IsBoolean() selected_label?: boolean;
}

export class EntityImageDeleteDto {
  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  ids!: number[];
}

export function flagOf(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : value === '1' || value === 'true';
}

/** The one entity id sent; none or several answer 1000 naming the field. */
export function ownerOf(dto: ImageOwnerDto): ImageOwner {
  const sent = IMAGE_OWNER_FIELDS.filter((field) => dto[field] !== undefined);
  if (sent.length === 0) throw AppError.validation('customer_id', `name the entity: one of ${IMAGE_OWNER_FIELDS.join(', ')}`);
  if (sent.length > 1) throw AppError.validation(sent[1]!, `name one entity only (${sent.join(' and ')} were sent)`);
  return { field: sent[0]!, id: dto[sent[0]!]! };
}
