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

/**
 * Writes a catalog snapshot (each record at its updated_at): one set-based upsert per kind of record (the rows
 * travel as one JSON parameter), with the same conflict rules as the one-row writes above (a snapshot always
 * carries the catalog's `ext_system_id`).
 */
export async function applySnapshot(em: EntityManager, snapshot: ReplenishmentSnapshot): Promise<void> {
  const upsert = async (rows: unknown[], sql: string) => {
    if (rows.length > 0) await em.execute(sql, [JSON.stringify(rows)]);
  };
  const newer = 'where c.version <= excluded.version and c.company_id = excluded.company_id';
  await upsert(
    snapshot.customers,
    `insert into supply.customer_copy as c (id, company_id, name, version)
     select x.id, x.company_id, x.name, x.updated_at from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, name text, updated_at timestamptz)
     on conflict (id) do update set name = excluded.name, version = excluded.version ${newer}`,
  );
  await upsert(
    snapshot.suppliers,
    `insert into supply.supplier_copy as c (id, company_id, name, version)
     select x.id, x.company_id, x.name, x.updated_at from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, name text, updated_at timestamptz)
     on conflict (id) do update set name = excluded.name, version = excluded.version ${newer}`,
  );
  await upsert(
    snapshot.catalogs,
    `insert into supply.catalog_copy as c (id, company_id, supplier_id, name, ext_system_id, version)
     select x.id, x.company_id, x.supplier_id, x.name, coalesce(x.ext_system_id, ''), x.updated_at
       from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, supplier_id int, name text, ext_system_id text, updated_at timestamptz)
     on conflict (id) do update set supplier_id = excluded.supplier_id, name = excluded.name, ext_system_id = excluded.ext_system_id,
       version = excluded.version ${newer}`,
  );
  await upsert(
    snapshot.locations,
    `insert into supply.location_copy as c (id, company_id, customer_id, name, version)
     select x.id, x.company_id, x.customer_id, x.name, x.updated_at
       from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, customer_id int, name text, updated_at timestamptz)
     on conflict (id) do update set customer_id = excluded.customer_id, name = excluded.name, version = excluded.version ${newer}`,
  );
  await upsert(
    snapshot.items,
    `insert into supply.item_copy as c (id, company_id, catalog_id, version)
     select x.id, x.company_id, x.catalog_id, x.updated_at from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, catalog_id int, updated_at timestamptz)
     on conflict (id) do update set catalog_id = excluded.catalog_id, version = excluded.version ${newer}`,
  );
}
