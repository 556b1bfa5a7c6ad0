import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CompanyCaller, type ItemInput, type ItemListQuery, type ItemScope, ItemSubjects } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { BackordersService } from './backorders';
import { ItemsService } from './items.service';

@BusController()
export class ItemsHandler {
  constructor(
    private readonly items: ItemsService,
    private readonly backorders: BackordersService,
  ) {}

  /** scope: customerId (customer item page), supplierId (supplier item page) or none (company item_search). */
  @MessagePattern(ItemSubjects.listItems)
  list(@Payload() p: { caller: CompanyCaller; scope: ItemScope; query: ItemListQuery }) {
    // The location's lists (its paused list too) check the location first.
    if (p.scope.customerId !== undefined && p.scope.locationId !== undefined) {
      return this.items.listForLocation(p.caller, p.scope.customerId, p.scope.locationId, p.query);
    }
    if (p.scope.customerId !== undefined) return this.items.listForCustomer(p.caller, p.scope.customerId, p.query);
    if (p.scope.supplierId !== undefined) return this.items.listForSupplier(p.caller, p.scope.supplierId, p.query);
    return this.items.search(p.caller, p.query);
  }

  @MessagePattern(ItemSubjects.getItem)
  get(@Payload() p: { caller: CompanyCaller; scope: ItemScope; itemId: number }) {
    return this.items.get(p.caller, { customerId: p.scope.customerId, supplierId: p.scope.supplierId }, p.itemId);
  }

  @MessagePattern(ItemSubjects.createItem)
  create(@Payload() p: { caller: CompanyCaller; customerId: number; input: ItemInput }) {
    return this.items.create(p.caller, p.customerId, p.input);
  }

  /** `confirm`: disable even when kanban rules use the item (else 1007 listing them). */
  @MessagePattern(ItemSubjects.updateItem)
  update(@Payload() p: { caller: CompanyCaller; customerId: number; itemId: number; input: ItemInput; confirm?: boolean }) {
    return this.items.update(p.caller, p.customerId, p.itemId, p.input, !!p.confirm);
  }

  /** 1007 listing its kanban rules when it has any; `confirm`: also delete its images (else 1002 when it has some); answers the blob keys to remove. */
  @MessagePattern(ItemSubjects.deleteItem)
  remove(@Payload() p: { caller: CompanyCaller; customerId: number; itemId: number; confirm?: boolean }): Promise<{ released: string[] }> {
    return this.items.remove(p.caller, p.customerId, p.itemId, p.confirm);
  }

  @MessagePattern(ItemSubjects.toggleSubscription)
  toggleSubscription(@Payload() p: { caller: CompanyCaller; customerId: number; locationId: number; itemId: number; active: boolean }) {
    return this.items.toggleSubscription(p.caller, p.customerId, p.locationId, p.itemId, p.active);
  }

  @MessagePattern(ItemSubjects.backorders)
  backorderList(@Payload() p: { caller: CompanyCaller; scope: ItemScope }) {
    if (p.scope.supplierId !== undefined) return this.backorders.list(p.caller, { supplierId: p.scope.supplierId });
    return this.backorders.list(p.caller, { customerId: p.scope.customerId ?? 0, locationId: p.scope.locationId });
  }
}
