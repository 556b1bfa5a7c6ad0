import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_RULE_LIMITS,
  NOTIFICATION_RULE_SORTS,
  NOTIFICATION_RULE_TYPES,
  RECIPIENT_KINDS,
  RESPONSE_PLACEHOLDERS,
  RESPONSE_TARGETS,
  type NotificationEvent,
  type NotificationRuleType,
  type RecipientKind,
  type ResponseTarget,
} from '@kanban/contracts';
import { MAX_PAGE } from '../http/validation';

const L = NOTIFICATION_RULE_LIMITS;
const FLAG = ['0', '1', 'true', 'false'];
const PLACEHOLDERS = 'placeholders as in templates (docs/notification-templates.md), checked on save';

/** A response expression (issue 18 item 5): what it sets, and a regular expression with {order_id}-style placeholders. */
export class ResponseExpressionDto {
  @ApiProperty({ enum: [...RESPONSE_TARGETS] }) @IsIn([...RESPONSE_TARGETS]) target!: ResponseTarget;

  @ApiProperty({ maxLength: L.pattern, description: `a JavaScript regular expression without slashes; placeholders ${RESPONSE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}` })
  @IsString()
  @IsNotEmpty()
  @MaxLength(L.pattern)
  pattern!: string;
}

/** A recipient's fields; PATCH changes what it names. */
export class NotificationRecipientUpdateDto {
  @ApiPropertyOptional({ enum: [...RECIPIENT_KINDS], description: 'contact (contact_id), user (user_id) or email (email, name)' })
  @ValidateIf((_, v) => v !== undefined)
  @IsIn([...RECIPIENT_KINDS])
  kind?: RecipientKind;

  @ApiPropertyOptional({ nullable: true, description: "kind contact: a contact of the rule's customer (a location's customer) or supplier" })
  @IsOptional()
  @IsInt()
  @Min(1)
  contact_id?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'kind user: a member of the company' }) @IsOptional() @IsInt() @Min(1) user_id?: number | null;

  @ApiPropertyOptional({ maxLength: L.email, description: "kind email: the address (contacts' and users' addresses are read when answered)" })
  @IsOptional()
  @IsString()
  @MaxLength(L.email)
  email?: string;

  @ApiPropertyOptional({ maxLength: L.emailName, description: 'kind email: the display name' }) @IsOptional() @IsString() @MaxLength(L.emailName) name?: string;

  @ApiPropertyOptional({ description: 'cc instead of to' }) @ValidateIf((_, v) => v !== undefined) @IsBoolean() cc?: boolean;
}

export class NotificationRecipientCreateDto extends OmitType(NotificationRecipientUpdateDto, ['kind'] as const) {
  @ApiProperty({ enum: [...RECIPIENT_KINDS], description: 'contact (contact_id), user (user_id) or email (email, name)' }) @IsIn([...RECIPIENT_KINDS]) kind!: RecipientKind;
}

