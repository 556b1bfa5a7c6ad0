import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type CompanyCaller,
  type CustomFieldDto,
  type CustomFieldEntity,
  type CustomFieldInput,
  type CustomFieldListQuery,
  type CustomValuesDto,
  type Page,
  SettingsSubjects,
  type StorageTypeDto,
  type UnitDto,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';
import { flag } from './catalog.dto';
import {
  ConfirmQueryDto,
  CustomFieldCreateDto,
  CustomFieldListQueryDto,
  CustomFieldUpdateDto,
  CustomValuesDtoIn,
  StorageTypeCreateDto,
  StorageTypeListQueryDto,
  StorageTypeUpdateDto,
  UnitCreateDto,
  UnitListQueryDto,
  UnitUpdateDto,
} from './settings.dto';

/** Units of the company: reading needs the customer group (items name units), changing the user group. */
@ApiTags('settings')
@Controller('c/:companyID/unit')
export class UnitsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('customer')
  @ApiOperation({ summary: 'Units; q filters code, name, description; sort, order, page, per_page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: UnitListQueryDto): Promise<Page<UnitDto>> {
    return this.bus.request(SettingsSubjects.listUnits, { caller, query });
  }

  @Get(':id')
  @Access('customer')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<UnitDto> {
    return this.bus.request(SettingsSubjects.getUnit, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a unit (code unique in the company: 1059)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: UnitCreateDto): Promise<UnitDto> {
    return this.bus.request(SettingsSubjects.createUnit, { caller, input: body });
  }

  @Patch(':id')
  @Access('user')
  @ApiOperation({ summary: 'Change a unit (the fields sent); a used unit keeps its code (1007)' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number, @Body() body: UnitUpdateDto): Promise<UnitDto> {
    return this.bus.request(SettingsSubjects.updateUnit, { caller, id, input: body });
  }

  @Delete(':id')
  @Access('user')
  @ApiOperation({ summary: 'Delete a unit; 1007 while records (items) use it' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<null> {
    await this.bus.request(SettingsSubjects.deleteUnit, { caller, id });
    return null;
  }
}

/** Storage types of the company: reading needs the customer group, changing the user group. */
@ApiTags('settings')
@Controller('c/:companyID/storagetype')
export class StorageTypesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('customer')
  @ApiOperation({ summary: 'Storage types; q filters name, description; sort, order, page, per_page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: StorageTypeListQueryDto): Promise<Page<StorageTypeDto>> {
    return this.bus.request(SettingsSubjects.listStorageTypes, { caller, query });
  }

  @Get(':id')
  @Access('customer')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<StorageTypeDto> {
    return this.bus.request(SettingsSubjects.getStorageType, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: StorageTypeCreateDto): Promise<StorageTypeDto> {
    return this.bus.request(SettingsSubjects.createStorageType, { caller, input: body });
  }

  @Patch(':id')
  @Access('user')
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number, @Body() body: StorageTypeUpdateDto): Promise<StorageTypeDto> {
    return this.bus.request(SettingsSubjects.updateStorageType, { caller, id, input: body });
  }

  @Delete(':id')
  @Access('user')
  @ApiOperation({ summary: 'Delete a storage type; 1007 while storages use it' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<null> {
    await this.bus.request(SettingsSubjects.deleteStorageType, { caller, id });
    return null;
  }
}

/**
 * Custom field definitions (reading: customer group; changing: user group) and the values of one record
 * (reading: the record's group, checked by the service; writing: user group).
 */
@ApiTags('settings')
@Controller('c/:companyID/customfields')
export class CustomFieldsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('member')
  @ApiOperation({ summary: 'Custom field definitions; entity narrows to one kind; q filters key and label; sort, order, page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: CustomFieldListQueryDto): Promise<Page<CustomFieldDto>> {
    // @IsIn checked entity (the DTO's field stays `string` for its decorator metadata)
    return this.bus.request(SettingsSubjects.listCustomFields, { caller, query: query as CustomFieldListQuery });
  }

  @Get('values/:entity/:entityID')
  @Access('member')
  @ApiOperation({ summary: "A record's custom fields with their values (customer, location, supplier, item, contact)" })
  values(
    @CompanyCtx() caller: CompanyCaller,
    @Param('entity') entity: string,
    @IdParam('entityID') entityId: number,
  ): Promise<CustomValuesDto> {
    return this.bus.request(SettingsSubjects.getCustomValues, { caller, entity: entity as CustomFieldEntity, entityId });
  }

  @Put('values/:entity/:entityID')
  @Access('user')
  @ApiOperation({ summary: "Replace a record's custom field values, checked against the definitions (1000 with values.<key>)" })
  putValues(
    @CompanyCtx() caller: CompanyCaller,
    @Param('entity') entity: string,
    @IdParam('entityID') entityId: number,
    @Body() body: CustomValuesDtoIn,
  ): Promise<CustomValuesDto> {
    return this.bus.request(SettingsSubjects.putCustomValues, { caller, entity, entityId, input: { values: body.values } });
  }

  @Get(':id')
  @Access('member')
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number): Promise<CustomFieldDto> {
    return this.bus.request(SettingsSubjects.getCustomField, { caller, id });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Define a custom field (key unique per kind: 1059)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: CustomFieldCreateDto): Promise<CustomFieldDto> {
    // @IsIn checked entity and type (the DTO's fields stay `string` for their decorator metadata)
    return this.bus.request(SettingsSubjects.createCustomField, { caller, input: body as CustomFieldInput });
  }

  @Patch(':id')
  @Access('user')
  @ApiOperation({ summary: 'Change label, type, options, required, sort; 1002 when stored values would no longer fit, unless confirm=1' })
  update(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('id') id: number,
    @Body() body: CustomFieldUpdateDto,
    @Query() query: ConfirmQueryDto,
  ): Promise<CustomFieldDto> {
    // @IsIn checked type (the DTO's field stays `string` for its decorator metadata)
    return this.bus.request(SettingsSubjects.updateCustomField, { caller, id, input: body as CustomFieldInput, confirm: flag(query.confirm) });
  }

  @Delete(':id')
  @Access('user')
  @ApiOperation({ summary: 'Delete a custom field; 1002 when records hold values for it, unless confirm=1' })
  async remove(@CompanyCtx() caller: CompanyCaller, @IdParam('id') id: number, @Query() query: ConfirmQueryDto): Promise<null> {
    await this.bus.request(SettingsSubjects.deleteCustomField, { caller, id, confirm: flag(query.confirm) });
    return null;
  }
}
