import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProperty } from '@nestjs/swagger';
import type { ExtStatus, OrderDto, OrderLineDto, OrderStatus } from '@kanban/contracts';
import { OrderHistoryEventDto } from './order-history.dto';

const LINE_STATUSES: OrderStatus[] = ['open', 'confirmed', 'delivered', 'cancelled'];
const ORDER_STATUSES: OrderStatus[] = [...LINE_STATUSES, 'request'];
const EXT_STATUSES: ExtStatus[] = [0, 1, -1];

/**
 * The answers of `GET [customer/{c}/[location/{l}/]]order/{orderID}` as the OpenAPI document describes them (the
 * orders service answers `OrderDto` of libs/contracts; these classes only document its shape, they validate nothing).
 */
export class OrderLineAnswerDto implements OrderLineDto {
  @ApiProperty() pos!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'the kanban rule that ordered it (null for lines by hand without a rule)' }) rule_id!: number | null;
  @ApiProperty() item_id!: number;
  @ApiProperty({ type: Number, nullable: true }) catalog_id!: number | null;
  @ApiProperty({ description: 'the catalog name when ordered' }) catalog!: string;
  @ApiProperty({ type: Number, nullable: true }) supplier_id!: number | null;
  @ApiProperty() supplier!: string;
  @ApiProperty() sku!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'in order units' }) quantity!: number;
  @ApiProperty({ description: 'the order unit' }) unit!: string;
  @ApiProperty({ format: 'date', description: 'the expected delivery day (YYYY-MM-DD)' }) shipping!: string;
  @ApiProperty({ enum: LINE_STATUSES }) status!: OrderStatus;
  @ApiProperty({ enum: EXT_STATUSES, description: '0 pending (KA), 1 OK, -1 error (FE)' }) ext_status!: ExtStatus;
  @ApiProperty({ type: String, nullable: true, description: "the line's external status code: TR transmitted, PO supplier order number received, ... (spec clarifications); null: none yet" })
  ext_line_status!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when the supplier marked the line delivered (its supply line); null until delivered, and again once the delivery is taken back',
  })
  delivered_at!: string | null;
}

export class OrderAnswerDto implements Omit<OrderDto, 'attachment' | 'images' | 'history'> {
  @ApiProperty() id!: number;
  @ApiProperty({ format: 'date', description: "the order day in the company's time zone (YYYY-MM-DD)" }) date!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'the user whose action created it; null for automatic runs' }) created_by!: number | null;
  @ApiProperty() customer_id!: number;
  @ApiProperty() customer!: string;
  @ApiProperty() location_id!: number;
  @ApiProperty() location!: string;
  @ApiProperty({ type: Number, nullable: true }) supplier_id!: number | null;
  @ApiProperty() supplier!: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ enum: ['requisition', 'manual'] }) source!: 'requisition' | 'manual';
  @ApiProperty() comment!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'the attached file (name, mime, size, url, uploaded_at, uploaded_by), null when none' })
  attachment!: object | null;
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'pictures of the order, oldest first' }) images!: object[];
  @ApiProperty({ enum: EXT_STATUSES }) ext_status!: ExtStatus;
  @ApiProperty({ enum: ['KA', 'OK', 'FE'] }) ext_status_text!: string;
  @ApiProperty({ description: '0: no purchase-order number from the supplier; 1: received (po_number)' }) po_status!: number;
  @ApiProperty({ type: String, nullable: true, description: "the supplier's own order number (docs/supplier-api.md)" }) po_number!: string | null;
  @ApiProperty() notification_status!: number;
  @ApiProperty() line_count!: number;
  @ApiProperty({ type: [OrderLineAnswerDto] }) lines!: OrderLineAnswerDto[];
  @ApiProperty({ type: [OrderHistoryEventDto], description: "the order's history events (types O, S, R, T, U), oldest first" }) history!: OrderHistoryEventDto[];
}

class AnswerMetaDto {
  @ApiProperty({ example: 200 }) code!: number;
  @ApiProperty() message!: string;
}

/** The envelope of an order detail: `Data` is the order with its lines and history. */
export class OrderDetailAnswerDto {
  @ApiProperty() Meta!: AnswerMetaDto;
  @ApiProperty() Data!: OrderAnswerDto;
}

/** The detail calls' answer (orders and requests): the order with its lines, attachment, images and history. */
export const ApiOrderDetailReply = () =>
  applyDecorators(
    ApiOkResponse({
      type: OrderDetailAnswerDto,
      description: 'the order with its lines (each with its shipping day and, once delivered, delivered_at), attachment, images and history events',
    }),
  );
