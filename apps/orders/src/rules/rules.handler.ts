import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CompanyCaller, type KanbanRuleInput, OrdersSubjects, type RuleListQuery, type ScanInput } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { RulesService } from './rules.service';

type Call<T = object> = { caller: CompanyCaller } & T;

@BusController()
export class RulesHandler {
  constructor(private readonly rules: RulesService) {}

  @MessagePattern(OrdersSubjects.listRules)
  list(@Payload() p: Call<{ query: RuleListQuery }>) {
    return this.rules.list(p.caller, p.query ?? {});
  }

  @MessagePattern(OrdersSubjects.getRule)
  get(@Payload() p: Call<{ ruleId: number }>) {
    return this.rules.get(p.caller, p.ruleId);
  }

  @MessagePattern(OrdersSubjects.createRule)
  create(@Payload() p: Call<{ input: KanbanRuleInput }>) {
    return this.rules.create(p.caller, p.input);
  }

  @MessagePattern(OrdersSubjects.updateRule)
  update(@Payload() p: Call<{ ruleId: number; input: KanbanRuleInput }>) {
    return this.rules.update(p.caller, p.ruleId, p.input);
  }

  @MessagePattern(OrdersSubjects.deleteRule)
  remove(@Payload() p: Call<{ ruleId: number; confirm?: boolean }>) {
    return this.rules.remove(p.caller, p.ruleId, !!p.confirm);
  }

  @MessagePattern(OrdersSubjects.toggleRule)
  toggle(@Payload() p: Call<{ ruleId: number; active: boolean }>) {
    return this.rules.toggleActive(p.caller, p.ruleId, p.active);
  }

  @MessagePattern(OrdersSubjects.executeRule)
  execute(@Payload() p: Call<{ ruleId: number }>) {
    return this.rules.execute(p.caller, p.ruleId);
  }

  @MessagePattern(OrdersSubjects.setStock)
  setStock(@Payload() p: Call<{ ruleId: number; stock: number }>) {
    return this.rules.setStock(p.caller, p.ruleId, p.stock);
  }

  @MessagePattern(OrdersSubjects.scan)
  scan(@Payload() p: Call<{ input: ScanInput }>) {
    return this.rules.scan(p.caller, p.input);
  }

  @MessagePattern(OrdersSubjects.stockHistory)
  stockHistory(@Payload() p: Call<{ ruleId: number; query: { page?: number; per_page?: number } }>) {
    return this.rules.stockHistory(p.caller, p.ruleId, p.query ?? {});
  }

  @MessagePattern(OrdersSubjects.decisionHistory)
  decisionHistory(@Payload() p: Call<{ ruleId: number; query: { page?: number; per_page?: number } }>) {
    return this.rules.decisionHistory(p.caller, p.ruleId, p.query ?? {});
  }
}
