import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CatalogDto, type CompanyCaller, ItemSubjects, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { CatalogCreateDto, CatalogListQueryDto, CatalogUpdateDto } from './items.dto';

/** Catalogs of a supplier: reading needs the supplier group, changing the user group. */
@ApiTags('catalogs')
@Controller('c/:companyID/supplier/:supplierID/catalog')
export class CatalogsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('supplier')
  @ApiOperation({ summary: "The supplier's catalogs; q filters name, contract name, external id; sort, order, page" })
  list(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Query() query: CatalogListQueryDto): Promise<Page<CatalogDto>> {
    return this.bus.request(ItemSubjects.listCatalogs, { caller, supplierId, query });
  }

  @Get(':catalogID')
  @Access('supplier')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('catalogID') catalogId: number): Promise<CatalogDto> {
    return this.bus.request(ItemSubjects.getCatalog, { caller, supplierId, catalogId });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a catalog (name unique per supplier: 1059)' })
  create(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Body() body: CatalogCreateDto): Promise<CatalogDto> {
    return this.bus.request(ItemSubjects.createCatalog, { caller, supplierId, input: body });
  }

  @Patch(':catalogID')
  @Access('user')
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('supplierID') supplierId: number,
    @IdParam('catalogID') catalogId: number,
    @Body() body: CatalogUpdateDto,
  ): Promise<CatalogDto> {
    return this.bus.request(ItemSubjects.updateCatalog, { caller, supplierId, catalogId, input: body });
  }

  @Delete(':catalogID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a catalog; 1007 while it has items' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('catalogID') catalogId: number): Promise<null> {
    await this.bus.request(ItemSubjects.deleteCatalog, { caller, supplierId, catalogId });
    return null;
  }
}
