import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LocationSubjects, type CompanyCaller, type LocationDto, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ImagesService } from '../images/images.service';
import { DeleteQueryDto, flag, ToggleActiveQueryDto } from './catalog.dto';
import { LocationCreateDto, LocationDeliveryDto, LocationListQueryDto, LocationUpdateDto } from './location.dto';

/**
 * Locations of a customer: reading needs the customer group, changing the user group (spec 6). A location
 * under another (or an unknown, or a hidden) customer answers 404.
 */
@ApiTags('locations')
@Controller('c/:companyID/customer/:customerID/location')
export class LocationsController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly images: ImagesService,
  ) {}

  @Get()
  @Access('customer')
  @ApiOperation({ summary: 'Locations of the customer: active ones, all=1 also inactive; q filters name, number, city; sort, order, page' })
  list(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: LocationListQueryDto): Promise<Page<LocationDto>> {
    const { all, ...rest } = query;
    return this.bus.request(LocationSubjects.list, { caller, customerId, query: { ...rest, all: flag(all) } });
  }

  @Get(':locationID')
  @Access('customer')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('locationID') locationId: number): Promise<LocationDto> {
    return this.bus.request(LocationSubjects.get, { caller, customerId, locationId });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a location of an active customer (1039 otherwise); a service item id of 0 is not set' })
  create(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Body() body: LocationCreateDto): Promise<LocationDto> {
    return this.bus.request(LocationSubjects.create, { caller, customerId, input: body });
  }

  @Patch(':locationID')
  @Access('user')
  @ApiOperation({ summary: 'Change a location (the fields sent)' })
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Body() body: LocationUpdateDto,
  ): Promise<LocationDto> {
    return this.bus.request(LocationSubjects.update, { caller, customerId, locationId, input: body });
  }

  @Patch(':locationID/delivery')
  @Access('user')
  @ApiOperation({ summary: 'Change delivery days and/or the requisition schedule (a schedule sent replaces the whole one)' })
  delivery(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Body() body: LocationDeliveryDto,
  ): Promise<LocationDto> {
    return this.bus.request(LocationSubjects.delivery, { caller, customerId, locationId, input: body });
  }

  @Delete(':locationID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a location; one with images answers 1002 unless confirm=1 (then its images go too)' })
  async remove(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: DeleteQueryDto,
  ): Promise<null> {
    const reply = await this.bus.request(LocationSubjects.delete, { caller, customerId, locationId, confirm: flag(query.confirm) });
    await this.images.discard(reply?.released ?? []);
    return null;
  }

  @Get(':locationID/toggleActive')
  @Access('user')
  @ApiOperation({ summary: 'Activate (active=1; 1039 while the customer is inactive) or deactivate (active=0); safe to repeat' })
  toggleActive(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: ToggleActiveQueryDto,
  ): Promise<LocationDto> {
    return this.bus.request(LocationSubjects.toggle, { caller, customerId, locationId, active: flag(query.active) });
  }
}
