import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CompanyCaller, type ListQuery, type SupplyDeliveryInput, type SupplyListQuery, type SupplyScope, SupplySubjects } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { SuppliesService } from './supplies.service';

@BusController()
export class SuppliesHandler {
  constructor(private readonly supplies: SuppliesService) {}

  @MessagePattern(SupplySubjects.list)
  list(@Payload() p: { caller: CompanyCaller; scope: SupplyScope; query: SupplyListQuery }) {
    return this.supplies.list(p.caller, p.scope, p.query ?? {});
  }

  @MessagePattern(SupplySubjects.get)
  get(@Payload() p: { caller: CompanyCaller; scope: SupplyScope; supplyId: number }) {
    return this.supplies.get(p.caller, p.scope, p.supplyId);
  }

  @MessagePattern(SupplySubjects.setDelivered)
  setDelivered(@Payload() p: { caller: CompanyCaller; scope: SupplyScope; supplyId: number; input: SupplyDeliveryInput }) {
    return this.supplies.setDelivered(p.caller, p.scope, p.supplyId, p.input);
  }

  @MessagePattern(SupplySubjects.setLineDelivered)
  setLineDelivered(@Payload() p: { caller: CompanyCaller; scope: SupplyScope; supplyId: number; pos: number; input: SupplyDeliveryInput }) {
    return this.supplies.setLineDelivered(p.caller, p.scope, p.supplyId, p.pos, p.input);
  }

  @MessagePattern(SupplySubjects.assortment)
  assortment(@Payload() p: { caller: CompanyCaller; scope: SupplyScope; query: ListQuery }) {
    return this.supplies.assortment(p.caller, p.scope, p.query ?? {});
  }

  @MessagePattern(SupplySubjects.assortmentCustomer)
  assortmentCustomer(@Payload() p: { caller: CompanyCaller; scope: SupplyScope; customerId: number; query: ListQuery }) {
    return this.supplies.assortmentCustomer(p.caller, p.scope, p.customerId, p.query ?? {});
  }

  @MessagePattern(SupplySubjects.itemSupplies)
  itemSupplies(@Payload() p: { caller: CompanyCaller; scope: SupplyScope; itemId: number }) {
    return this.supplies.itemSupplies(p.caller, p.scope, p.itemId);
  }
}
