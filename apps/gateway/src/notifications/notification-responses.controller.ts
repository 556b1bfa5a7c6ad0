import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompanyCaller, type NotificationRuleResponsesResult, OrderResponseSubjects } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { IdParam } from '../http/validation';

const SUMMARY =
  "Read the rule's answer files now (order responses, docs/notifications.md): the files in its response_path (an e-mail rule: the mails in that mailbox folder of its IMAP response_server_id, default INBOX) are read with its response expressions against the orders it delivered, what they say is set on the orders (ext_status, purchase-order number, line statuses), and each file or mail is moved to done/, unmatched/ or unreadable/. Answers per file what happened. Inactive rules too; 1000 at fetch_response for a rule that reads no answers";

/**
 * `POST …/notificationrule/{ruleID}/responses` at the customer, location and supplier (notifications service, order
 * responses): the user group (admin, owner, writer) as the rules themselves; the owner and the rule are checked by the
 * service (404 when unknown or hidden by the caller's restrictions).
 */
@ApiTags('notification rules')
@Controller('c/:companyID')
export class NotificationRuleResponsesController {
  constructor(private readonly bus: ServiceBus) {}

  @Post('customer/:customerID/notificationrule/:ruleID/responses')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: SUMMARY })
  customer(@CompanyCtx() caller: CompanyCaller, @IdParam('customerID') customerId: number, @IdParam('ruleID') id: number): Promise<NotificationRuleResponsesResult> {
    return this.bus.request(OrderResponseSubjects.fetch, { caller, owner: { customer_id: customerId }, id });
  }

  @Post('customer/:customerID/location/:locationID/notificationrule/:ruleID/responses')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: SUMMARY })
  location(
    @CompanyCtx() caller: CompanyCaller,
    @IdParam('customerID') customerId: number,
    @IdParam('locationID') locationId: number,
    @IdParam('ruleID') id: number,
  ): Promise<NotificationRuleResponsesResult> {
    return this.bus.request(OrderResponseSubjects.fetch, { caller, owner: { customer_id: customerId, location_id: locationId }, id });
  }

  @Post('supplier/:supplierID/notificationrule/:ruleID/responses')
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: SUMMARY })
  supplier(@CompanyCtx() caller: CompanyCaller, @IdParam('supplierID') supplierId: number, @IdParam('ruleID') id: number): Promise<NotificationRuleResponsesResult> {
    return this.bus.request(OrderResponseSubjects.fetch, { caller, owner: { supplier_id: supplierId }, id });
  }
}
