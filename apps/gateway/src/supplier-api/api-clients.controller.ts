import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, ProtocolCode } from '@kanban/access';
import { type ApiClientCreated, type ApiClientDto, ApiClientSubjects, type CompanyCaller } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { RestrictionTargets } from '../users/restriction-targets';
import { ApiClientCreateDto } from './supplier-api.dto';

/**
 * A supplier's API clients (docs/supplier-api.md), on the supplier's users page: users of the `user` group who see
 * the supplier (their supplier restrictions let them; another supplier: 404).
 */
@ApiTags('supplier API')
@Controller('c/:companyID/supplier/:supplierID/apiclient')
export class ApiClientsController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly targets: RestrictionTargets,
  ) {}

  private async visible(caller: CompanyCaller, supplierId: number): Promise<void> {
    const found = await this.targets.lookup({ caller, supplier_ids: [supplierId] });
    if (found.suppliers.length === 0) throw new AppError(ProtocolCode.NotFound, 'supplier not found');
  }

  @Get()
  @Access('user')
  @ApiOperation({ summary: "The supplier's API clients, working ones first, revoked ones with revoked_at (secrets are never answered)" })
  async list(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number): Promise<ApiClientDto[]> {
    await this.visible(caller, supplierId);
    return this.bus.request(ApiClientSubjects.list, { caller, scope: { supplierId } });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create an API client for the supplier: answers client_id and client_secret (shown this once; only a hash is kept)' })
  async create(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @Body() body: ApiClientCreateDto): Promise<ApiClientCreated> {
    await this.visible(caller, supplierId);
    return this.bus.request(ApiClientSubjects.create, { caller, scope: { supplierId }, input: { name: body.name } });
  }

  @Delete(':clientID')
  @Access('user')
  @ApiOperation({ summary: 'Revoke an API client: its tokens stop working with the next call; it stays listed as revoked (safe to repeat)' })
  async revoke(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('clientID') id: number): Promise<ApiClientDto> {
    await this.visible(caller, supplierId);
    return this.bus.request(ApiClientSubjects.revoke, { caller, scope: { supplierId }, id });
  }
}
