import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReplenishmentSnapshot } from '@kanban/contracts';

/**
 * Writes of the supply service's catalog copy (`*_copy`): each one upsert that lands only when its state
 * is at least as new as the stored one, so late or repeated events and snapshots never go back in time.
 */

export async function upsertCustomer(em: EntityManager, c: { id: number; company_id: number; name: string }, version: Date): Promise<void> {
  await em.execute(
    `insert into supply.customer_copy as c (id, company_id, name, version) values (?, ?, ?, ?)
     on conflict (id) do update set name = excluded.name, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`,
    [c.id, c.company_id, c.name, version],
  );
}

export async function upsertSupplier(em: EntityManager, s: { id: number; company_id: number; name: string }, version: Date): Promise<void> {
  await em.execute(
    `insert into supply.supplier_copy as c (id, company_id, name, version) values (?, ?, ?, ?)
     on conflict (id) do update set name = excluded.name, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`,
    [s.id, s.company_id, s.name, version],
  );
}

export async function upsertLocation(
  em: EntityManager,
  l: { id: number; company_id: number; customer_id: number; name: string },
  version: Date,
): Promise<void> {
  await em.execute(
    `insert into supply.location_copy as c (id, company_id, customer_id, name, version) values (?, ?, ?, ?, ?)
     on conflict (id) do update set customer_id = excluded.customer_id, name = excluded.name, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`,
    [l.id, l.company_id, l.customer_id, l.name, version],
  );
}

/** Without `ext_system_id` (events of older catalog versions) the stored one stays. */
export async function upsertCatalog(
  em: EntityManager,
  c: { id: number; company_id: number; supplier_id: number; name: string; ext_system_id?: string },
  version: Date,
): Promise<void> {
  await em.execute(
    `insert into supply.catalog_copy as c (id, company_id, supplier_id, name, ext_system_id, version) values (?, ?, ?, ?, coalesce(?, ''), ?)
     on conflict (id) do update set supplier_id = excluded.supplier_id, name = excluded.name,
       ext_system_id = coalesce(?, c.ext_system_id), version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`,
    [c.id, c.company_id, c.supplier_id, c.name, c.ext_system_id ?? null, version, c.ext_system_id ?? null],
  );
}

export async function upsertItem(em: EntityManager, i: { id: number; company_id: number; catalog_id: number | null }, version: Date): Promise<void> {
  await em.execute(
    `insert into supply.item_copy as c (id, company_id, catalog_id, version) values (?, ?, ?, ?)
     on conflict (id) do update set catalog_id = excluded.catalog_id, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`,
    [i.id, i.company_id, i.catalog_id, version],
  );
}

/** Writes a catalog snapshot (each record at its updated_at). */
export async function applySnapshot(em: EntityManager, snapshot: ReplenishmentSnapshot): Promise<void> {
  for (const c of snapshot.customers) await upsertCustomer(em, c, new Date(c.updated_at));
  for (const s of snapshot.suppliers) await upsertSupplier(em, s, new Date(s.updated_at));
  for (const c of snapshot.catalogs) await upsertCatalog(em, c, new Date(c.updated_at));
  for (const l of snapshot.locations) await upsertLocation(em, l, new Date(l.updated_at));
  for (const i of snapshot.items) await upsertItem(em, i, new Date(i.updated_at));
}
