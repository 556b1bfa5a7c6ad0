import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AssortmentCustomerDto,
  type AssortmentItemDto,
  type CompanyCaller,
  type ItemSupplyDto,
  type Page,
  type SupplyDto,
  SupplySubjects,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { AssortmentItemsQueryDto, AssortmentQueryDto, SupplyDeliveryDto, SupplyListQueryDto } from './supply.dto';

/**
 * Supplies of a supplier (docs/supplies.md). Reading needs the supplier group (roles 3, 6, 2, 1, 5); marking
 * delivered or taking back additionally refuses read-only users (1020), which the supply service checks.
 */
@ApiTags('supplies')
@Controller('c/:companyID/supplier/:supplierID')
export class SupplyController {
  constructor(private readonly bus: ServiceBus) {}

  @Get('supply')
  @Access('supplier')
  @ApiOperation({ summary: 'Supplies of the supplier: state open (default), delivered or all; days; q on order id, customer, location or SKU; sort; pages' })
  list(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Query() query: SupplyListQueryDto): Promise<Page<SupplyDto>> {
    return this.bus.request(SupplySubjects.list, { caller, scope: { supplierId }, query });
  }

  @Get('supply/:supplyID')
  @Access('supplier')
  @ApiOperation({ summary: 'A supply with its lines' })
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('supplyID') supplyId: number): Promise<SupplyDto> {
    return this.bus.request(SupplySubjects.get, { caller, scope: { supplierId }, supplyId });
  }

  @Patch('supply/:supplyID')
  @Access('supplier')
  @ApiOperation({ summary: 'Mark every line delivered (delivered: true) or take the supply back (false); safe to repeat' })
  setDelivered(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('supplierID') supplierId: number,
    @IdParam('supplyID') supplyId: number,
    @Body() body: SupplyDeliveryDto,
  ): Promise<SupplyDto> {
    return this.bus.request(SupplySubjects.setDelivered, { caller, scope: { supplierId }, supplyId, input: { delivered: body.delivered } });
  }

  @Patch('supply/:supplyID/line/:pos')
  @Access('supplier')
  @ApiOperation({ summary: 'Mark one line delivered (delivered: true) or take it back (false); safe to repeat' })
  setLineDelivered(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('supplierID') supplierId: number,
    @IdParam('supplyID') supplyId: number,
    @IdParam('pos') pos: number,
    @Body() body: SupplyDeliveryDto,
  ): Promise<SupplyDto> {
    return this.bus.request(SupplySubjects.setLineDelivered, { caller, scope: { supplierId }, supplyId, pos, input: { delivered: body.delivered } });
  }

  @Get('assortment')
  @Access('supplier')
  @ApiOperation({ summary: 'Customers the supplier supplies: supplies, open supplies, items, last supply and delivery' })
  assortment(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Query() query: AssortmentQueryDto): Promise<Page<AssortmentCustomerDto>> {
    return this.bus.request(SupplySubjects.assortment, { caller, scope: { supplierId }, query });
  }

  @Get('assortment/:customerID')
  @Access('supplier')
  @ApiOperation({ summary: 'Items supplied to the customer: supplies, quantities (ordered, delivered), last supply and delivery' })
  assortmentCustomer(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('supplierID') supplierId: number,
    @IdParam('customerID') customerId: number,
    @Query() query: AssortmentItemsQueryDto,
  ): Promise<Page<AssortmentItemDto>> {
    return this.bus.request(SupplySubjects.assortmentCustomer, { caller, scope: { supplierId }, customerId, query });
  }

  @Get('item/:itemID/supplies')
  @Access('supplier')
  @ApiOperation({ summary: 'The last 10 supplies of an item (newest first)' })
  itemSupplies(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('itemID') itemId: number): Promise<ItemSupplyDto[]> {
    return this.bus.request(SupplySubjects.itemSupplies, { caller, scope: { supplierId }, itemId });
  }
}
