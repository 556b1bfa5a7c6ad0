import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { SERVER_LIMITS, SERVER_SORTS, SERVER_TYPES, SMTP_SECURITIES, type ServerType, type SmtpSecurity, type SshAlgorithms } from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const L = SERVER_LIMITS;

/**
 * A server's writable fields (docs/notifications.md); PATCH changes what it names. The secrets (password, private key,
 * passphrase) are never answered: absent keeps them, null or '' clears them.
 */
export class ServerUpdateDto {
  @ApiPropertyOptional({ maxLength: L.name, description: 'unique in the company (1059)' })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(L.name)
  name?: string;

  @ApiPropertyOptional({ enum: [...SERVER_TYPES] }) @ValidateIf((_, v) => v !== undefined) @IsIn([...SERVER_TYPES]) type?: ServerType;

  @ApiPropertyOptional({ maxLength: L.host, description: 'host name or IP address, without scheme, port or path' })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(L.host)
  host?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 65535, description: "default by type: SMTP 25 (STARTTLS 587, TLS 465), SFTP 22, FTP(S) 21, HTTP 80, HTTPS 443, IMAP 143 (TLS 993)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  port?: number;

  @ApiPropertyOptional({ maxLength: L.user, description: 'the user name to sign in with' }) @IsOptional() @IsString() @MaxLength(L.user) user?: string;

  @ApiPropertyOptional({ maxLength: L.password, nullable: true, description: 'write only; null or empty clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(L.password)
  password?: string | null;

  @ApiPropertyOptional({ maxLength: L.private_key, nullable: true, description: 'SFTP only: a private key in PEM or OpenSSH form; write only; null or empty clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(L.private_key)
  private_key?: string | null;

  @ApiPropertyOptional({ maxLength: L.passphrase, nullable: true, description: "the private key's passphrase; write only; null or empty clears it" })
  @IsOptional()
  @IsString()
  @MaxLength(L.passphrase)
  passphrase?: string | null;

  @ApiPropertyOptional({ enum: [...SMTP_SECURITIES], nullable: true, description: 'SMTP (default none) and IMAP (default tls; none only to a loopback host): plain, STARTTLS, or TLS from the start' })
  @IsOptional()
  @IsIn([...SMTP_SECURITIES])
  smtp_security?: SmtpSecurity | null;

  @ApiPropertyOptional({
    nullable: true,
    description: 'SFTP only, for old servers: per kind the SSH algorithms offered instead of the defaults (a kind left out keeps them), lists of at most 20 names: {kex, cipher, host_key, hmac}',
    example: { kex: ['diffie-hellman-group1-sha1'], host_key: ['ssh-rsa'] },
  })
  @IsOptional()
  @IsObject()
  ssh_algorithms?: SshAlgorithms | null;

  @ApiPropertyOptional({ description: "SMTP, FTPS, HTTPS, IMAP: check the server's TLS certificate (default true; false accepts a self-signed one)" })
  @ValidateIf((_, v) => v !== undefined)
  @IsBoolean()
  tls_verify?: boolean;
}

export class ServerCreateDto extends OmitType(ServerUpdateDto, ['name', 'type', 'host'] as const) {
  @ApiProperty({ maxLength: L.name, description: 'unique in the company (1059)' }) @IsString() @IsNotEmpty() @MaxLength(L.name) name!: string;
  @ApiProperty({ enum: [...SERVER_TYPES] }) @IsIn([...SERVER_TYPES]) type!: ServerType;
  @ApiProperty({ maxLength: L.host, description: 'host name or IP address, without scheme, port or path' }) @IsString() @IsNotEmpty() @MaxLength(L.host) host!: string;
}

export class ServerListQueryDto {
  @ApiPropertyOptional({ enum: [...SERVER_TYPES], description: 'only servers of this type' }) @IsOptional() @IsIn([...SERVER_TYPES]) type?: ServerType;
  @ApiPropertyOptional({ description: 'part of the name, host or user' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: SERVER_SORTS }) @IsOptional() @IsIn(SERVER_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}