/** A notification rule's fields (docs/notification-rules.md); PATCH changes what it names. */
export class NotificationRuleUpdateDto {
  @ApiPropertyOptional({ maxLength: L.name, description: 'unique per customer, location or supplier (1059)' })
  @ValidateIf((_, v) => v !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(L.name)
  name?: string;

  @ApiPropertyOptional({ enum: [...NOTIFICATION_RULE_TYPES], description: 'E e-mail, F file to a server' })
  @ValidateIf((_, v) => v !== undefined)
  @IsIn([...NOTIFICATION_RULE_TYPES])
  type?: NotificationRuleType;

  @ApiPropertyOptional() @ValidateIf((_, v) => v !== undefined) @IsBoolean() active?: boolean;

  @ApiPropertyOptional({ enum: [...NOTIFICATION_EVENTS] }) @ValidateIf((_, v) => v !== undefined) @IsIn([...NOTIFICATION_EVENTS]) event?: NotificationEvent;

  @ApiPropertyOptional({ maxLength: L.email, description: "E: the sender ('' the SMTP server's user)" }) @IsOptional() @IsString() @MaxLength(L.email) email_from?: string;
  @ApiPropertyOptional({ maxLength: L.emailName }) @IsOptional() @IsString() @MaxLength(L.emailName) email_from_name?: string;
  @ApiPropertyOptional({ maxLength: L.email, description: 'E: one address more beside the recipients' }) @IsOptional() @IsString() @MaxLength(L.email) email_to?: string;
  @ApiPropertyOptional({ maxLength: L.emailName }) @IsOptional() @IsString() @MaxLength(L.emailName) email_to_name?: string;

  @ApiPropertyOptional({ maxLength: L.subject, description: `E: the subject ('' the e-mail template's header); ${PLACEHOLDERS}` })
  @IsOptional()
  @IsString()
  @MaxLength(L.subject)
  subject?: string;

  @ApiPropertyOptional({ nullable: true, description: 'E: an e-mail template of the company' }) @IsOptional() @IsInt() @Min(1) email_template_id?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'E: a file template rendered and attached; F: the file written (required)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  attachment_template_id?: number | null;

  @ApiPropertyOptional({ maxLength: L.attachmentName, description: `the attachment's or file's name; ${PLACEHOLDERS}` })
  @IsOptional()
  @IsString()
  @MaxLength(L.attachmentName)
  attachment_name?: string;

  @ApiPropertyOptional({ description: "E: the order's delivery note as a PDF attachment" }) @ValidateIf((_, v) => v !== undefined) @IsBoolean() delivery_note_pdf?: boolean;

  @ApiPropertyOptional({ nullable: true, description: 'E: an SMTP server; F: an SFTP, FTP(S) or HTTP(S) server (required)' }) @IsOptional() @IsInt() @Min(1) server_id?: number | null;

  @ApiPropertyOptional({ maxLength: L.path, description: 'F: the folder (SFTP, FTP) or URL path (HTTP)' }) @IsOptional() @IsString() @MaxLength(L.path) path?: string;

  @ApiPropertyOptional({ description: "read the supplier's answers with response_expressions" }) @ValidateIf((_, v) => v !== undefined) @IsBoolean() fetch_response?: boolean;

  @ApiPropertyOptional({ maxLength: L.path, description: 'F: the folder of the answer files; E: the mailbox folder of the answer mails (default INBOX)' }) @IsOptional() @IsString() @MaxLength(L.path) response_path?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'E with fetch_response: the IMAP server whose mailbox holds the answer mails (required then)' }) @IsOptional() @IsInt() @Min(1) response_server_id?: number | null;

  @ApiPropertyOptional({ type: [ResponseExpressionDto], maxItems: L.expressions })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(L.expressions)
  @ValidateNested({ each: true })
  @Type(() => ResponseExpressionDto)
  response_expressions?: ResponseExpressionDto[];

  @ApiPropertyOptional({ description: 'one digest a day per recipient instead of one message per event' }) @ValidateIf((_, v) => v !== undefined) @IsBoolean() only_daily?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: 23, description: "the digest's hour in the company's time zone" })
  @ValidateIf((_, v) => v !== undefined)
  @IsInt()
  @Min(0)
  @Max(23)
  daily_hour?: number;

  @ApiPropertyOptional({ description: "customer rules only: also at locations with an active rule of their own for the event" })
  @ValidateIf((_, v) => v !== undefined)
  @IsBoolean()
  all_locations?: boolean;
}

export class NotificationRuleCreateDto extends OmitType(NotificationRuleUpdateDto, ['name', 'type', 'event'] as const) {
  @ApiProperty({ maxLength: L.name, description: 'unique per customer, location or supplier (1059)' }) @IsString() @IsNotEmpty() @MaxLength(L.name) name!: string;
  @ApiProperty({ enum: [...NOTIFICATION_RULE_TYPES], description: 'E e-mail, F file to a server' }) @IsIn([...NOTIFICATION_RULE_TYPES]) type!: NotificationRuleType;
  @ApiProperty({ enum: [...NOTIFICATION_EVENTS] }) @IsIn([...NOTIFICATION_EVENTS]) event!: NotificationEvent;

  @ApiPropertyOptional({ type: [NotificationRecipientCreateDto], maxItems: L.recipients, description: 'recipients added with the rule' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(L.recipients)
  @ValidateNested({ each: true })
  @Type(() => NotificationRecipientCreateDto)
  recipients?: NotificationRecipientCreateDto[];
}

export class NotificationRuleListQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: "customer: 1 adds its locations' rules; location: 1 adds the customer's rules that apply to it" })
  @IsOptional()
  @IsIn(FLAG)
  all?: string;

  @ApiPropertyOptional({ description: 'part of the name' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: [...NOTIFICATION_EVENTS] }) @IsOptional() @IsIn([...NOTIFICATION_EVENTS]) event?: NotificationEvent;
  @ApiPropertyOptional({ enum: [...NOTIFICATION_RULE_TYPES] }) @IsOptional() @IsIn([...NOTIFICATION_RULE_TYPES]) type?: NotificationRuleType;
  @ApiPropertyOptional({ enum: FLAG, description: '1 only active rules, 0 only inactive ones' }) @IsOptional() @IsIn(FLAG) active?: string;
  @ApiPropertyOptional({ enum: NOTIFICATION_RULE_SORTS }) @IsOptional() @IsIn(NOTIFICATION_RULE_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}
