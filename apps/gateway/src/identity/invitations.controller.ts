import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { type Caller, type CompanyDto, IdentitySubjects, type InvitationPreviewDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { CurrentCaller } from '../auth/request-user';

export class InvitationTokenDto {
  @ApiProperty({ description: 'the token of the invitation link' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token!: string;
}

/**
 * The invited person's side of an invitation of an existing account (docs/users.md): signed in as the account the
 * invitation was sent to, look at it and accept it. Any other account, a wrong, used or expired link: 1000 on `token`.
 */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('invitation')
export class InvitationsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @ApiOperation({ summary: 'The company, role and app flag of an invitation sent to the signed-in user' })
  show(@CurrentCaller() caller: Caller, @Query() query: InvitationTokenDto): Promise<InvitationPreviewDto> {
    return this.bus.request(IdentitySubjects.showInvitation, { caller, token: query.token });
  }

  @Post('accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept an invitation: the signed-in user becomes a member (licence checked: 1058); answers the company. Refresh the session to use it' })
  accept(@CurrentCaller() caller: Caller, @Body() body: InvitationTokenDto): Promise<CompanyDto> {
    return this.bus.request(IdentitySubjects.acceptInvitation, { caller, token: body.token });
  }
}
