import { DecimalType, Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { CopiesMode, PrintOutput, PrintPaper, ZplDpi } from '@kanban/contracts';
import { TenantEntity, TenantOwned } from '@kanban/persistence';

const mm = () => new DecimalType('number');

/** A customer's stored print settings for one label template (docs/label-printing.md "Print settings"). */
@Entity({ tableName: 'print_settings' })
@TenantOwned()
@Unique({ properties: ['companyId', 'customerId', 'templateId'] })
export class PrintSettings extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ fieldName: 'customer_id', type: 'int' })
  customerId!: number;

  @Property({ fieldName: 'template_id', type: 'int' })
  templateId!: number;

  @Property({ type: 'text' })
  paper!: PrintPaper;

  @Property({ type: 'int', nullable: true })
  columns: number | null = null;

  @Property({ type: 'int', nullable: true })
  rows: number | null = null;

  @Property({ fieldName: 'margin_top', type: mm(), precision: 9, scale: 3 })
  marginTop = 0;

  @Property({ fieldName: 'margin_left', type: mm(), precision: 9, scale: 3 })
  marginLeft = 0;

  @Property({ fieldName: 'gap_x', type: mm(), precision: 9, scale: 3 })
  gapX = 0;

  @Property({ fieldName: 'gap_y', type: mm(), precision: 9, scale: 3 })
  gapY = 0;

  @Property({ fieldName: 'offset_x', type: mm(), precision: 9, scale: 3 })
  offsetX = 0;

  @Property({ fieldName: 'offset_y', type: mm(), precision: 9, scale: 3 })
  offsetY = 0;

  @Property({ fieldName: 'start_position', type: 'int' })
  startPosition = 1;

  @Property({ type: 'text' })
  output!: PrintOutput;

  @Property({ fieldName: 'zpl_dpi', type: 'int' })
  zplDpi!: ZplDpi;

  @Property({ fieldName: 'copies_mode', type: 'text' })
  copiesMode!: CopiesMode;

  @Property({ type: 'int' })
  copies = 1;

  @Property({ type: 'int' })
  dpi = 200;

  @Property({ fieldName: 'created_at', type: 'datetime', length: 6 })
  createdAt: Date = new Date();

  @Property({ fieldName: 'updated_at', type: 'datetime', length: 6 })
  updatedAt: Date = new Date();
}
