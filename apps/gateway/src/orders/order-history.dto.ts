import { ApiProperty } from '@nestjs/swagger';
import { ORDER_EVENT_CODES } from '@kanban/contracts';

/**
 * An event of an order's history in the answer of the order and request detail calls (order-answer.dto.ts), for the
 * OpenAPI document: its message code and parameters (docs/replenishment.md "Order history"). Only documentation: the
 * orders service builds the answer (`OrderDto` of @kanban/contracts).
 */
export class OrderHistoryEventDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['O', 'S', 'R', 'T', 'U'], description: 'O order notification, S supply notification, R requisition, T time tracking, U status update' })
  type!: string;
  @ApiProperty({
    enum: ORDER_EVENT_CODES,
    nullable: true,
    description: 'the message\'s stable code, to translate with `params`; null for old events whose text was not recognised (show `text`)',
  })
  code!: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'the message\'s parameters by code, e.g. requisition_run {run_id, trigger}, supply_delivery {supply_id, delivered, taken_back, complete}',
  })
  params!: Record<string, unknown> | null;
  @ApiProperty({ description: 'the message in English, e.g. "supply 1038 created for the supplier"' }) text!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'who did it; null for runs and the supply service' }) user_id!: number | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
