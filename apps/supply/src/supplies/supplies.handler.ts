import { Payload } from '@nestjs/microservices';
import { type BusRequest, SupplySubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { SuppliesService } from './supplies.service';

@BusController()
export class SuppliesHandler {
  constructor(private readonly supplies: SuppliesService) {}

  @Handles(SupplySubjects.list)
  list(@Payload() p: BusRequest<'supply.supply.list'>) {
    return this.supplies.list(p.caller, p.scope, p.query ?? {});
  }

  @Handles(SupplySubjects.get)
  get(@Payload() p: BusRequest<'supply.supply.get'>) {
    return this.supplies.get(p.caller, p.scope, p.supplyId);
  }

  @Handles(SupplySubjects.setDelivered)
  setDelivered(@Payload() p: BusRequest<'supply.supply.set_delivered'>) {
    return this.supplies.setDelivered(p.caller, p.scope, p.supplyId, p.input);
  }

  @Handles(SupplySubjects.setLineDelivered)
  setLineDelivered(@Payload() p: BusRequest<'supply.supply.set_line_delivered'>) {
    return this.supplies.setLineDelivered(p.caller, p.scope, p.supplyId, p.pos, p.input);
  }

  @Handles(SupplySubjects.assortment)
  assortment(@Payload() p: BusRequest<'supply.assortment.list'>) {
    return this.supplies.assortment(p.caller, p.scope, p.query ?? {});
  }

  @Handles(SupplySubjects.assortmentCustomer)
  assortmentCustomer(@Payload() p: BusRequest<'supply.assortment.customer'>) {
    return this.supplies.assortmentCustomer(p.caller, p.scope, p.customerId, p.query ?? {});
  }

  @Handles(SupplySubjects.itemSupplies)
  itemSupplies(@Payload() p: BusRequest<'supply.item.supplies'>) {
    return this.supplies.itemSupplies(p.caller, p.scope, p.itemId);
  }
}
