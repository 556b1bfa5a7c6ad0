import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotificationRuleSubjects, type CompanyCaller, type NotificationRuleTriggerResult } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';

const SUMMARY =
  "Run the rule now on its latest matching order (the owner's newest order the caller may see) with a new version: each call queues the rule's delivery again on purpose (key r{rule}.o{order}.v{n}); answers the event it ran on (null: none, nothing sent), how many deliveries were queued and their keys. Inactive and only-daily rules run too";

/**
 * `GET …/notificationrule/{ruleID}/trigger` at the customer, location and supplier (notifications service, delivery;
 * docs/notifications.md "Delivery"): the user group (admin, owner, writer) as the rules themselves; the owner and the
 * rule are checked by the service (404 when unknown or hidden by the caller's restrictions).
 */
@ApiTags('notification rules')
@Controller('c/:companyID')
export class NotificationRuleTriggerController {
  constructor(private readonly bus: ServiceBus) {}

  @Get('customer/:customerID/notificationrule/:ruleID/trigger')
  @Access('user')
  @ApiOperation({ summary: SUMMARY })
  customer(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('ruleID') id: number): Promise<NotificationRuleTriggerResult> {
    return this.bus.request(NotificationRuleSubjects.trigger, { caller, owner: { customer_id: customerId }, id });
  }

  @Get('customer/:customerID/location/:locationID/notificationrule/:ruleID/trigger')
  @Access('user')
  @ApiOperation({ summary: SUMMARY })
  location(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('ruleID') id: number,
  ): Promise<NotificationRuleTriggerResult> {
    return this.bus.request(NotificationRuleSubjects.trigger, { caller, owner: { customer_id: customerId, location_id: locationId }, id });
  }

  @Get('supplier/:supplierID/notificationrule/:ruleID/trigger')
  @Access('user')
  @ApiOperation({ summary: SUMMARY })
  supplier(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('ruleID') id: number): Promise<NotificationRuleTriggerResult> {
    return this.bus.request(NotificationRuleSubjects.trigger, { caller, owner: { supplier_id: supplierId }, id });
  }
}
