import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, type PipeTransform, type Type } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { NotificationRuleSubjects, type CompanyCaller, type NotificationRuleDto, type NotificationRuleListQuery, type NotificationRuleOwner, type Page } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam, positiveId } from '../http/validation';
import {
  NotificationRecipientCreateDto,
  NotificationRecipientUpdateDto,
  NotificationRuleCreateDto,
  NotificationRuleListQueryDto,
  NotificationRuleUpdateDto,
} from './notification-rule.dto';

type OwnerKind = 'customer' | 'location' | 'supplier';

const flag = (value: string | undefined): boolean | undefined => (value === undefined ? undefined : value === '1' || value === 'true');

function listQuery(query: NotificationRuleListQueryDto): NotificationRuleListQuery {
  const { all, active, ...rest } = query;
  return { ...rest, ...(all !== undefined ? { all: flag(all) } : {}), ...(active !== undefined ? { active: flag(active) } : {}) } as NotificationRuleListQuery;
}

const LIST_SUMMARY: Record<OwnerKind, string> = {
  customer: "The customer's notification rules; all=1 adds those of its locations",
  location: "The location's notification rules; all=1 adds the customer's rules that apply to it (all_locations, or no active rule of the location's own for the event)",
  supplier: "The supplier's notification rules",
};

/**
 * Notification rules of one kind of owner (notifications service; docs/notification-rules.md) under
 * `c/:companyID/customer/:customerID`, `.../location/:locationID` or `c/:companyID/supplier/:supplierID`:
 * notification settings, so the user group (admin, owner, writer) reads and changes them (spec 6); readers,
 * customers and suppliers are refused (1020). The owner is checked by the service (404 when unknown or hidden by
 * the caller's access restrictions). One class built per kind, named `CustomerNotificationRulesController` etc.
 * (the OpenAPI operation ids use the name). `.../{ruleID}/trigger` is served by the delivery controller.
 */
