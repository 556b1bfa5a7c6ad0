import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { FEED_PAGE_SIZE_MAX } from '@kanban/contracts';

export class ApiClientCreateDto {
  @ApiProperty({ description: "a name for people: which system uses it (e.g. 'ERP Müller GmbH')", maxLength: 100 })
  @IsString()
  @MaxLength(100)
  name!: string;
}

/** POST /api/oauth/token (RFC 6749 section 4.4): form-encoded or JSON; the client may instead authenticate with HTTP Basic. */
export class TokenRequestDto {
  @ApiProperty({ enum: ['client_credentials'] }) @IsIn(['client_credentials']) grant_type!: 'client_credentials';
  @ApiPropertyOptional({ description: 'the client id (or HTTP Basic user name)' }) @IsOptional() @IsString() @MaxLength(100) client_id?: string;
  @ApiPropertyOptional({ description: 'the secret (or HTTP Basic password)' }) @IsOptional() @IsString() @MaxLength(200) client_secret?: string;
  @ApiPropertyOptional({ description: 'ignored: a token always has the client\'s one scope (its supplier)' }) @IsOptional() @IsString() @MaxLength(200) scope?: string;
}

export const FEED_FORMATS = ['json', 'csv'] as const;
export const SUPPLY_FORMATS = ['json', 'csv', 'opentrans'] as const;

export class FeedQueryDto {
  @ApiPropertyOptional({ description: 'the next_cursor of the previous pull (absent or 0: from the start)', maxLength: 18 })
  @IsOptional()
  @IsString()
  @MaxLength(18)
  @Matches(/^\d{1,18}$/, { message: 'since must be the next_cursor of an earlier pull (a whole number)' })
  since?: string;
  @ApiPropertyOptional({ description: `at most this many supplies (1-${FEED_PAGE_SIZE_MAX}, default 100)` })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(FEED_PAGE_SIZE_MAX)
  limit?: number;
  @ApiPropertyOptional({ enum: FEED_FORMATS, description: 'json (default) or csv (or Accept: text/csv); csv names the cursor in X-Next-Cursor' })
  @IsOptional()
  @IsIn(FEED_FORMATS)
  format?: (typeof FEED_FORMATS)[number];
}

export class SupplyFormatQueryDto {
  @ApiPropertyOptional({ enum: SUPPLY_FORMATS, description: 'json (default), csv (or Accept: text/csv) or opentrans (openTRANS 2.1 ORDER; or Accept: application/xml)' })
  @IsOptional()
  @IsIn(SUPPLY_FORMATS)
  format?: (typeof SUPPLY_FORMATS)[number];
}

export class AckDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: "the supplier's own order number: lines become PO (without it: TR)", maxLength: 100 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(100)
  po_number?: string | null;
}
