import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { TemplateFileEncoding, TemplateLineBreak } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

/** What e-mail and file templates have alike: a name unique in the company, a header and a body (Handlebars). */
abstract class CompanyTemplate extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', default: '' })
  header: string = '';

  @Property({ type: 'text', default: '' })
  body: string = '';

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}

/** An e-mail template of a company (spec 3; docs/notifications.md "Templates"): the header is the subject. */
@Entity({ tableName: 'email_template' })
@TenantOwned()
@Unique({ properties: ['companyId', 'name'] })
export class EmailTemplate extends CompanyTemplate {}

/** A file template of a company: the header once, the body once per order line, in its encoding and line breaks. */
@Entity({ tableName: 'file_template' })
@TenantOwned()
@Unique({ properties: ['companyId', 'name'] })
export class FileTemplate extends CompanyTemplate {
  @Property({ type: 'text', default: 'UTF-8' })
  encoding: TemplateFileEncoding = 'UTF-8';

  @Property({ type: 'text', default: 'CRLF' })
  linebreak: TemplateLineBreak = 'CRLF';
}
