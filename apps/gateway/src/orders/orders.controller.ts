import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompanyCaller, type NewOrderReply, type OrderDto, OrdersSubjects, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { COMPANY_LEVEL, CUSTOMER_LEVEL, LevelId, LOCATION_LEVEL, levelController, type PathLevel } from '../http/levels';
import { IdParam } from '../http/validation';
import { ApiOrderDetailReply } from './order-answer.dto';
import { NewOrderDto, OrderListQueryDto, OrderUpdateDto, TimeTrackingDto } from './orders.dto';

/**
 * The calls of `order` at one level (spec 7: `[/customer/{id}][/location/{id}]/order?days=&extstatus=`), the same at
 * each; the scope is the level's ids (absent ones undefined, and so not sent).
 */
function ordersController(level: PathLevel) {
  @ApiTags('orders')
  @Controller(`${level.path}/order`)
  class OrdersController {
    constructor(readonly bus: ServiceBus) {}

    @Get()
    @Access('customer')
    @ApiOperation({
      summary:
        'Orders of the last `days` days (default 30), newest first or sorted by `sort`/`order`; `q` searches the order number and the customer, location and supplier names; ' +
        'filters: `status`, `extstatus` (0 not yet confirmed: KA and still open or confirmed; 1 OK; -1 error FE)',
    })
    orders(
      @CompanyCtx() caller: CompanyCaller,
      @LevelId(level, 'customerID') customerId: number,
      @LevelId(level, 'locationID') locationId: number,
      @Query() query: OrderListQueryDto,
    ): Promise<Page<OrderDto>> {
      return this.bus.request(OrdersSubjects.listOrders, { caller, scope: { customerId, locationId }, query });
    }

    @Get(':orderID')
    @Access('customer')
    @ApiOperation({ summary: 'An order with its lines and history events' })
    @ApiOrderDetailReply()
    order(
      @CompanyCtx() caller: CompanyCaller,
      @LevelId(level, 'customerID') customerId: number,
      @LevelId(level, 'locationID') locationId: number,
      @IdParam('orderID') orderId: number,
    ): Promise<OrderDto> {
      return this.bus.request(OrdersSubjects.getOrder, { caller, scope: { customerId, locationId }, orderId });
    }

    @Patch(':orderID')
    @Access('user')
    @ApiOperation({
      summary:
        'Update an order to OK (ext_status 1: confirmed by the supplier; confirms its open lines) and/or its comment. ' +
        'A request (confirm it first), a cancelled or a delivered order answers 1000 ext_status',
    })
    update(
      @CompanyCtx() caller: CompanyCaller,
      @LevelId(level, 'customerID') customerId: number,
      @LevelId(level, 'locationID') locationId: number,
      @IdParam('orderID') orderId: number,
      @Body() body: OrderUpdateDto,
    ): Promise<OrderDto> {
      return this.bus.request(OrdersSubjects.updateOrder, { caller, scope: { customerId, locationId }, orderId, input: body });
    }

    @Post(':orderID/timetracking')
    @HttpCode(200)
    @Access('user')
    @ApiOperation({
      summary:
        'Record a service visit at the order\'s location (counting, refilling racks): `minutes` 1..1440 and an optional `comment`. ' +
        'Adds a line of the customer\'s time-tracking item (minutes for the unit MIN, else hours) and a T history event; answers the order. ' +
        'A customer without a time-tracking item answers 1032 (field time_tracking_item_id, "no time tracking item"), a cancelled order 1000 status',
    })
    @ApiOrderDetailReply()
    timeTracking(
      @CompanyCtx() caller: CompanyCaller,
      @LevelId(level, 'customerID') customerId: number,
      @LevelId(level, 'locationID') locationId: number,
      @IdParam('orderID') orderId: number,
      @Body() body: TimeTrackingDto,
    ): Promise<OrderDto> {
      return this.bus.request(OrdersSubjects.recordTimeTracking, { caller, scope: { customerId, locationId }, orderId, input: body });
    }
  }
  return levelController(OrdersController, level, 'OrdersController');
}

export const CompanyOrdersController = ordersController(COMPANY_LEVEL);
export const CustomerOrdersController = ordersController(CUSTOMER_LEVEL);

/** The location level adds the order by hand. */
export class LocationOrdersController extends ordersController(LOCATION_LEVEL) {
  @Post()
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({
    summary:
      'A new order by hand: one order per supplier of its lines (source manual); requests when the customer uses the request workflow. ' +
      'Every bad line answers at once: Data.errors lists each problem as {field: lines[i].x, code, message, params}; one problem answers with its own code, several with 1000. ' +
      'Codes per line: 1014 MOQ, 1015 MXOQ, 1016 increment, 1017 unit or SKU, 1040 no rule for the item, 1032 service line without service fee item, 1059 the rule has an open line (params.order_id), 1000 shape or item state (params.reason); ' +
      'a quantity in the item unit is converted to order units. 1038 customer without rules, 1039 inactive customer or location; read-only users 1020',
  })
  create(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Body() body: NewOrderDto,
  ): Promise<NewOrderReply> {
    return this.bus.request(OrdersSubjects.createOrder, { caller, scope: { customerId, locationId }, input: body });
  }
}
