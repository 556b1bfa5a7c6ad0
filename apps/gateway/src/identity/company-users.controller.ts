import { Body, Controller, Delete, Get, Patch, Post, Query, HttpCode } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type CompanyCaller,
  type CompanyUserDto,
  IdentitySubjects,
  type InvitationDto,
  type NamedRestrictionDto,
  type Page,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { RestrictionTargets } from '../users/restriction-targets';
import { CompanyUserCreateDto, CompanyUserUpdateDto, ListQueryDto } from './identity.dto';

@ApiTags('company users')
@Controller('c/:companyID/user')
export class CompanyUsersController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly targets: RestrictionTargets,
  ) {}

  @Get()
  @Access('user')
  @ApiOperation({ summary: 'Users of the company; filter, sort and page; restricted=1 keeps those with restrictions' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: ListQueryDto): Promise<Page<CompanyUserDto>> {
    const { restricted, ...rest } = query;
    return this.bus.request(IdentitySubjects.listUsers, { caller, query: { ...rest, restricted: restricted === '1' || restricted === 'true' } });
  }

  @Post()
  @HttpCode(200)
  @Access('admin')
  @ApiOperation({
    summary:
      'Invite a user: a new address becomes a member with a registration link; an existing account gets an invitation to accept and the answer is only that invitation (invitation_id, email, role, app, invitation_pending)',
  })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: CompanyUserCreateDto): Promise<CompanyUserDto | InvitationDto> {
    return this.bus.request(IdentitySubjects.createUser, { caller, input: body });
  }

  @Get('invitation')
  @Access('user')
  @ApiOperation({ summary: 'Open invitations of existing accounts (not members until they accept), newest first' })
  invitations(@CompanyCtx() caller: CompanyCaller): Promise<InvitationDto[]> {
    return this.bus.request(IdentitySubjects.listInvitations, { caller });
  }

  @Delete('invitation/:invitationID')
  @Access('admin')
  @ApiOperation({ summary: 'Withdraw an invitation (its link stops working)' })
  async withdraw(@CompanyCtx() caller: CompanyCaller, @IdParam('invitationID') invitationId: number): Promise<null> {
    await this.bus.request(IdentitySubjects.withdrawInvitation, { caller, invitationId });
    return null;
  }

  @Get(':userID')
  @Access('user')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('userID') userId: number): Promise<CompanyUserDto> {
    return this.bus.request(IdentitySubjects.getUser, { caller, userId });
  }

  @Patch(':userID')
  @Access('admin')
  @ApiOperation({ summary: 'Change a user: names, role, app use ("Only Users and Customers are allowed")' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('userID') userId: number, @Body() body: CompanyUserUpdateDto): Promise<CompanyUserDto> {
    return this.bus.request(IdentitySubjects.updateUser, { caller, userId, input: body });
  }

  @Delete(':userID')
  @Access('admin')
  @ApiOperation({ summary: 'Remove the user from the company' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('userID') userId: number): Promise<null> {
    await this.bus.request(IdentitySubjects.deleteUser, { caller, userId });
    return null;
  }

  @Get(':userID/customer')
  @Access('user')
  @ApiOperation({ summary: "The user's customer restrictions, with the customer's name" })
  async customers(@CompanyCtx() caller: CompanyCaller, @IdParam('userID') userId: number): Promise<NamedRestrictionDto[]> {
    const rows = await this.bus.request(IdentitySubjects.listRestrictions, { caller, userId, kind: 'customer' });
    return this.targets.named(caller, rows);
  }

  @Get(':userID/location')
  @Access('user')
  @ApiOperation({ summary: "The user's location restrictions, with the location's name" })
  async locations(@CompanyCtx() caller: CompanyCaller, @IdParam('userID') userId: number): Promise<NamedRestrictionDto[]> {
    const rows = await this.bus.request(IdentitySubjects.listRestrictions, { caller, userId, kind: 'location' });
    return this.targets.named(caller, rows);
  }

  @Get(':userID/supplier')
  @Access('user')
  @ApiOperation({ summary: "The user's supplier restrictions, with the supplier's name" })
  async suppliers(@CompanyCtx() caller: CompanyCaller, @IdParam('userID') userId: number): Promise<NamedRestrictionDto[]> {
    const rows = await this.bus.request(IdentitySubjects.listRestrictions, { caller, userId, kind: 'supplier' });
    return this.targets.named(caller, rows);
  }

  @Get(':userID/resend')
  @Access('admin')
  @ApiOperation({ summary: 'Send the invitation (or confirmation) mail again' })
  async resend(@CompanyCtx() caller: CompanyCaller, @IdParam('userID') userId: number): Promise<null> {
    await this.bus.request(IdentitySubjects.resendInvitation, { caller, userId });
    return null;
  }
}
