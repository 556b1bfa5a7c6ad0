import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type CompanyCaller,
  type CompanyDto,
  IdentitySubjects,
  type LicenseStatsDto,
  type RestrictionDto,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { AccessRestrictionDto, CompanyUpdateDto, SupportDto } from './identity.dto';
import { RestrictionTargets } from '../users/restriction-targets';

@ApiTags('company')
@Controller('c/:companyID')
export class CompanyController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly targets: RestrictionTargets,
  ) {}

  @Get()
  @Access('member')
  @ApiOperation({ summary: 'The company, with the caller role' })
  get(@CompanyCtx() caller: CompanyCaller): Promise<CompanyDto> {
    return this.bus.request(IdentitySubjects.getCompany, { caller });
  }

  @Patch()
  @Access('owner')
  @ApiOperation({ summary: 'Edit the company data' })
  update(@CompanyCtx() caller: CompanyCaller, @Body() body: CompanyUpdateDto): Promise<CompanyDto> {
    return this.bus.request(IdentitySubjects.updateCompany, { caller, update: body });
  }

  @Post('support')
  @HttpCode(200)
  @Access('member')
  @ApiOperation({ summary: 'Send a support request (subject and message)' })
  support(@CompanyCtx() caller: CompanyCaller, @Body() body: SupportDto): Promise<{ id: number }> {
    return this.bus.request(IdentitySubjects.support, { caller, subject: body.subject, message: body.message });
  }

  @Post('accessrestriction')
  @HttpCode(200)
  @Access('admin')
  @ApiOperation({ summary: 'Restrict a user to a customer, location or supplier' })
  async addRestriction(@CompanyCtx() caller: CompanyCaller, @Body() body: AccessRestrictionDto): Promise<RestrictionDto> {
    await this.targets.assertExists(caller, body);
    return this.bus.request(IdentitySubjects.addRestriction, { caller, input: body });
  }

  @Delete('accessrestriction/:id')
  @Access('admin')
  @ApiOperation({ summary: 'Remove an access restriction' })
  async removeRestriction(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<null> {
    await this.bus.request(IdentitySubjects.removeRestriction, { caller, id });
    return null;
  }

  @Get('licensestats')
  @Access('owner')
  @ApiOperation({ summary: 'Licence use per kind against the limits' })
  licenseStats(@CompanyCtx() caller: CompanyCaller): Promise<LicenseStatsDto> {
    return this.bus.request(IdentitySubjects.licenseStats, { caller });
  }
}
