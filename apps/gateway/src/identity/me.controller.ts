import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, ErrorCode } from '@kanban/access';
import { type AppUsageDto, type Caller, type CompanyDto, IdentitySubjects, type UserDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { CurrentCaller } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ImagesService } from '../images/images.service';
import { ChangePasswordDto, ProfileUpdateDto } from './identity.dto';

/** The signed-in user's own data. */
@ApiTags('profile')
@ApiBearerAuth()
@Controller()
export class MeController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly images: ImagesService,
  ) {}

  @Get('company')
  @ApiOperation({ summary: 'Companies of the signed-in user, with the user_role in each' })
  companies(@CurrentCaller() caller: Caller): Promise<CompanyDto[]> {
    return this.bus.request(IdentitySubjects.listMyCompanies, { caller });
  }

  @Get('user/appusage')
  @ApiOperation({ summary: 'Counts of the user roles per kind and whether the mobile app may be used' })
  appUsage(@CurrentCaller() caller: Caller): Promise<AppUsageDto> {
    return this.bus.request(IdentitySubjects.appUsage, { caller });
  }

  @Get('user/me')
  @ApiOperation({ summary: 'The signed-in user' })
  me(@CurrentCaller() caller: Caller): Promise<UserDto> {
    return this.bus.request(IdentitySubjects.getProfile, { caller });
  }

  @Post('auth/user/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update the own profile (names, initials, language, shortcuts); image_id null removes the profile image' })
  update(@CurrentCaller() caller: Caller, @Body() body: ProfileUpdateDto): Promise<UserDto> {
    return this.updateOwn(caller, body);
  }

  @Post('user/changepass')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the own password (current_password required, wrong: 1026); other sessions are signed out' })
  async changePassword(@CurrentCaller() caller: Caller, @Body() body: ChangePasswordDto): Promise<null> {
    await this.bus.request(IdentitySubjects.changePassword, { caller, current_password: body.current_password, password: body.password });
    return null;
  }

  @Patch('user/:userID')
  @ApiOperation({ summary: 'Update the own profile by id' })
  patch(@CurrentCaller() caller: Caller, @IdParam('userID') userId: number, @Body() body: ProfileUpdateDto): Promise<UserDto> {
    if (userId !== caller.userId) throw new AppError(ErrorCode.NoPermission);
    return this.updateOwn(caller, body);
  }

  /** The profile fields go to identity; image_id null then removes the image and its blob. */
  private async updateOwn(caller: Caller, body: ProfileUpdateDto): Promise<UserDto> {
    const { image_id, ...fields } = body;
    const user = await this.bus.request(IdentitySubjects.updateProfile, { caller, update: image_id === null ? fields : body });
    return image_id === null ? this.images.removeProfileImage(caller) : user;
  }
}
