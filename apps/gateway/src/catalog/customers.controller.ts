import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogSubjects, type CompanyCaller, type CustomerDto, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ImagesService } from '../images/images.service';
import { DeleteQueryDto, CustomerCreateDto, CustomerListQueryDto, CustomerUpdateDto, flag, ToggleActiveQueryDto } from './catalog.dto';

/** Customers of the company: reading needs the customer group, changing the user group (spec 6). */
@ApiTags('customers')
@Controller('c/:companyID/customer')
export class CustomersController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly images: ImagesService,
  ) {}

  @Get()
  @Access('customer')
  @ApiOperation({ summary: 'Customers: active ones, all=1 also inactive; q filters name, number, city; sort, order, page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: CustomerListQueryDto): Promise<Page<CustomerDto>> {
    const { all, ...rest } = query;
    return this.bus.request(CatalogSubjects.listCustomers, { caller, query: { ...rest, all: flag(all) } });
  }

  @Get(':customerID')
  @Access('customer')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number): Promise<CustomerDto> {
    return this.bus.request(CatalogSubjects.getCustomer, { caller, customerId });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a customer (item ids of 0 are not set)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: CustomerCreateDto): Promise<CustomerDto> {
    return this.bus.request(CatalogSubjects.createCustomer, { caller, input: body });
  }

  @Patch(':customerID')
  @Access('user')
  @ApiOperation({ summary: 'Change a customer (the fields sent)' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Body() body: CustomerUpdateDto): Promise<CustomerDto> {
    return this.bus.request(CatalogSubjects.updateCustomer, { caller, customerId, input: body });
  }

  @Delete(':customerID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a customer; one with images answers 1002 unless confirm=1 (then its images go too)' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: DeleteQueryDto): Promise<null> {
    const reply = await this.bus.request(CatalogSubjects.deleteCustomer, { caller, customerId, confirm: flag(query.confirm) });
    await this.images.discard(reply?.released ?? []);
    return null;
  }

  @Get(':customerID/toggleActive')
  @Access('user')
  @ApiOperation({ summary: 'Activate (active=1) or deactivate (active=0); safe to repeat; answers the customer' })
  toggleActive(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @Query() query: ToggleActiveQueryDto): Promise<CustomerDto> {
    return this.bus.request(CatalogSubjects.toggleCustomer, { caller, customerId, active: flag(query.active) });
  }
}
