import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type BackorderDto, type CompanyCaller, type ItemDto, type ItemListQuery, type ItemScope, ItemSubjects, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ImagesService } from '../images/images.service';
import { DeleteQueryDto, flag, ToggleActiveQueryDto } from './catalog.dto';
import { ItemCreateDto, ItemListQueryDto, ItemUpdateDto, ItemUpdateQueryDto } from './items.dto';

function listQuery(query: ItemListQueryDto, paused = false): ItemListQuery {
  const { all, ...rest } = query;
  return { ...rest, all: flag(all) || paused, paused };
}

/** Items of a customer: reading needs the customer group, changing the user group. */
@ApiTags('items')
@Controller('c/:companyID/customer/:customerID')
export class CustomerItemsController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly images: ImagesService,
  ) {}

  private list(caller: CompanyCaller, scope: ItemScope, query: ItemListQuery): Promise<Page<ItemDto>> {
    return this.bus.request(ItemSubjects.listItems, { caller, scope, query });
  }

  @Get('item')
  @Access('customer')
  @ApiOperation({ summary: "The customer's items: enabled ones, all=1 also disabled; q searches SKU, name, customer SKU; sort, order, page" })
  items(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: ItemListQueryDto): Promise<Page<ItemDto>> {
    return this.list(caller, { customerId }, listQuery(query));
  }

  @Get('item/paused')
  @Access('customer')
  @ApiOperation({ summary: "The customer's paused items (paused_until today or later)" })
  paused(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: ItemListQueryDto): Promise<Page<ItemDto>> {
    return this.list(caller, { customerId }, listQuery(query, true));
  }

  @Get('item/backorder')
  @Access('customer')
  @ApiOperation({ summary: "Open backorders of the customer's items (from the orders service's events)" })
  backorders(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number): Promise<BackorderDto[]> {
    return this.bus.request(ItemSubjects.backorders, { caller, scope: { customerId } });
  }

  @Get('location/:locationID/item')
  @Access('customer')
  @ApiOperation({ summary: "The location's items: the customer's items with their subscription state at the location (subscribed)" })
  locationItems(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: ItemListQueryDto,
  ): Promise<Page<ItemDto>> {
    return this.list(caller, { customerId, locationId }, listQuery(query));
  }

  @Get('location/:locationID/item/:itemID/toggleSubscription')
  @Access('user')
  @ApiOperation({ summary: "Activate (active=1) or deactivate (active=0) the item's subscription at the location; safe to repeat" })
  toggleSubscription(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('itemID') itemId: number,
    @Query() query: ToggleActiveQueryDto,
  ): Promise<ItemDto> {
    return this.bus.request(ItemSubjects.toggleSubscription, { caller, customerId, locationId, itemId, active: flag(query.active) });
  }

  @Get('location/:locationID/item/paused')
  @Access('customer')
  @ApiOperation({ summary: "Paused items of the location's customer, with their subscription state at the location; 404 for an unknown or another customer's location" })
  locationPaused(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: ItemListQueryDto,
  ): Promise<Page<ItemDto>> {
    return this.list(caller, { customerId, locationId }, listQuery(query, true));
  }

  @Get('location/:locationID/item/backorder')
  @Access('customer')
  @ApiOperation({ summary: 'Open backorders of the location' })
  locationBackorders(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('locationID') locationId: number): Promise<BackorderDto[]> {
    return this.bus.request(ItemSubjects.backorders, { caller, scope: { customerId, locationId } });
  }

  @Get('item/:itemID')
  @Access('customer')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('itemID') itemId: number): Promise<ItemDto> {
    return this.bus.request(ItemSubjects.getItem, { caller, scope: { customerId }, itemId });
  }

  @Post('item')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create an item (SKU unique per customer and catalog: 1059)' })
  create(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Body() body: ItemCreateDto): Promise<ItemDto> {
    return this.bus.request(ItemSubjects.createItem, { caller, customerId, input: body });
  }

  @Patch('item/:itemID')
  @Access('user')
  @ApiOperation({
    summary:
      'Change an item; also disable/enable ({disabled}) and pause/unpause ({paused_until: date or null}). Disabling an item that kanban rules use answers 1007 listing them (Data.rules) unless confirm=1; 503 when the orders service does not answer',
  })
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('itemID') itemId: number,
    @Body() body: ItemUpdateDto,
    @Query() query: ItemUpdateQueryDto,
  ): Promise<ItemDto> {
    return this.bus.request(ItemSubjects.updateItem, { caller, customerId, itemId, input: body, confirm: flag(query.confirm) });
  }

  @Delete('item/:itemID')
  @Access('user')
  @ApiOperation({ summary: 'Delete an item; one that kanban rules use answers 1007 listing them (Data.rules); one with images answers 1002 unless confirm=1 (then its images go too)' })
  async remove(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('itemID') itemId: number,
    @Query() query: DeleteQueryDto,
  ): Promise<null> {
    const reply = await this.bus.request(ItemSubjects.deleteItem, { caller, customerId, itemId, confirm: flag(query.confirm) });
    await this.images.discard(reply?.released ?? []);
    return null;
  }
}

/** Items from a supplier's catalogs: reading needs the supplier group. */
@ApiTags('items')
@Controller('c/:companyID/supplier/:supplierID/item')
export class SupplierItemsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('supplier')
  @ApiOperation({ summary: "Items of the supplier's catalogs" })
  items(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Query() query: ItemListQueryDto): Promise<Page<ItemDto>> {
    return this.bus.request(ItemSubjects.listItems, { caller, scope: { supplierId }, query: listQuery(query) });
  }

  @Get('paused')
  @Access('supplier')
  paused(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Query() query: ItemListQueryDto): Promise<Page<ItemDto>> {
    return this.bus.request(ItemSubjects.listItems, { caller, scope: { supplierId }, query: listQuery(query, true) });
  }

  @Get('backorder')
  @Access('supplier')
  backorders(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number): Promise<BackorderDto[]> {
    return this.bus.request(ItemSubjects.backorders, { caller, scope: { supplierId } });
  }

  @Get(':itemID')
  @Access('supplier')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('itemID') itemId: number): Promise<ItemDto> {
    return this.bus.request(ItemSubjects.getItem, { caller, scope: { supplierId }, itemId });
  }
}

/** Company-wide item search (the item search entry needs the customer group). */
@ApiTags('items')
@Controller('c/:companyID/item_search')
export class ItemSearchController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('customer')
  @ApiOperation({ summary: 'All items of the company: SKU, name or customer SKU starting with q, or (3+ characters) a name containing q' })
  search(@CompanyCtx() caller: CompanyCaller, @Query() query: ItemListQueryDto): Promise<Page<ItemDto>> {
    return this.bus.request(ItemSubjects.listItems, { caller, scope: {}, query: listQuery(query) });
  }

  @Get('paused')
  @Access('customer')
  @ApiOperation({ summary: 'Paused items of the company' })
  paused(@CompanyCtx() caller: CompanyCaller, @Query() query: ItemListQueryDto): Promise<Page<ItemDto>> {
    return this.bus.request(ItemSubjects.listItems, { caller, scope: {}, query: listQuery(query, true) });
  }
}
