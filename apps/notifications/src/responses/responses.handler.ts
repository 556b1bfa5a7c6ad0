import { Payload } from '@nestjs/microservices';
import { AppError } from '@kanban/access';
import { type BusRequest, type NotificationRuleResponsesResult, OrderResponseSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { RulesService } from '../rules/rules.service';
import { ResponseFetcher } from './fetcher';

/**
 * Reading a rule's answers now over the bus (the gateway's POST `…/notificationrule/{ruleID}/responses`;
 * docs/notifications.md "Order responses"): the rule is looked up as the caller under its owner (404 for another
 * owner's rule or one the caller may not see), then read like the timer does, inactive rules too. A rule that reads
 * no answers (fetch_response off, no server (an e-mail rule: no IMAP response server) or no expression) is 1000 at
 * `fetch_response`.
 */
@BusController()
export class ResponsesHandler {
  constructor(
    private readonly rules: RulesService,
    private readonly fetcher: ResponseFetcher,
  ) {}

  @Handles(OrderResponseSubjects.fetch)
  async fetch(@Payload() p: BusRequest<'notifications.rule.fetch_responses'>): Promise<NotificationRuleResponsesResult> {
    const rule = await this.rules.get(p.caller, p.owner, p.id);
    const report = await this.fetcher.runRule(p.caller.companyId, rule.id);
    if (!report) throw AppError.validation('fetch_response', 'the rule reads no answers: it needs fetch_response on, a server (an e-mail rule: an IMAP response_server_id) and a response expression');
    return report;
  }
}
