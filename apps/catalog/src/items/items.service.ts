import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { type CompanyCaller, type ItemDto, ItemEvents, type ItemInput, type ItemListQuery, type Page, type SubscriptionChanged } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { imagesOf } from '../images/entity-images';
import { mayAccess } from '../restrictions/restriction-scope';
import { MasterDataService, type MasterDataScope } from '../shared/master-data.service';
import { Item } from './item.entity';
import { itemChanged } from './item.mapper';
import { itemOrderingFields } from '../replenishment/replenishment';
import { ItemRulesCheck } from './item-rules';
import { ItemsRepository } from './items.repository';
import { ItemSubscription } from './subscription.entity';
import { applyItemInput, itemSortProperty, normalizeItemInput, toItemDto } from './item.rules';
import { assertParent, itemAccessible, itemVisible } from './item-visibility';

export { itemSearch } from './items.repository';

/**
 * Items of a customer (optionally from a supplier's catalog), on the shared master-data behaviour: lists
 * at customer, supplier and company level (search, paused lists), reads, create, change (also disable /
 * enable and pause / unpause), delete. The SKU is unique per customer and catalog (1059); the catalog must
 * be one of the company's (1000 catalog_id). Access restrictions follow the item's customer and supplier.
 */
@Injectable()
export class ItemsService {
  private readonly data: MasterDataService<Item, ItemDto, ItemInput>;

  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly rules: ItemRulesCheck,
    private readonly items: ItemsRepository = new ItemsRepository(),
  ) {
    this.data = new MasterDataService<Item, ItemDto, ItemInput>(uow, {
      entity: Item,
      kind: 'customer',
      alias: 'item',
      activeOnly: { disabled: false },
      isActive: (i) => !i.disabled,
      markActive: (i, active) => (i.disabled = !active),
      sortProperty: itemSortProperty,
      normalize: normalizeItemInput,
      apply: (item, input) => applyItemInput(item, input),
      toDto: (item) => toItemDto(item),
      event: ItemEvents.itemChanged,
      changed: (item) => ({ ...itemChanged(item), ...itemOrderingFields(item) }),
      visible: itemVisible,
      mayAccess: (em, caller, item) => itemAccessible(em, caller, item.id),
      validate: (em, item, caller) => this.validate(em, item, caller),
      imageOwner: 'item_id',
    });
  }

  /**
   * The catalog must be one of the company's and its supplier visible to the caller: a catalog of a supplier the
   * caller's restrictions hide answers as an unknown one (1000 catalog_id), so an item is never put into it.
   */
  private async validate(em: EntityManager, item: Item, caller: CompanyCaller): Promise<void> {
    if (item.catalogId !== null) {
      const catalog = await this.items.catalog(em, item.catalogId);
      if (!catalog || !(await mayAccess(em, 'supplier', caller, catalog.supplierId))) throw AppError.validation('catalog_id', 'unknown catalog');
      item.supplierId = catalog.supplierId;
    } else {
      item.supplierId = null;
    }
    if (await this.items.skuTaken(em, item)) throw new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field: 'sku' });
  }

  private listScope(query: ItemListQuery, where: MasterDataScope<Item>['where']): MasterDataScope<Item> {
    return { where, sql: this.items.listConditions(query) };
  }

  private parent(caller: CompanyCaller, kind: 'customer' | 'supplier', id: number): Promise<void> {
    return this.uow.forCompany(caller.companyId).read((em) => assertParent(em, kind, caller, id));
  }

  /** Company level (item_search, item_search/paused). */
  search(caller: CompanyCaller, query: ItemListQuery): Promise<Page<ItemDto>> {
    return this.data.list(caller, this.withoutQ(query), undefined, this.listScope(query, undefined));
  }

  /** q is applied by listScope (with its match mode), not by the shared list. */
  private withoutQ(query: ItemListQuery): ItemListQuery {
    return { ...query, q: undefined };
  }

  /**
   * A row of the list proves the parent exists in the company and is visible (the rows are filtered by both),
   * so the parent is checked (404) only when the list is empty: one statement less per page.
   */
  async listForCustomer(caller: CompanyCaller, customerId: number, query: ItemListQuery): Promise<Page<ItemDto>> {
    const page = await this.data.list(caller, this.withoutQ(query), undefined, this.listScope(query, { customerId }));
    if (page.total === 0) await this.parent(caller, 'customer', customerId);
    return page;
  }

  async listForSupplier(caller: CompanyCaller, supplierId: number, query: ItemListQuery): Promise<Page<ItemDto>> {
    const page = await this.data.list(caller, this.withoutQ(query), undefined, this.listScope(query, { supplierId }));
    if (page.total === 0) await this.parent(caller, 'supplier', supplierId);
    return page;
  }

  /** 404 unless the location is the customer's and visible to the caller. */
  private async assertLocation(em: EntityManager, caller: CompanyCaller, customerId: number, locationId: number): Promise<void> {
    if (!(await this.items.isCustomersLocation(em, caller.companyId, customerId, locationId)) || !(await mayAccess(em, 'location', caller, locationId))) throw new AppError(ProtocolCode.NotFound, 'location not found');
  }

  private async subscribedAt(em: EntityManager, locationId: number, itemIds: number[]): Promise<Set<number>> {
    if (itemIds.length === 0) return new Set();
    return this.items.subscribedAt(em, locationId, itemIds);
  }

  /**
   * The location item page (and its paused list): the customer's items with their subscription state at the
   * location; 404 when the location is unknown, another customer's or hidden by the caller's restrictions.
   */
  async listForLocation(caller: CompanyCaller, customerId: number, locationId: number, query: ItemListQuery): Promise<Page<ItemDto>> {
    await this.uow.forCompany(caller.companyId).read((em) => this.assertLocation(em, caller, customerId, locationId));
    const page = await this.listForCustomer(caller, customerId, query);
    const subscribed = await this.uow.forCompany(caller.companyId).read((em) => this.subscribedAt(em, locationId, page.items.map((i) => i.id)));
    return { ...page, items: page.items.map((i) => ({ ...i, subscribed: subscribed.has(i.id) })) };
  }

  /** Activates or deactivates the item's subscription at the location; safe to repeat (announces changes only). */
  async toggleSubscription(caller: CompanyCaller, customerId: number, locationId: number, itemId: number, active: boolean): Promise<ItemDto> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.assertLocation(em, caller, customerId, locationId);
      const item = await this.items.item(em, customerId, itemId);
      if (!item || !(await itemAccessible(em, caller, itemId))) throw new AppError(ProtocolCode.NotFound, 'item not found');
      let row = await this.items.subscription(em, locationId, itemId);
      if (!row || row.active !== active) {
        if (!row) row = em.create(ItemSubscription, { companyId: caller.companyId, locationId, itemId, active } as ItemSubscription);
        row.active = active;
        row.updatedAt = new Date();
        const event: SubscriptionChanged = { company_id: caller.companyId, location_id: locationId, item_id: itemId, active };
        addToOutbox(em, ItemEvents.subscriptionChanged, event);
        await em.flush();
      }
      const images = await imagesOf(em, 'item_id', [item.id]);
      return { ...toItemDto(item), images: images.get(item.id) ?? [], subscribed: active };
    });
  }

  get(caller: CompanyCaller, scope: { customerId?: number; supplierId?: number }, itemId: number): Promise<ItemDto> {
    return this.data.get(caller, itemId, undefined, { where: scope });
  }

  async create(caller: CompanyCaller, customerId: number, input: ItemInput): Promise<ItemDto> {
    await this.parent(caller, 'customer', customerId);
    return this.data.create(caller, input, undefined, { where: { customerId } });
  }

  /**
   * Disabling an enabled item that kanban rules use answers 1007 listing them (Data `rules`) unless
   * `confirm`; the rules are asked of the orders service before the write (no bus call in a transaction).
   */
  async update(caller: CompanyCaller, customerId: number, itemId: number, input: ItemInput, confirm = false): Promise<ItemDto> {
    if (input.disabled === true && !confirm) {
      const current = await this.get(caller, { customerId }, itemId);
      if (!current.disabled) await this.rules.assertNone(caller.companyId, itemId, 'disable');
    }
    return this.data.update(caller, itemId, input, undefined, { where: { customerId } });
  }

  /**
   * An item that kanban rules use answers 1007 listing them (confirm or not: the rules go first); one with
   * images answers 1002 unless `confirm` (then they go too); answers the blob keys to remove.
   */
  async remove(caller: CompanyCaller, customerId: number, itemId: number, confirm = false): Promise<{ released: string[] }> {
    await this.get(caller, { customerId }, itemId);
    await this.rules.assertNone(caller.companyId, itemId, 'delete');
    return this.data.remove(caller, itemId, undefined, { where: { customerId }, confirm });
  }

  /**
   * Disables every item whose contract end date is reached (all companies; the periodic job). Each row is
   * changed by one statement, so replicas running it at once never announce an item twice.
   */
  async disableEnded(now = new Date()): Promise<number> {
    return this.uow.write(async (em) => {
      const rows = await this.items.disableEnded(em, now);
      for (const row of rows) addToOutbox(em, ItemEvents.itemChanged, itemChanged(row));
      return rows.length;
    });
  }
}
