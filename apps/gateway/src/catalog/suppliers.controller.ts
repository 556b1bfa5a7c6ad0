import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogSubjects, type CompanyCaller, type Page, type SupplierDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ImagesService } from '../images/images.service';
import { DeleteQueryDto, flag, SupplierCreateDto, SupplierListQueryDto, SupplierUpdateDto, ToggleActiveQueryDto } from './catalog.dto';

/** Suppliers of the company: reading needs the supplier group, changing the user group (spec 6). */
@ApiTags('suppliers')
@Controller('c/:companyID/supplier')
export class SuppliersController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly images: ImagesService,
  ) {}

  @Get()
  @Access('supplier')
  @ApiOperation({ summary: 'Suppliers: active ones, all=1 also inactive; q filters name, number, city; sort, order, page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: SupplierListQueryDto): Promise<Page<SupplierDto>> {
    const { all, ...rest } = query;
    return this.bus.request(CatalogSubjects.listSuppliers, { caller, query: { ...rest, all: flag(all) } });
  }

  @Get(':supplierID')
  @Access('supplier')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number): Promise<SupplierDto> {
    return this.bus.request(CatalogSubjects.getSupplier, { caller, supplierId });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a supplier' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: SupplierCreateDto): Promise<SupplierDto> {
    return this.bus.request(CatalogSubjects.createSupplier, { caller, input: body });
  }

  @Patch(':supplierID')
  @Access('user')
  @ApiOperation({ summary: 'Change a supplier (the fields sent)' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Body() body: SupplierUpdateDto): Promise<SupplierDto> {
    return this.bus.request(CatalogSubjects.updateSupplier, { caller, supplierId, input: body });
  }

  @Delete(':supplierID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a supplier; one with images answers 1002 unless confirm=1 (then its images go too)' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Query() query: DeleteQueryDto): Promise<null> {
    const reply = await this.bus.request(CatalogSubjects.deleteSupplier, { caller, supplierId, confirm: flag(query.confirm) });
    await this.images.discard(reply?.released ?? []);
    return null;
  }

  @Get(':supplierID/toggleActive')
  @Access('user')
  @ApiOperation({ summary: 'Activate (active=1) or deactivate (active=0); safe to repeat; answers the supplier' })
  toggleActive(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Query() query: ToggleActiveQueryDto): Promise<SupplierDto> {
    return this.bus.request(CatalogSubjects.toggleSupplier, { caller, supplierId, active: flag(query.active) });
  }
}
