import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  type CompanyCaller,
  NewOrderSubjects,
  NOT_ORDERABLE_REASONS,
  type NotOrderableReason,
  type OrderableItemDto,
  type OrderableItemsReply,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';

export class OrderableItemsQueryDto {
  @ApiProperty({ minLength: 2, maxLength: 100, description: 'part of the SKU or name (case-insensitive)' })
  @IsString()
  @MinLength(2)
  @MaxLength(100)
  q!: string;
  @ApiPropertyOptional({ minimum: 1, maximum: 50, description: 'at most this many (default 20)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;
}

/** Documents `OrderableItemDto` of libs/contracts for the OpenAPI document (validates nothing). */
class OrderableItemAnswerDto implements OrderableItemDto {
  @ApiProperty() id!: number;
  @ApiProperty() sku!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: Number, nullable: true }) supplier_id!: number | null;
  @ApiProperty() supplier_name!: string;
  @ApiProperty({ type: Number, nullable: true }) catalog_id!: number | null;
  @ApiProperty() catalog_name!: string;
  @ApiProperty() order_unit!: string;
  @ApiProperty() item_unit!: string;
  @ApiProperty({ description: 'item units per order unit; a line may be given in either unit' }) quantity_per_order_unit!: number;
  @ApiProperty({ description: 'MOQ in order units (1014)' }) min_order_quantity!: number;
  @ApiProperty({ description: 'MXOQ in order units, 0 = none (1015)' }) max_order_quantity!: number;
  @ApiProperty({ description: 'the usual order quantity' }) order_quantity!: number;
  @ApiProperty({ description: 'quantities are multiples of it (1016)' }) order_quantity_increment!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'the kanban rule at the location' }) rule_id!: number | null;
  @ApiProperty({ description: 'a time-tracking or service fee item (ordered without a rule)' }) service!: boolean;
  @ApiProperty({ description: 'ad-hoc demand: no kanban rule here, orderable because the location allows ad-hoc orders (adhoc)' }) adhoc!: boolean;
  @ApiProperty() orderable!: boolean;
  @ApiProperty({ enum: NOT_ORDERABLE_REASONS, nullable: true, description: 'why the item cannot be ordered here (null: it can)' })
  reason!: NotOrderableReason | null;
  @ApiProperty({ type: Number, nullable: true, description: 'the order with an open line of the rule (a new line answers 1059)' })
  open_order_id!: number | null;
}

class OrderableItemsAnswerDto implements OrderableItemsReply {
  @ApiProperty({ type: [OrderableItemAnswerDto] }) items!: OrderableItemAnswerDto[];
}

/** The item search of a new order by hand at a location (docs/replenishment.md "Orders by hand"). */
@ApiTags('orders')
@Controller('c/:companyID/customer/:customerID/location/:locationID/orderable_items')
export class OrderableItemsController {
  constructor(readonly bus: ServiceBus) {}

  @Get()
  @Access('customer')
  @ApiOperation({
    summary:
      'Items of the customer for a new order at the location: SKU or name contains q; each with supplier, catalog, units, MOQ / MXOQ / increment, ' +
      'orderable or the reason it is not (no_rule, rule_inactive, disabled, paused, not_purchaseable, no_service_fee) and the order holding an open line of its rule; orderable first. Read-only users 1020',
  })
  @ApiOkResponse({ type: OrderableItemsAnswerDto, description: 'Data of the envelope' })
  items(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: OrderableItemsQueryDto,
  ): Promise<OrderableItemsReply> {
    return this.bus.request(NewOrderSubjects.orderableItems, { caller, scope: { customerId, locationId }, query: { q: query.q, limit: query.limit } });
  }
}
