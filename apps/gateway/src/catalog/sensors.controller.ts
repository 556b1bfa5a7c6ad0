import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SensorSubjects, type CompanyCaller, type DeviceKeyCreated, type DeviceKeyInfo, type Page, type SensorAlarmsDto, type SensorDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { SensorAlarmsQueryDto, SensorCreateDto, SensorListQueryDto, SensorUpdateDto } from './sensor.dto';

/**
 * Sensors of the company (docs/sensors.md): the company's staff read them (admin, owner, writer, reader), the user
 * group changes them (as the other company settings, spec 6). The device key: admin and owner only.
 */
@ApiTags('sensors')
@Controller('c/:companyID/sensor')
export class SensorsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('staff')
  @ApiOperation({ summary: 'Sensors; q filters name and external id; type; sort (name, external_id, type, last_seen_at), order, page, per_page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: SensorListQueryDto): Promise<Page<SensorDto>> {
    return this.bus.request(SensorSubjects.list, { caller, query });
  }

  // before ':id': "alarms" is not an id
  @Get('alarms')
  @Access('customer')
  @ApiOperation({
    summary:
      'Sensors with an alarm now (offline: silent for more than 3 × the interval; battery_low: below 20 %), with the racks and bins they sit in; customer_id or location_id narrow to racks there. Customer users see only sensors in racks of locations they see',
  })
  alarms(@CompanyCtx() caller: CompanyCaller, @Query() query: SensorAlarmsQueryDto): Promise<SensorAlarmsDto> {
    return this.bus.request(SensorSubjects.alarms, { caller, query: { customer_id: query.customer_id, location_id: query.location_id } });
  }

  // before ':id': "devicekey" is not an id
  @Get('devicekey')
  @Access('owner')
  @ApiOperation({ summary: "The company's device key for the ingestion: whether one exists, its prefix, created and last used (never the secret)" })
  deviceKey(@CompanyCtx() caller: CompanyCaller): Promise<DeviceKeyInfo> {
    return this.bus.request(SensorSubjects.getDeviceKey, { caller });
  }

  @Post('devicekey')
  @HttpCode(200)
  @Access('owner')
  @ApiOperation({ summary: 'Rotate the device key: a new key, its secret answered this once; the old key stays valid for 24 hours' })
  rotateDeviceKey(@CompanyCtx() caller: CompanyCaller): Promise<DeviceKeyCreated> {
    return this.bus.request(SensorSubjects.rotateDeviceKey, { caller });
  }

  @Get(':id')
  @Access('staff')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<SensorDto> {
    return this.bus.request(SensorSubjects.get, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a sensor (external id unique in the company: 1059; unit must fit the type: 1000)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: SensorCreateDto): Promise<SensorDto> {
    return this.bus.request(SensorSubjects.create, { caller, input: body });
  }

  @Patch(':id')
  @Access('user')
  @ApiOperation({ summary: 'Change a sensor (the fields sent; battery, signal and the last reading are read-only)' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number, @Body() body: SensorUpdateDto): Promise<SensorDto> {
    return this.bus.request(SensorSubjects.update, { caller, id, input: body });
  }

  @Delete(':id')
  @Access('user')
  @ApiOperation({ summary: 'Delete a sensor; 1007 naming the storages (racks) that use it' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<null> {
    await this.bus.request(SensorSubjects.delete, { caller, id });
    return null;
  }
}
