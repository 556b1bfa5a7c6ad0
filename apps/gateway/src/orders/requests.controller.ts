import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompanyCaller, type OrderDto, OrdersSubjects, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { COMPANY_LEVEL, CUSTOMER_LEVEL, LevelId, levelController, type PathLevel } from '../http/levels';
import { IdParam } from '../http/validation';
import { ApiOrderDetailReply } from './order-answer.dto';
import { OrderListQueryDto, RejectRequestDto } from './orders.dto';

const LIST = 'Requests (orders waiting for approval) of the last `days` days (default 30), newest first';

/**
 * Requests (spec 7 `[/customer/{id}][/location/{id}]/requests?days=`, `request/{requestID}`): orders of customers
 * with the request workflow that wait for approval (status `request`). Reading needs the customer group;
 * confirming and rejecting the customer group too, except read-only users (1020 from the orders service):
 * the customer's own users approve their orders. The calls are the same at the company and the customer level.
 */
function requestsController(level: PathLevel) {
  @ApiTags('requests')
  @Controller(level.path)
  class RequestsController {
    constructor(readonly bus: ServiceBus) {}

    @Get('requests')
    @Access('customer')
    @ApiOperation({ summary: LIST })
    requests(@CompanyCtx() caller: CompanyCaller, @LevelId(level, 'customerID') customerId: number, @Query() query: OrderListQueryDto): Promise<Page<OrderDto>> {
      return this.bus.request(OrdersSubjects.listRequests, { caller, scope: { customerId }, query });
    }

    @Get('request/:requestID')
    @Access('customer')
    @ApiOperation({ summary: 'A waiting request with its lines and history (404 once confirmed or rejected: it is an order then)' })
    @ApiOrderDetailReply()
    request(@CompanyCtx() caller: CompanyCaller, @LevelId(level, 'customerID') customerId: number, @IdParam('requestID') orderId: number): Promise<OrderDto> {
      return this.bus.request(OrdersSubjects.getRequest, { caller, scope: { customerId }, orderId });
    }

    @Post('request/:requestID/confirm')
    @HttpCode(200)
    @Access('customer')
    @ApiOperation({ summary: 'Confirm a request: the order becomes open and is sent (evt.orders.created); 1000 status when it no longer waits' })
    confirm(@CompanyCtx() caller: CompanyCaller, @LevelId(level, 'customerID') customerId: number, @IdParam('requestID') orderId: number): Promise<OrderDto> {
      return this.bus.request(OrdersSubjects.confirmRequest, { caller, scope: { customerId }, orderId });
    }

    @Post('request/:requestID/reject')
    @HttpCode(200)
    @Access('customer')
    @ApiOperation({ summary: 'Reject a request: order and lines are cancelled, the reason goes into the history; 1000 status when it no longer waits' })
    reject(
      @CompanyCtx() caller: CompanyCaller,
      @LevelId(level, 'customerID') customerId: number,
      @IdParam('requestID') orderId: number,
      @Body() body: RejectRequestDto,
    ): Promise<OrderDto> {
      return this.bus.request(OrdersSubjects.rejectRequest, { caller, scope: { customerId }, orderId, input: body });
    }
  }
  return levelController(RequestsController, level, 'RequestsController');
}

export const CompanyRequestsController = requestsController(COMPANY_LEVEL);

/** The customer level adds the list of one of its locations (there is no request detail below the customer). */
export class CustomerRequestsController extends requestsController(CUSTOMER_LEVEL) {
  @Get('location/:locationID/requests')
  @Access('customer')
  @ApiOperation({ summary: LIST })
  locationRequests(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: OrderListQueryDto,
  ): Promise<Page<OrderDto>> {
    return this.bus.request(OrdersSubjects.listRequests, { caller, scope: { customerId, locationId }, query });
  }
}
