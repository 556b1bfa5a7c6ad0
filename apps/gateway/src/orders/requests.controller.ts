import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompanyCaller, type OrderDto, type OrderScope, OrdersSubjects, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { OrderListQueryDto, RejectRequestDto } from './orders.dto';

/**
 * Requests (spec 7 `[/customer/{id}][/location/{id}]/requests?days=`, `request/{requestID}`): orders of customers
 * with the request workflow that wait for approval (status `request`). Reading needs the customer group;
 * confirming and rejecting the customer group too, except read-only users (1020 from the orders service):
 * the customer's own users approve their orders.
 */
class RequestCalls {
  constructor(protected readonly bus: ServiceBus) {}

  protected list(caller: CompanyCaller, scope: OrderScope, query: OrderListQueryDto): Promise<Page<OrderDto>> {
    return this.bus.request(OrdersSubjects.listRequests, { caller, scope, query });
  }

  protected detail(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    return this.bus.request(OrdersSubjects.getRequest, { caller, scope, orderId });
  }

  protected confirmIt(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    return this.bus.request(OrdersSubjects.confirmRequest, { caller, scope, orderId });
  }

  protected rejectIt(caller: CompanyCaller, scope: OrderScope, orderId: number, body: RejectRequestDto): Promise<OrderDto> {
    return this.bus.request(OrdersSubjects.rejectRequest, { caller, scope, orderId, input: body });
  }
}

const LIST = 'Requests (orders waiting for approval) of the last `days` days (default 30), newest first';
const DETAIL = 'A waiting request with its lines and history (404 once confirmed or rejected: it is an order then)';
const CONFIRM = 'Confirm a request: the order becomes open and is sent (evt.orders.created); 1000 status when it no longer waits';
const REJECT = 'Reject a request: order and lines are cancelled, the reason goes into the history; 1000 status when it no longer waits';

@ApiTags('requests')
@Controller('c/:companyID')
export class CompanyRequestsController extends RequestCalls {
  constructor(bus: ServiceBus) {
    super(bus);
  }

  @Get('requests')
  @Access('customer')
  @ApiOperation({ summary: LIST })
  requests(@CompanyCtx() caller: CompanyCaller, @Query() query: OrderListQueryDto): Promise<Page<OrderDto>> {
    return this.list(caller, {}, query);
  }

  @Get('request/:requestID')
  @Access('customer')
  @ApiOperation({ summary: DETAIL })
  request(@CompanyCtx() caller: CompanyCaller, @IdParam('requestID') id: number): Promise<OrderDto> {
    return this.detail(caller, {}, id);
  }

  @Post('request/:requestID/confirm')
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({ summary: CONFIRM })
  confirm(@CompanyCtx() caller: CompanyCaller, @IdParam('requestID') id: number): Promise<OrderDto> {
    return this.confirmIt(caller, {}, id);
  }

  @Post('request/:requestID/reject')
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({ summary: REJECT })
  reject(@CompanyCtx() caller: CompanyCaller, @IdParam('requestID') id: number, @Body() body: RejectRequestDto): Promise<OrderDto> {
    return this.rejectIt(caller, {}, id, body);
  }
}

@ApiTags('requests')
@Controller('c/:companyID/customer/:customerID')
export class CustomerRequestsController extends RequestCalls {
  constructor(bus: ServiceBus) {
    super(bus);
  }

  @Get('requests')
  @Access('customer')
  @ApiOperation({ summary: LIST })
  requests(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: OrderListQueryDto): Promise<Page<OrderDto>> {
    return this.list(caller, { customerId }, query);
  }

  @Get('location/:locationID/requests')
  @Access('customer')
  @ApiOperation({ summary: LIST })
  locationRequests(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: OrderListQueryDto,
  ): Promise<Page<OrderDto>> {
    return this.list(caller, { customerId, locationId }, query);
  }

  @Get('request/:requestID')
  @Access('customer')
  @ApiOperation({ summary: DETAIL })
  request(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('requestID') id: number): Promise<OrderDto> {
    return this.detail(caller, { customerId }, id);
  }

  @Post('request/:requestID/confirm')
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({ summary: CONFIRM })
  confirm(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('requestID') id: number): Promise<OrderDto> {
    return this.confirmIt(caller, { customerId }, id);
  }

  @Post('request/:requestID/reject')
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({ summary: REJECT })
  reject(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('requestID') id: number,
    @Body() body: RejectRequestDto,
  ): Promise<OrderDto> {
    return this.rejectIt(caller, { customerId }, id, body);
  }
}
