import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
  ValidateIf,
} from 'class-validator';
import { Equals as EqualsField } from './equals-field';
import { MAX_PAGE } from '../http/validation';

const COUNTRIES = ['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'FR', 'LU', 'NL', 'PL'];
const LANGUAGES = ['de', 'en'];

export class AuthenticateDto {
  @ApiProperty({ example: 'admin@demo.example' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  Email!: string;

  @ApiProperty({ example: 'demo12345' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  Password!: string;
}

export class RefreshDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  RefreshToken!: string;
}

/** Either { Email } to request a reset mail, or { token, password, password_confirm } to set a new one. */
export class ResetPasswordDto {
  @ApiPropertyOptional()
  @ValidateIf((o: ResetPasswordDto) => !o.token)
  @IsEmail()
  @MaxLength(254)
  Email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  token?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: ResetPasswordDto) => !!o.token)
  @IsString()
  @MinLength(8)
  @MaxLength(200)
  password?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: ResetPasswordDto) => !!o.token)
  @IsString()
  @MaxLength(200)
  @EqualsField('password', { message: 'Passwords are not equal' })
  password_confirm?: string;
}

export class RegisterDto {
  @ApiPropertyOptional({ description: 'invitation token from the mailed link' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  token?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: RegisterDto) => !o.token)
  @IsEmail()
  @MaxLength(254)
  email?: string;

  @ApiProperty()
  @IsString()
  @MinLength(8)
  @MaxLength(200)
  password!: string;

  @ApiProperty()
  @IsString()
  @MaxLength(200)
  @EqualsField('password', { message: 'Passwords are not equal' })
  password_confirm!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  first_name!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  last_name!: string;

  @ApiPropertyOptional({ description: 'required without invitation token: opens a new company' })
  @ValidateIf((o: RegisterDto) => !o.token)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  company_name?: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  pref_language?: 'de' | 'en';
}

export class TokenDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token!: string;
}

export class UserDataDto {
  @ApiPropertyOptional({ type: [String], description: 'menu item ids starred by the user' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  shortcuts?: string[];

  /** further keys pass through as stored (UserData) */
  [key: string]: unknown;
}

export class ProfileUpdateDto {
  @ApiPropertyOptional({ description: 'left out: unchanged; null is refused (1000)' })
  @ValidateIf((_dto: unknown, value: unknown) => value !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  first_name?: string;

  @ApiPropertyOptional({ description: 'left out: unchanged; null is refused (1000)' })
  @ValidateIf((_dto: unknown, value: unknown) => value !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  last_name?: string;

  @ApiPropertyOptional({ maxLength: 2 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2)
  initials?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  job_title?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(50)
  salutation?: string;

  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES)
  pref_language?: 'de' | 'en';

  @ApiPropertyOptional({ type: UserDataDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => UserDataDto)
  data?: UserDataDto;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'null removes the profile image; the current id is accepted unchanged; upload a new one with POST /api/image/',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  image_id?: number | null;
}

export class ChangePasswordDto {
  @ApiProperty({ description: 'the password in use now; a wrong one answers 1026 naming current_password' })
  @IsString()
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(200)
  current_password!: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MinLength(8)
  @MaxLength(200)
  password!: string;

  @ApiProperty()
  // Decorators register bottom-up and validation stops at the first failure: "required" is checked first.
  @EqualsField('password', { message: 'Passwords do not match' })
  @IsNotEmpty({ message: 'Password confirm is required' })
  @IsString()
  @MaxLength(200)
  password_confirm!: string;
}

export class CompanyUpdateDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) nr?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) extended?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) street?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) postal?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) state?: string;
  @ApiPropertyOptional({ enum: COUNTRIES }) @IsOptional() @IsIn(COUNTRIES) country_iso?: string;
  @ApiPropertyOptional({ example: 'Europe/Berlin' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/)
  timezone?: string;
}

export class SupportDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) subject!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(10_000) message!: string;
}

export class AccessRestrictionDto {
  @ApiProperty() @IsInt() @Min(1) user_id!: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) customer_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) location_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) supplier_id?: number;
}

/** Another user's profile in the company: without the profile image, which only its owner sets or removes. */
export class CompanyUserUpdateDto extends OmitType(ProfileUpdateDto, ['image_id'] as const) {
  @ApiPropertyOptional({ description: 'role code 0-6' }) @IsOptional() @IsInt() @Min(0) @Max(6) role?: number;
  @ApiPropertyOptional({ description: 'may use the mobile app' }) @IsOptional() @IsBoolean() app?: boolean;
}

export class CompanyUserCreateDto extends CompanyUserUpdateDto {
  @ApiProperty() @IsEmail() @MaxLength(254) email!: string;
  @ApiProperty({ description: 'role code 0-6' }) @IsInt() @Min(0) @Max(6) declare role: number;
}

/** How the user lists sort (users of the company, users of a customer, location or supplier). */
const USER_SORTS = ['email', 'first_name', 'last_name', 'role', 'created_at'];

export class ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
  @ApiPropertyOptional({ enum: USER_SORTS }) @IsOptional() @IsIn(USER_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ description: '1: only users with access restrictions' })
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'])
  restricted?: string;

  @ApiPropertyOptional({ description: 'only users with this role code (0-6)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(6)
  role?: number;
}

export class LicenseDto {
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) max_users?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) max_customers?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) max_suppliers?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) max_readonly?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) max_app_users?: number;
}

export class PlatformCompanyUpdateDto extends CompanyUpdateDto {
  @ApiPropertyOptional({ type: LicenseDto }) @IsOptional() @ValidateNested() @Type(() => LicenseDto) license?: LicenseDto;
}

export class PlatformCompanyCreateDto extends PlatformCompanyUpdateDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) declare name: string;
  @ApiPropertyOptional({ description: 'existing user who becomes owner' }) @IsOptional() @IsEmail() @MaxLength(254) owner_email?: string;
}
