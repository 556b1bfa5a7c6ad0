import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompanyCaller, type NewOrderReply, type OrderDto, type OrderScope, OrdersSubjects, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { NewOrderDto, OrderListQueryDto, OrderUpdateDto } from './orders.dto';

/** The three levels of `order` (spec 7: `[/customer/{id}][/location/{id}]/order?days=&extstatus=`) share the calls. */
class OrderCalls {
  constructor(protected readonly bus: ServiceBus) {}

  protected list(caller: CompanyCaller, scope: OrderScope, query: OrderListQueryDto): Promise<Page<OrderDto>> {
    return this.bus.request(OrdersSubjects.listOrders, { caller, scope, query });
  }

  protected detail(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    return this.bus.request(OrdersSubjects.getOrder, { caller, scope, orderId });
  }

  protected change(caller: CompanyCaller, scope: OrderScope, orderId: number, input: OrderUpdateDto): Promise<OrderDto> {
    return this.bus.request(OrdersSubjects.updateOrder, { caller, scope, orderId, input });
  }
}

const LIST = 'Orders of the last `days` days (default 30), newest first; extstatus 0 pending (KA), 1 OK, -1 error (FE)';
const DETAIL = 'An order with its lines and history events';
const UPDATE = 'Update an order to OK (ext_status 1; confirms its open lines) and/or its comment';

@ApiTags('orders')
@Controller('c/:companyID/order')
export class CompanyOrdersController extends OrderCalls {
  constructor(bus: ServiceBus) {
    super(bus);
  }

  @Get()
  @Access('customer')
  @ApiOperation({ summary: LIST })
  orders(@CompanyCtx() caller: CompanyCaller, @Query() query: OrderListQueryDto): Promise<Page<OrderDto>> {
    return this.list(caller, {}, query);
  }

  @Get(':orderID')
  @Access('customer')
  @ApiOperation({ summary: DETAIL })
  order(@CompanyCtx() caller: CompanyCaller, @IdParam('orderID') orderId: number): Promise<OrderDto> {
    return this.detail(caller, {}, orderId);
  }

  @Patch(':orderID')
  @Access('user')
  @ApiOperation({ summary: UPDATE })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('orderID') orderId: number, @Body() body: OrderUpdateDto): Promise<OrderDto> {
    return this.change(caller, {}, orderId, body);
  }
}

@ApiTags('orders')
@Controller('c/:companyID/customer/:customerID/order')
export class CustomerOrdersController extends OrderCalls {
  constructor(bus: ServiceBus) {
    super(bus);
  }

  @Get()
  @Access('customer')
  @ApiOperation({ summary: LIST })
  orders(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: OrderListQueryDto): Promise<Page<OrderDto>> {
    return this.list(caller, { customerId }, query);
  }

  @Get(':orderID')
  @Access('customer')
  @ApiOperation({ summary: DETAIL })
  order(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('orderID') orderId: number): Promise<OrderDto> {
    return this.detail(caller, { customerId }, orderId);
  }

  @Patch(':orderID')
  @Access('user')
  @ApiOperation({ summary: UPDATE })
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('orderID') orderId: number,
    @Body() body: OrderUpdateDto,
  ): Promise<OrderDto> {
    return this.change(caller, { customerId }, orderId, body);
  }
}

@ApiTags('orders')
@Controller('c/:companyID/customer/:customerID/location/:locationID/order')
export class LocationOrdersController extends OrderCalls {
  constructor(bus: ServiceBus) {
    super(bus);
  }

  @Get()
  @Access('customer')
  @ApiOperation({ summary: LIST })
  orders(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: OrderListQueryDto,
  ): Promise<Page<OrderDto>> {
    return this.list(caller, { customerId, locationId }, query);
  }

  @Post()
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({
    summary:
      'A new order by hand: one order per supplier of its lines (source manual); requests when the customer uses the request workflow. ' +
      'Errors per line name lines[i].field: 1014 MOQ, 1015 MXOQ, 1016 increment, 1017 unit or SKU, 1040 no rule for the item, 1032 service line without service fee item, 1059 the rule has an open line; 1038 customer without rules, 1039 inactive customer or location; read-only users 1020',
  })
  create(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Body() body: NewOrderDto,
  ): Promise<NewOrderReply> {
    return this.bus.request(OrdersSubjects.createOrder, { caller, scope: { customerId, locationId }, input: body });
  }

  @Get(':orderID')
  @Access('customer')
  @ApiOperation({ summary: DETAIL })
  order(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('orderID') orderId: number,
  ): Promise<OrderDto> {
    return this.detail(caller, { customerId, locationId }, orderId);
  }

  @Patch(':orderID')
  @Access('user')
  @ApiOperation({ summary: UPDATE })
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('orderID') orderId: number,
    @Body() body: OrderUpdateDto,
  ): Promise<OrderDto> {
    return this.change(caller, { customerId, locationId }, orderId, body);
  }
}
