import { Payload } from '@nestjs/microservices';
import { type BusRequest, ItemSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { BackordersService } from './backorders';
import { ItemsService } from './items.service';

@BusController()
export class ItemsHandler {
  constructor(
    private readonly items: ItemsService,
    private readonly backorders: BackordersService,
  ) {}

  /** scope: customerId (customer item page), supplierId (supplier item page) or none (company item_search). */
  @Handles(ItemSubjects.listItems)
  list(@Payload() p: BusRequest<'catalog.item.list'>) {
    // The location's lists (its paused list too) check the location first.
    if (p.scope.customerId !== undefined && p.scope.locationId !== undefined) {
      return this.items.listForLocation(p.caller, p.scope.customerId, p.scope.locationId, p.query);
    }
    if (p.scope.customerId !== undefined) return this.items.listForCustomer(p.caller, p.scope.customerId, p.query);
    if (p.scope.supplierId !== undefined) return this.items.listForSupplier(p.caller, p.scope.supplierId, p.query);
    return this.items.search(p.caller, p.query);
  }

  @Handles(ItemSubjects.getItem)
  get(@Payload() p: BusRequest<'catalog.item.get'>) {
    return this.items.get(p.caller, { customerId: p.scope.customerId, supplierId: p.scope.supplierId }, p.itemId);
  }

  @Handles(ItemSubjects.createItem)
  create(@Payload() p: BusRequest<'catalog.item.create'>) {
    return this.items.create(p.caller, p.customerId, p.input);
  }

  /** `confirm`: disable even when kanban rules use the item (else 1007 listing them). */
  @Handles(ItemSubjects.updateItem)
  update(@Payload() p: BusRequest<'catalog.item.update'>) {
    return this.items.update(p.caller, p.customerId, p.itemId, p.input, !!p.confirm);
  }

  /** 1007 listing its kanban rules when it has any; `confirm`: also delete its images (else 1002 when it has some); answers the blob keys to remove. */
  @Handles(ItemSubjects.deleteItem)
  remove(@Payload() p: BusRequest<'catalog.item.delete'>): Promise<{ released: string[] }> {
    return this.items.remove(p.caller, p.customerId, p.itemId, p.confirm);
  }

  @Handles(ItemSubjects.toggleSubscription)
  toggleSubscription(@Payload() p: BusRequest<'catalog.item.toggle_subscription'>) {
    return this.items.toggleSubscription(p.caller, p.customerId, p.locationId, p.itemId, p.active);
  }

  @Handles(ItemSubjects.backorders)
  backorderList(@Payload() p: BusRequest<'catalog.item.backorders'>) {
    if (p.scope.supplierId !== undefined) return this.backorders.list(p.caller, { supplierId: p.scope.supplierId });
    return this.backorders.list(p.caller, { customerId: p.scope.customerId ?? 0, locationId: p.scope.locationId });
  }
}