function rulesControllerFor(kind: OwnerKind): Type<unknown> {
  const base = kind === 'supplier' ? 'c/:companyID/supplier/:supplierID' : kind === 'customer' ? 'c/:companyID/customer/:customerID' : 'c/:companyID/customer/:customerID/location/:locationID';

  const ids = kind === 'supplier' ? ['supplierID'] : kind === 'customer' ? ['customerID'] : ['customerID', 'locationID'];

  @ApiTags('notification rules')
  @ApiParam({ name: ids[0]!, type: Number })
  @ApiParam({ name: ids[1] ?? ids[0]!, type: Number })
  @Controller(`${base}/notificationrule`)
  class RulesController {
    constructor(private readonly bus: ServiceBus) {}

    @Get()
    @Access('user')
    @ApiOperation({ summary: `${LIST_SUMMARY[kind]}; q filters the name, event, type, active (0|1); sort (${['name', 'event', 'type', 'updated_at', 'created_at'].join(', ')}), order, page, per_page` })
    list(@CompanyCtx() caller: CompanyCaller, @Params() owner: NotificationRuleOwner, @Query() query: NotificationRuleListQueryDto): Promise<Page<NotificationRuleDto>> {
      return this.bus.request(NotificationRuleSubjects.list, { caller, owner, query: listQuery(query) });
    }

    @Get(':ruleID')
    @Access('user')
    get(@CompanyCtx() caller: CompanyCaller, @Params() owner: NotificationRuleOwner, @IdParam('ruleID') id: number): Promise<NotificationRuleDto> {
      return this.bus.request(NotificationRuleSubjects.get, { caller, owner, id });
    }

    @Post()
    @HttpCode(200)
    @Access('user')
    @ApiOperation({ summary: 'Create a rule (name unique per owner: 1059); recipients may come with it' })
    create(@CompanyCtx() caller: CompanyCaller, @Params() owner: NotificationRuleOwner, @Body() body: NotificationRuleCreateDto): Promise<NotificationRuleDto> {
      return this.bus.request(NotificationRuleSubjects.create, { caller, owner, input: body });
    }

    @Patch(':ruleID')
    @Access('user')
    @ApiOperation({ summary: 'Change a rule (the fields sent; recipients with the recipient calls)' })
    update(@CompanyCtx() caller: CompanyCaller, @Params() owner: NotificationRuleOwner, @IdParam('ruleID') id: number, @Body() body: NotificationRuleUpdateDto): Promise<NotificationRuleDto> {
      return this.bus.request(NotificationRuleSubjects.update, { caller, owner, id, input: body });
    }

    @Delete(':ruleID')
    @Access('user')
    @ApiOperation({ summary: 'Delete a rule with its recipients' })
    async remove(@CompanyCtx() caller: CompanyCaller, @Params() owner: NotificationRuleOwner, @IdParam('ruleID') id: number): Promise<null> {
      await this.bus.request(NotificationRuleSubjects.delete, { caller, owner, id });
      return null;
    }

    @Post(':ruleID/recipient')
    @HttpCode(200)
    @Access('user')
    @ApiOperation({ summary: 'Add a recipient (a contact of the owner, a member of the company, or an address; at most 100); answers the rule' })
    addRecipient(
      @CompanyCtx() caller: CompanyCaller,
      @Params() owner: NotificationRuleOwner,
      @IdParam('ruleID') id: number,
      @Body() body: NotificationRecipientCreateDto,
    ): Promise<NotificationRuleDto> {
      return this.bus.request(NotificationRuleSubjects.addRecipient, { caller, owner, id, input: body });
    }

    @Patch(':ruleID/recipient/:recipientID')
    @Access('user')
    @ApiOperation({ summary: 'Change a recipient; answers the rule' })
    updateRecipient(
      @CompanyCtx() caller: CompanyCaller,
      @Params() owner: NotificationRuleOwner,
      @IdParam('ruleID') id: number,
      @IdParam('recipientID') recipientId: number,
      @Body() body: NotificationRecipientUpdateDto,
    ): Promise<NotificationRuleDto> {
      return this.bus.request(NotificationRuleSubjects.updateRecipient, { caller, owner, id, recipientId, input: body });
    }

    @Delete(':ruleID/recipient/:recipientID')
    @Access('user')
    @ApiOperation({ summary: 'Remove a recipient; answers the rule' })
    removeRecipient(
      @CompanyCtx() caller: CompanyCaller,
      @Params() owner: NotificationRuleOwner,
      @IdParam('ruleID') id: number,
      @IdParam('recipientID') recipientId: number,
    ): Promise<NotificationRuleDto> {
      return this.bus.request(NotificationRuleSubjects.deleteRecipient, { caller, owner, id, recipientId });
    }
  }

  const name = `${kind[0]!.toUpperCase()}${kind.slice(1)}NotificationRulesController`;
  Object.defineProperty(RulesController, 'name', { value: name });
  return RulesController;
}

/** The owner ids of the address (customerID, locationID, supplierID), checked as ids (1000 naming the parameter). */
class OwnerPipe implements PipeTransform<Record<string, string>, NotificationRuleOwner> {
  transform(params: Record<string, string>): NotificationRuleOwner {
    const owner: NotificationRuleOwner = {};
    if (params.customerID !== undefined) owner.customer_id = positiveId('customerID', params.customerID);
    if (params.locationID !== undefined) owner.location_id = positiveId('locationID', params.locationID);
    if (params.supplierID !== undefined) owner.supplier_id = positiveId('supplierID', params.supplierID);
    return owner;
  }
}

function Params(): ParameterDecorator {
  return Param(new OwnerPipe());
}

export const CustomerNotificationRulesController = rulesControllerFor('customer');
export const LocationNotificationRulesController = rulesControllerFor('location');
export const SupplierNotificationRulesController = rulesControllerFor('supplier');

/** The company's overview of every rule whose owner the caller may see (read only; the settings page). */
@ApiTags('notification rules')
@Controller('c/:companyID/notificationrule')
export class CompanyNotificationRulesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('user')
  @ApiOperation({ summary: "Every notification rule of the company's customers, locations and suppliers (read only); q, event, type, active, sort, order, page, per_page" })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: NotificationRuleListQueryDto): Promise<Page<NotificationRuleDto>> {
    return this.bus.request(NotificationRuleSubjects.list, { caller, owner: {}, query: listQuery(query) });
  }
}
