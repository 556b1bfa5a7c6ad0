import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@kanban/access';
import {
  OrdersSubjects,
  StorageSubjects,
  type CompanyCaller,
  type KanbanRuleDto,
  type Page,
  type StorageBinDto,
  type StorageBinRule,
  type StorageBinsDto,
  type StorageDto,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { StorageBinPutDto, StorageCreateDto, StorageListQueryDto, StorageUpdateDto } from './storage.dto';

/** The rule of a bin as the plan shows it; stock figures only when the caller may see stock. */
export function binRule(rule: KanbanRuleDto, showStockToCaller: boolean): StorageBinRule {
  // the orders service may hide the stock itself (a customer user without show_stock_in_app: stock null)
  const stock = rule.stock;
  const showStock = showStockToCaller && stock !== null;
  const fill = showStock && rule.capacity > 0 ? Math.max(0, Math.min(100, Math.round((stock / rule.capacity) * 100))) : null;
  return {
    id: rule.id,
    item_id: rule.item_id,
    sku: rule.item.sku,
    name: rule.item.name,
    item_unit: rule.item.item_unit,
    active: rule.active,
    stock: showStock ? stock : null,
    threshold: showStock ? rule.threshold : null,
    capacity: showStock ? rule.capacity : null,
    fill_percent: fill,
    stock_updated_at: showStock ? rule.stock_updated_at : null,
    image_url: null,
  };
}

/**
 * Storages (racks) of a location, as locations: reading needs the customer group, changing the user group
 * (spec 6). A storage under another (or an unknown, or a hidden) location or customer answers 404.
 */
@ApiTags('storages')
@Controller('c/:companyID/customer/:customerID/location/:locationID/storage')
export class StoragesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('customer')
  @ApiOperation({ summary: 'Storages (racks) of the location; q filters the name; sort, order, page' })
  list(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: StorageListQueryDto,
  ): Promise<Page<StorageDto>> {
    return this.bus.request(StorageSubjects.list, { caller, customerId, locationId, query });
  }

  @Get(':storageID')
  @Access('customer')
  get(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('storageID') storageId: number,
  ): Promise<StorageDto> {
    return this.bus.request(StorageSubjects.get, { caller, customerId, locationId, storageId });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a storage at an active location (1039 otherwise); storage type and unit must be the company\'s (1000)' })
  create(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Body() body: StorageCreateDto,
  ): Promise<StorageDto> {
    return this.bus.request(StorageSubjects.create, { caller, customerId, locationId, input: body });
  }

  @Patch(':storageID')
  @Access('user')
  @ApiOperation({ summary: 'Change a storage (the fields sent)' })
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('storageID') storageId: number,
    @Body() body: StorageUpdateDto,
  ): Promise<StorageDto> {
    return this.bus.request(StorageSubjects.update, { caller, customerId, locationId, storageId, input: body });
  }

  @Get(':storageID/bins')
  @Access('customer')
  @ApiOperation({
    summary:
      "Every bin of the rack's grid in layout order with its label, rule (item, stock, threshold, capacity, fill level) and sensor; stock figures for customer users only when their customer's show_stock_in_app is on",
  })
  bins(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('storageID') storageId: number,
  ): Promise<StorageBinsDto> {
    return this.binsOf(caller, customerId, locationId, storageId);
  }

  @Put(':storageID/bins/:row/:column')
  @Access('user')
  @ApiOperation({
    summary:
      "Put a kanban rule of the rack's location (in no other bin: 1000) and/or a sensor with its calibration into a bin; the whole bin is replaced, neither rule nor sensor empties it. Answers the bin",
  })
  async putBin(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('storageID') storageId: number,
    @IdParam('row') row: number,
    @IdParam('column') column: number,
    @Body() body: StorageBinPutDto,
  ): Promise<StorageBinDto> {
    await this.bus.request(StorageSubjects.putBin, { caller, customerId, locationId, storageId, row, column, input: body });
    const { bins } = await this.binsOf(caller, customerId, locationId, storageId);
    return bins.find((b) => b.row === row && b.column === column)!;
  }

  @Delete(':storageID/bins/:row/:column')
  @Access('user')
  @ApiOperation({ summary: 'Empty a bin (rule, sensor and calibration)' })
  async clearBin(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('storageID') storageId: number,
    @IdParam('row') row: number,
    @IdParam('column') column: number,
  ): Promise<null> {
    await this.bus.request(StorageSubjects.clearBin, { caller, customerId, locationId, storageId, row, column });
    return null;
  }

  @Delete(':storageID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a storage' })
  async remove(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('storageID') storageId: number,
  ): Promise<null> {
    await this.bus.request(StorageSubjects.delete, { caller, customerId, locationId, storageId });
    return null;
  }

  /**
   * The catalog's grid with the rules from the orders service: the location's rules (as the caller sees them),
   * page by page until every rule the bins name is found. A rule gone or hidden leaves `rule` null.
   */
  private async binsOf(caller: CompanyCaller, customerId: number, locationId: number, storageId: number): Promise<StorageBinsDto> {
    const record = await this.bus.request(StorageSubjects.listBins, { caller, customerId, locationId, storageId });
    const showStock = caller.role !== Role.Customer || record.show_stock_in_app;
    const wanted = new Set(record.bins.map((b) => b.kanban_rule_id).filter((id): id is number => id !== null));
    const rules = new Map<number, KanbanRuleDto>();
    for (let page = 1; wanted.size > rules.size; page++) {
      const answer = await this.bus.request(OrdersSubjects.listRules, {
        caller,
        query: { customer_id: customerId, location_id: locationId, all: true, page, per_page: 200 },
      });
      for (const rule of answer.items) if (wanted.has(rule.id)) rules.set(rule.id, rule);
      if (page * answer.per_page >= answer.total) break;
    }
    const itemIds = [...new Set([...rules.values()].map((r) => r.item_id))];
    const images = itemIds.length > 0 ? await this.bus.request(StorageSubjects.binImages, { caller, customerId, locationId, storageId, itemIds }) : {};
    return {
      storage: record.storage,
      show_stock: showStock,
      bins: record.bins.map((bin) => {
        const found = bin.kanban_rule_id !== null ? rules.get(bin.kanban_rule_id) : undefined;
        const rule = found ? { ...binRule(found, showStock), image_url: images[found.item_id] ?? null } : null;
        return { ...bin, rule, below_threshold: rule !== null && rule.stock !== null && rule.threshold !== null && rule.stock <= rule.threshold };
      }),
    };
  }
}
