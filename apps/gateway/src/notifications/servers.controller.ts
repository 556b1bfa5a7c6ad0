import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ServerSubjects, type CompanyCaller, type Page, type ServerDto, type ServerVerifyResult } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { ServerCreateDto, ServerListQueryDto, ServerUpdateDto } from './server.dto';

/**
 * The company's servers (notifications service; docs/notifications.md): notification settings, so the user group
 * (admin, owner, writer) reads and changes them (spec 6); readers, customers and suppliers are refused (1020).
 */
@ApiTags('servers')
@Controller('c/:companyID/server')
export class ServersController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('user')
  @ApiOperation({ summary: 'Servers; type filters (SMTP, SFTP, FTP, FTPS, HTTP, HTTPS, IMAP); q filters name, host and user; sort (name, type, host, updated_at), order, page, per_page. Secrets are never answered: has_password, has_private_key, has_passphrase' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: ServerListQueryDto): Promise<Page<ServerDto>> {
    return this.bus.request(ServerSubjects.list, { caller, query });
  }

  // before ':serverID' alone: the longer path
  @Get(':serverID/verify')
  @Access('user')
  @ApiOperation({
    summary:
      "Connect to the server and sign in: 200 with the server's own greeting or answer ({ok, message}); 1056 (HTTP 502) with the server's own message when the connection or the sign-in fails (Data.kind: auth, unreadable, unreachable, other). Changes nothing; safe to repeat",
  })
  verify(@CompanyCtx() caller: CompanyCaller, @IdParam('serverID') id: number): Promise<ServerVerifyResult> {
    return this.bus.request(ServerSubjects.verify, { caller, id });
  }

  @Get(':serverID')
  @Access('user')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('serverID') id: number): Promise<ServerDto> {
    return this.bus.request(ServerSubjects.get, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a server (name unique in the company: 1059; the port defaults by type; secrets stored encrypted)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: ServerCreateDto): Promise<ServerDto> {
    return this.bus.request(ServerSubjects.create, { caller, input: body });
  }

  @Patch(':serverID')
  @Access('user')
  @ApiOperation({ summary: 'Change a server (the fields sent); a secret left out is kept, one sent as null or empty is cleared' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('serverID') id: number, @Body() body: ServerUpdateDto): Promise<ServerDto> {
    return this.bus.request(ServerSubjects.update, { caller, id, input: body });
  }

  @Delete(':serverID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a server' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('serverID') id: number): Promise<null> {
    await this.bus.request(ServerSubjects.delete, { caller, id });
    return null;
  }
}
