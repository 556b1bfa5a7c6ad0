import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StorageSubjects, type CompanyCaller, type Page, type StorageDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { StorageCreateDto, StorageListQueryDto, StorageUpdateDto } from './storage.dto';

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
}
