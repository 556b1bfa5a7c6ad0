import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { type CompanyCaller, type ItemDto, ItemEvents, type ItemInput, type ItemListQuery, type ItemMatch, type Page, type SubscriptionChanged } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { Catalog } from '../catalogs/catalog.entity';
import { imagesOf } from '../images/entity-images';
import { mayAccess } from '../restrictions/restriction-scope';
import { MasterDataService, type MasterDataScope } from '../shared/master-data.service';
import { Item } from './item.entity';
import { itemChanged } from './item.mapper';
import { itemOrderingFields } from '../replenishment/replenishment';
import { ItemRulesCheck } from './item-rules';
import { ItemSubscription } from './subscription.entity';
import { applyItemInput, itemSortProperty, normalizeItemInput, today, toItemDto } from './item.rules';
import { assertParent, itemAccessible, itemVisible } from './item-visibility';

/** LIKE's wildcards taken literally. */
function escapeLike(q: string): string {
  return q.replace(/[%_\\]/g, (c) => `\\${c}`);
}

/**
 * The search of item lists: SKU, name or customer SKU starting with q (btree text_pattern_ops indexes on
 * lower(sku), lower(name), lower(customer_sku)), and from 3 characters on a name containing q (pg_trgm GIN
 * index on lower(name)). `match` picks prefixes, parts of names or both (default); a part shorter than 3
 * characters searches prefixes (a trigram index cannot narrow it).
 */
export function itemSearch(q: string, match: ItemMatch = 'any', alias = 'item'): [string, unknown[]] {
  const lower = q.toLowerCase();
  const prefix = `${escapeLike(lower)}%`;
  const part = match === 'part' && lower.length >= 3;
  const parts = part ? [] : [`lower(${alias}.sku) like ?`, `lower(${alias}.name) like ?`, `lower(${alias}.customer_sku) like ?`];
  const params: unknown[] = part ? [] : [prefix, prefix, prefix];
  if (lower.length >= 3 && match !== 'prefix') {
    parts.push(`lower(${alias}.name) like ?`);
    params.push(`%${escapeLike(lower)}%`);
  }
  return [`(${parts.join(' or ')})`, params];
}

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
      const catalog = await em.findOne(Catalog, { id: item.catalogId }, { fields: ['id', 'supplierId'] });
      if (!catalog || !(await mayAccess(em, 'supplier', caller, catalog.supplierId))) throw AppError.validation('catalog_id', 'unknown catalog');
      item.supplierId = catalog.supplierId;
    } else {
      item.supplierId = null;
    }
    const clash = await em.execute<{ id: number }[]>(
      'select id from catalog.item where company_id = ? and customer_id = ? and coalesce(catalog_id, 0) = ? and lower(sku) = lower(?) and id <> ? limit 1',
      [item.companyId, item.customerId, item.catalogId ?? 0, item.sku, item.id ?? 0],
    );
    if (clash.length > 0) throw new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field: 'sku' });
  }

  private listScope(query: ItemListQuery, where: MasterDataScope<Item>['where']): MasterDataScope<Item> {
    const sql: [string, unknown[]][] = [];
    // Checked when read too: an item whose contract end date is reached counts as disabled at once.
    if (!query.all) sql.push(['(item.contract_end_date is null or item.contract_end_date > ?)', [today()]]);
    if (query.paused) sql.push(['item.paused_until >= ?', [today()]]);
    if (query.q) sql.push(itemSearch(query.q, query.match));
    return { where, sql };
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
    const rows = await em.execute<{ ok: number }[]>('select 1 as ok from catalog.location where id = ? and company_id = ? and customer_id = ?', [
      locationId,
      caller.companyId,
      customerId,
    ]);
    if (rows.length === 0 || !(await mayAccess(em, 'location', caller, locationId))) throw new AppError(ProtocolCode.NotFound, 'location not found');
  }

  private async subscribedAt(em: EntityManager, locationId: number, itemIds: number[]): Promise<Set<number>> {
    if (itemIds.length === 0) return new Set();
    const rows = await em.find(ItemSubscription, { locationId, itemId: { $in: itemIds }, active: true }, { fields: ['itemId'] });
    return new Set(rows.map((r) => r.itemId));
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
      const item = await em.findOne(Item, { id: itemId, customerId });
      if (!item || !(await itemAccessible(em, caller, itemId))) throw new AppError(ProtocolCode.NotFound, 'item not found');
      let row = await em.findOne(ItemSubscription, { locationId, itemId });
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
      const rows = await em.execute<Item[]>(
        `update catalog.item set disabled = true, updated_at = ? where not disabled and contract_end_date <= ?
         returning id, company_id as "companyId", customer_id as "customerId", catalog_id as "catalogId", sku, name, disabled, paused_until as "pausedUntil"`,
        [now, today(now)],
      );
      for (const row of rows) addToOutbox(em, ItemEvents.itemChanged, itemChanged(row));
      return rows.length;
    });
  }
}
