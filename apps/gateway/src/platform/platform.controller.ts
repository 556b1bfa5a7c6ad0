import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdentitySubjects, type PlatformCompanyDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { OperatorOnly } from '../auth/guards';
import { IdParam } from '../http/validation';
import { PlatformCompanyCreateDto, PlatformCompanyUpdateDto } from '../identity/identity.dto';

/** The platform operator administers companies and their licence limits. */
@ApiTags('platform')
@Controller('platform/companies')
@OperatorOnly()
export class PlatformController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @ApiOperation({ summary: 'All companies with licence limits and user counts' })
  list(): Promise<PlatformCompanyDto[]> {
    return this.bus.request(IdentitySubjects.platformListCompanies, {});
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a company, optionally with an existing user as owner' })
  create(@Body() body: PlatformCompanyCreateDto): Promise<PlatformCompanyDto> {
    return this.bus.request(IdentitySubjects.platformCreateCompany, { input: body });
  }

  @Patch(':companyId')
  @ApiOperation({ summary: 'Change company data and licence limits' })
  update(@IdParam('companyId') companyId: number, @Body() body: PlatformCompanyUpdateDto): Promise<PlatformCompanyDto> {
    return this.bus.request(IdentitySubjects.platformUpdateCompany, { companyId, input: body });
  }
}
