import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  type CompanyCaller,
  type Page,
  type TargetUserDto,
  UserAdminSubjects,
  type UsersOfTargetScope,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ListQueryDto } from '../identity/identity.dto';
import { RestrictionTargets } from './restriction-targets';

const SUMMARY =
  'Users who may see it: by default those whose access restrictions grant it (each with its grants); restricted=0 adds the unrestricted users whose role reads it';

/** The customer-, location- and supplier-level `user` pages (users administration, docs/users.md). */
@ApiTags('company users')
@Controller('c/:companyID')
export class TargetUsersController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly targets: RestrictionTargets,
  ) {}

  @Get('customer/:customerID/user')
  @Access('user')
  @ApiOperation({ summary: `Customer level: ${SUMMARY}` })
  async customer(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @Query() query: ListQueryDto,
  ): Promise<Page<TargetUserDto>> {
    const found = await this.targets.lookup({ caller, customer_ids: [customerId], locations_of: customerId });
    if (found.customers.length === 0) throw new AppError(ProtocolCode.NotFound, 'customer not found');
    return this.list(
      caller,
      { kind: 'customer', customer_ids: [customerId], location_ids: found.location_ids, supplier_ids: [] },
      query,
    );
  }

  @Get('customer/:customerID/location/:locationID/user')
  @Access('user')
  @ApiOperation({ summary: `Location level: ${SUMMARY}` })
  async location(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @Query() query: ListQueryDto,
  ): Promise<Page<TargetUserDto>> {
    const found = await this.targets.lookup({ caller, location_ids: [locationId] });
    if (found.locations[0]?.customer_id !== customerId)
      throw new AppError(ProtocolCode.NotFound, 'location not found');
    return this.list(
      caller,
      { kind: 'location', customer_ids: [customerId], location_ids: [locationId], supplier_ids: [] },
      query,
    );
  }

  @Get('supplier/:supplierID/user')
  @Access('user')
  @ApiOperation({ summary: `Supplier level: ${SUMMARY}` })
  async supplier(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('supplierID') supplierId: number,
    @Query() query: ListQueryDto,
  ): Promise<Page<TargetUserDto>> {
    const found = await this.targets.lookup({ caller, supplier_ids: [supplierId] });
    if (found.suppliers.length === 0) throw new AppError(ProtocolCode.NotFound, 'supplier not found');
    return this.list(
      caller,
      { kind: 'supplier', customer_ids: [], location_ids: [], supplier_ids: [supplierId] },
      query,
    );
  }

  private list(
    caller: CompanyCaller,
    scope: UsersOfTargetScope,
    query: ListQueryDto,
  ): Promise<Page<TargetUserDto>> {
    const { restricted, ...rest } = query;
    return this.bus.request(UserAdminSubjects.usersOfTarget, {
      caller,
      scope,
      query: { ...rest, restricted: !(restricted === '0' || restricted === 'false') },
    });
  }
}
