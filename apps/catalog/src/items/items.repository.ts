import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ItemListQuery, ItemMatch } from '@kanban/contracts';
import { Catalog } from '../catalogs/catalog.entity';
import { Item } from './item.entity';
import { today } from './item.rules';
import { ItemSubscription } from './subscription.entity';

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

/** The items' own queries beyond the shared master-data statements, and the conditions of their lists. */
@Injectable()
export class ItemsRepository {
  /** The list conditions (on `item`) of a query: contract not ended (unless `all`), paused, the search. */
  listConditions(query: ItemListQuery): [string, unknown[]][] {
    const sql: [string, unknown[]][] = [];
    // Checked when read too: an item whose contract end date is reached counts as disabled at once.
    if (!query.all) sql.push(['(item.contract_end_date is null or item.contract_end_date > ?)', [today()]]);
    if (query.paused) sql.push(['item.paused_until >= ?', [today()]]);
    if (query.q) sql.push(itemSearch(query.q, query.match));
    return sql;
  }

  /** A catalog of the company (id and supplier). */
  catalog(em: EntityManager, catalogId: number): Promise<Pick<Catalog, 'id' | 'supplierId'> | null> {
    return em.findOne(Catalog, { id: catalogId }, { fields: ['id', 'supplierId'] });
  }

  /** Whether another item (than the item's id) of the customer and catalog has the SKU (case-insensitive). */
  async skuTaken(em: EntityManager, item: Pick<Item, 'id' | 'companyId' | 'customerId' | 'catalogId' | 'sku'>): Promise<boolean> {
    const clash = await em.execute<{ id: number }[]>(
      'select id from catalog.item where company_id = ? and customer_id = ? and coalesce(catalog_id, 0) = ? and lower(sku) = lower(?) and id <> ? limit 1',
      [item.companyId, item.customerId, item.catalogId ?? 0, item.sku, item.id ?? 0],
    );
    return clash.length > 0;
  }

  /** Whether the location is the customer's. */
  async isCustomersLocation(em: EntityManager, companyId: number, customerId: number, locationId: number): Promise<boolean> {
    const rows = await em.execute<{ ok: number }[]>('select 1 as ok from catalog.location where id = ? and company_id = ? and customer_id = ?', [
      locationId,
      companyId,
      customerId,
    ]);
    return rows.length > 0;
  }

  /** The items among `itemIds` with an active subscription at the location. */
  async subscribedAt(em: EntityManager, locationId: number, itemIds: number[]): Promise<Set<number>> {
    const rows = await em.find(ItemSubscription, { locationId, itemId: { $in: itemIds }, active: true }, { fields: ['itemId'] });
    return new Set(rows.map((r) => r.itemId));
  }

  /** The customer's item, loaded. */
  item(em: EntityManager, customerId: number, itemId: number): Promise<Item | null> {
    return em.findOne(Item, { id: itemId, customerId });
  }

  /** The item's subscription at the location, loaded for a change. */
  subscription(em: EntityManager, locationId: number, itemId: number): Promise<ItemSubscription | null> {
    return em.findOne(ItemSubscription, { locationId, itemId });
  }

  /** Disables every item (all companies) whose contract end date is reached; answers them (the fields of `evt.catalog.item_changed`). */
  disableEnded(em: EntityManager, now: Date): Promise<Item[]> {
    return em.execute<Item[]>(
      `update catalog.item set disabled = true, updated_at = ? where not disabled and contract_end_date <= ?
       returning id, company_id as "companyId", customer_id as "customerId", catalog_id as "catalogId", sku, name, disabled, paused_until as "pausedUntil"`,
      [now, today(now)],
    );
  }
}
