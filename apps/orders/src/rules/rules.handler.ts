import { Payload } from '@nestjs/microservices';
import { type BusRequest, OrdersSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { RulesService } from './rules.service';

@BusController()
export class RulesHandler {
  constructor(private readonly rules: RulesService) {}

  @Handles(OrdersSubjects.listRules)
  list(@Payload() p: BusRequest<'orders.rule.list'>) {
    return this.rules.list(p.caller, p.query ?? {});
  }

  @Handles(OrdersSubjects.getRule)
  get(@Payload() p: BusRequest<'orders.rule.get'>) {
    return this.rules.get(p.caller, p.ruleId);
  }

  @Handles(OrdersSubjects.createRule)
  create(@Payload() p: BusRequest<'orders.rule.create'>) {
    return this.rules.create(p.caller, p.input);
  }

  @Handles(OrdersSubjects.updateRule)
  update(@Payload() p: BusRequest<'orders.rule.update'>) {
    return this.rules.update(p.caller, p.ruleId, p.input);
  }

  @Handles(OrdersSubjects.deleteRule)
  remove(@Payload() p: BusRequest<'orders.rule.delete'>) {
    return this.rules.remove(p.caller, p.ruleId, !!p.confirm);
  }

  @Handles(OrdersSubjects.toggleRule)
  toggle(@Payload() p: BusRequest<'orders.rule.toggle_active'>) {
    return this.rules.toggleActive(p.caller, p.ruleId, p.active);
  }

  @Handles(OrdersSubjects.executeRule)
  execute(@Payload() p: BusRequest<'orders.rule.execute'>) {
    return this.rules.execute(p.caller, p.ruleId);
  }

  @Handles(OrdersSubjects.setStock)
  setStock(@Payload() p: BusRequest<'orders.rule.set_stock'>) {
    return this.rules.setStock(p.caller, p.ruleId, p.stock);
  }

  @Handles(OrdersSubjects.scan)
  scan(@Payload() p: BusRequest<'orders.rule.scan'>) {
    return this.rules.scan(p.caller, p.input);
  }

  @Handles(OrdersSubjects.stockHistory)
  stockHistory(@Payload() p: BusRequest<'orders.rule.stock_history'>) {
    return this.rules.stockHistory(p.caller, p.ruleId, p.query ?? {});
  }

  @Handles(OrdersSubjects.decisionHistory)
  decisionHistory(@Payload() p: BusRequest<'orders.rule.decision_history'>) {
    return this.rules.decisionHistory(p.caller, p.ruleId, p.query ?? {});
  }
}
