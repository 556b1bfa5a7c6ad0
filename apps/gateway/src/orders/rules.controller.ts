import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompanyCaller, type DecisionHistoryDto, type DecisionReason, type KanbanRuleDto, OrdersSubjects, type Page, type RuleRunReply, type StockEventDto } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Access } from '../auth/guards';
import { CompanyCtx } from '../auth/request-user';
import { flag, ToggleActiveQueryDto } from '../catalog/catalog.dto';
import { IdParam } from '../http/validation';
import { PageQueryDto, RuleCreateDto, RuleDeleteQueryDto, RuleListQueryDto, RuleUpdateDto, ScanDto, StockDto } from './orders.dto';

/**
 * Kanban rules (spec 7 `rules`; docs/replenishment.md): reading needs the customer group, changing the user
 * group; stock reports (manual entry, scans) the customer group except read-only users (1020, checked by the
 * orders service).
 */
@ApiTags('rules')
@Controller('c/:companyID/rules')
export class RulesController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Access('customer')
  @ApiOperation({ summary: 'Kanban rules: active ones, all=1 also inactive; filters customer_id, location_id, item_id, supplier_id, reason, q; sort, order, page' })
  list(@CompanyCtx() caller: CompanyCaller, @Query() query: RuleListQueryDto): Promise<Page<KanbanRuleDto>> {
    const { all, reason, ...rest } = query;
    return this.bus.request(OrdersSubjects.listRules, { caller, query: { ...rest, all: flag(all), reason: reason as DecisionReason | undefined } });
  }

  @Post('scan')
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({ summary: 'A scanned bin label reports the bin empty or a count: recorded as a stock change, then a requisition run; answers rule and decision' })
  scan(@CompanyCtx() caller: CompanyCaller, @Body() body: ScanDto): Promise<RuleRunReply> {
    return this.bus.request(OrdersSubjects.scan, { caller, input: body });
  }

  @Get(':ruleID')
  @Access('customer')
  @ApiOperation({ summary: 'A kanban rule with its item, location, what is on order and the last decision of a run' })
  get(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number): Promise<KanbanRuleDto> {
    return this.bus.request(OrdersSubjects.getRule, { caller, ruleId });
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  @ApiOperation({ summary: 'Create a rule for an item at a location of its customer (1059 when the pair has one; 1039 inactive customer or location)' })
  create(@CompanyCtx() caller: CompanyCaller, @Body() body: RuleCreateDto): Promise<KanbanRuleDto> {
    return this.bus.request(OrdersSubjects.createRule, { caller, input: body });
  }

  @Patch(':ruleID')
  @Access('user')
  @ApiOperation({ summary: 'Change threshold, capacity, stock (a stock change starts a run), scan code, active' })
  update(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number, @Body() body: RuleUpdateDto): Promise<KanbanRuleDto> {
    return this.bus.request(OrdersSubjects.updateRule, { caller, ruleId, input: body });
  }

  @Delete(':ruleID')
  @Access('user')
  @ApiOperation({ summary: 'Delete a rule: 1007 while order lines are not delivered; 1002 with a stock history unless confirm=1' })
  remove(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number, @Query() query: RuleDeleteQueryDto): Promise<null> {
    return this.bus.request(OrdersSubjects.deleteRule, { caller, ruleId, confirm: flag(query.confirm) });
  }

  @Get(':ruleID/toggleActive')
  @Access('user')
  @ApiOperation({ summary: 'Activate (active=1; 1039 while customer or location is inactive) or deactivate (active=0); safe to repeat' })
  toggleActive(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number, @Query() query: ToggleActiveQueryDto): Promise<KanbanRuleDto> {
    return this.bus.request(OrdersSubjects.toggleRule, { caller, ruleId, active: flag(query.active) });
  }

  @Get(':ruleID/execute')
  @Access('user')
  @ApiOperation({ summary: 'Run the requisition for this rule now; safe to repeat (a pending order is never ordered twice); answers rule and decision' })
  execute(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number): Promise<RuleRunReply> {
    return this.bus.request(OrdersSubjects.executeRule, { caller, ruleId });
  }

  @Post(':ruleID/stock')
  @HttpCode(200)
  @Access('customer')
  @ApiOperation({ summary: 'Manual stock entry (item units): recorded as a stock change, then a requisition run; answers rule and decision' })
  setStock(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number, @Body() body: StockDto): Promise<RuleRunReply> {
    return this.bus.request(OrdersSubjects.setStock, { caller, ruleId, stock: body.stock });
  }

  @Get(':ruleID/stock')
  @Access('customer')
  @ApiOperation({ summary: 'The stock history of the rule, newest first' })
  stockHistory(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number, @Query() query: PageQueryDto): Promise<Page<StockEventDto>> {
    return this.bus.request(OrdersSubjects.stockHistory, { caller, ruleId, query });
  }

  @Get(':ruleID/decisions')
  @Access('customer')
  @ApiOperation({ summary: 'The decision history of the rule, newest first: each run decision that differed from the one before (why it ordered or did not)' })
  decisionHistory(@CompanyCtx() caller: CompanyCaller, @IdParam('ruleID') ruleId: number, @Query() query: PageQueryDto): Promise<Page<DecisionHistoryDto>> {
    return this.bus.request(OrdersSubjects.decisionHistory, { caller, ruleId, query });
  }
}
