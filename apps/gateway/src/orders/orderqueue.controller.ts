import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  type CompanyCaller,
  ORDER_QUEUE_MAX_IDS,
  ORDER_QUEUE_SORTS,
  ORDER_QUEUE_STATES,
  type OrderQueueDeleteResult,
  type OrderQueueEntryDto,
  type OrderQueueRequeueResult,
  type OrderQueueScope,
  type OrderQueueSort,
  type OrderQueueState,
  OrderQueueSubjects,
  type Page,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { flag } from '../catalog/catalog.dto';
import { IdParam } from '../http/validation';
import { MAX_PAGE } from '../http/validation';

const FLAG = ['0', '1', 'true', 'false'];

export class OrderQueueListQueryDto {
  @ApiPropertyOptional({ enum: FLAG, description: '1: transmitted entries too (default: waiting and failed ones)' }) @IsOptional() @IsIn(FLAG) all?: string;
  @ApiPropertyOptional({ enum: ORDER_QUEUE_STATES, description: 'only entries in this state' }) @IsOptional() @IsIn(ORDER_QUEUE_STATES) state?: string;
  @ApiPropertyOptional({ description: 'part of the customer, location or supplier name, or the order id' }) @IsOptional() @IsString() @MaxLength(100) q?: string;
  @ApiPropertyOptional({ enum: ORDER_QUEUE_SORTS, description: 'default created_at (newest first)' }) @IsOptional() @IsIn(ORDER_QUEUE_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MAX_PAGE) page?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) per_page?: number;
}

export class OrderQueueIdsQueryDto {
  @ApiPropertyOptional({
    type: [Number],
    description: `the queue entries (id=1&id=2), at most ${ORDER_QUEUE_MAX_IDS}; one unknown or hidden id answers 404 and changes nothing`,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]))
  @IsArray()
  id?: string[];
}

const LIST = 'The order queue: orders waiting for their transmission and failed ones (all=1: transmitted ones too); state, q, sort, order, page';

/**
 * The order queue (spec 7 `orderqueue/?all=1` also under a customer, `orderqueue/{id}/`, `POST orderqueue?id=..&id=..`
 * requeue, `DELETE` the same; docs/replenishment.md "Order queue"). Reading needs the customer group (customer users
 * see their own orders' entries), requeue and delete the user group; access restrictions narrow both (404).
 */
@ApiTags('orderqueue')
@Controller('c/:companyID')
export class OrderQueueController {
  constructor(private readonly bus: ServiceBus) {}

  private list(caller: CompanyCaller, scope: OrderQueueScope, query: OrderQueueListQueryDto): Promise<Page<OrderQueueEntryDto>> {
    const { all, state, sort, ...rest } = query;
    return this.bus.request(OrderQueueSubjects.list, {
      caller,
      scope,
      query: { ...rest, all: flag(all), state: state as OrderQueueState | undefined, sort: sort as OrderQueueSort | undefined },
    });
  }

  @Get('orderqueue')
  @Access('customer')
  @ApiOperation({ summary: LIST })
  entries(@CompanyCtx() caller: CompanyCaller, @Query() query: OrderQueueListQueryDto): Promise<Page<OrderQueueEntryDto>> {
    return this.list(caller, {}, query);
  }

  @Get('customer/:customerID/orderqueue')
  @Access('customer')
  @ApiOperation({ summary: `${LIST} (of one customer)` })
  customerEntries(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: OrderQueueListQueryDto): Promise<Page<OrderQueueEntryDto>> {
    return this.list(caller, { customerId }, query);
  }

  @Get('orderqueue/:queueID')
  @Access('customer')
  @ApiOperation({ summary: 'One order queue entry with its state, error and attempts' })
  entry(@CompanyCtx() caller: CompanyCaller, @IdParam('queueID') id: number): Promise<OrderQueueEntryDto> {
    return this.bus.request(OrderQueueSubjects.get, { caller, id });
  }

  @Post('orderqueue')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Requeue entries (id=..&id=..): back to waiting, attempts + 1, their orders sent again; all or nothing (404)' })
  requeue(@CompanyCtx() caller: CompanyCaller, @Query() query: OrderQueueIdsQueryDto): Promise<OrderQueueRequeueResult> {
    return this.bus.request(OrderQueueSubjects.requeue, { caller, ids: query.id ?? [] });
  }

  @Delete('orderqueue')
  @Access('user')
  @ApiOperation({ summary: 'Delete entries (id=..&id=..): taken out of the queue, the orders stay (a U history event); all or nothing (404)' })
  remove(@CompanyCtx() caller: CompanyCaller, @Query() query: OrderQueueIdsQueryDto): Promise<OrderQueueDeleteResult> {
    return this.bus.request(OrderQueueSubjects.remove, { caller, ids: query.id ?? [] });
  }
}
