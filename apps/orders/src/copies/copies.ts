import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerChangedForOrders, ItemChangedForOrders, LocationChangedForOrders, ReplenishmentSnapshot, Weekday } from '@kanban/contracts';
import { isoWeekdays, resolveSchedule } from '../requisition/schedule';

/**
 * Writes of the catalog read model (`*_copy`), shared by the event consumers and the snapshot a rule
 * creation fetches. Each write is one upsert that only lands when its state is at least as new as the
 * stored one (`version`), so events arriving late or twice and snapshots racing events never go back in time.
 */

const json = (value: unknown) => JSON.stringify(value);

// The conflict clauses of the upserts, shared by the one-row writes of the consumers and the set-based snapshot.
const ITEM_COLUMNS = `id, company_id, customer_id, catalog_id, supplier_id, sku, name, item_unit, order_unit,
       quantity_per_order_unit, min_order_quantity, max_order_quantity, order_quantity, order_quantity_increment, lead_time_days,
       transit_days, contract_end_date, subscription_interval, purchaseable, instant_delivery, paused_until, disabled, deleted, version`;
const ITEM_CONFLICT = `on conflict (id) do update set customer_id = excluded.customer_id, catalog_id = excluded.catalog_id, supplier_id = excluded.supplier_id,
       sku = excluded.sku, name = excluded.name, item_unit = excluded.item_unit, order_unit = excluded.order_unit,
       quantity_per_order_unit = excluded.quantity_per_order_unit, min_order_quantity = excluded.min_order_quantity,
       max_order_quantity = excluded.max_order_quantity, order_quantity = excluded.order_quantity,
       order_quantity_increment = excluded.order_quantity_increment, lead_time_days = excluded.lead_time_days,
       transit_days = excluded.transit_days, contract_end_date = excluded.contract_end_date,
       subscription_interval = excluded.subscription_interval, purchaseable = excluded.purchaseable,
       instant_delivery = excluded.instant_delivery, paused_until = excluded.paused_until,
       disabled = excluded.disabled, deleted = excluded.deleted, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`;
const LOCATION_COLUMNS = `id, company_id, customer_id, name, inactive, deleted, delivery_days, delivery_isodow, schedule, slots, scheduled,
       deltakanban, adhoc, service_fee_item_id, service_fee_quantity, version`;
const LOCATION_CONFLICT = `on conflict (id) do update set customer_id = excluded.customer_id, name = excluded.name, inactive = excluded.inactive,
       deleted = excluded.deleted, delivery_days = excluded.delivery_days, delivery_isodow = excluded.delivery_isodow,
       schedule = excluded.schedule, slots = excluded.slots, scheduled = excluded.scheduled, deltakanban = excluded.deltakanban,
       adhoc = excluded.adhoc, service_fee_item_id = excluded.service_fee_item_id, service_fee_quantity = excluded.service_fee_quantity,
       version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`;
const CUSTOMER_COLUMNS = `id, company_id, name, inactive, deleted, use_request_workflow, use_backorder, backorder_type,
       use_subscription, automatic_restock_days, service_fee_item_id, time_tracking_item_id, show_stock_in_app, version`;
const CUSTOMER_CONFLICT = `on conflict (id) do update set name = excluded.name, inactive = excluded.inactive, deleted = excluded.deleted,
       use_request_workflow = excluded.use_request_workflow, use_backorder = excluded.use_backorder, backorder_type = excluded.backorder_type,
       use_subscription = excluded.use_subscription, automatic_restock_days = excluded.automatic_restock_days,
       service_fee_item_id = excluded.service_fee_item_id, time_tracking_item_id = excluded.time_tracking_item_id,
       show_stock_in_app = excluded.show_stock_in_app, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`;
const SUPPLIER_CONFLICT = `on conflict (id) do update set name = excluded.name, active = excluded.active, deleted = excluded.deleted, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`;
const CATALOG_CONFLICT = `on conflict (id) do update set supplier_id = excluded.supplier_id, name = excluded.name, deleted = excluded.deleted, version = excluded.version
     where c.version <= excluded.version and c.company_id = excluded.company_id`;

/** An item change; without the ordering fields (the contract-end job) only the base fields of a known item change. */
export async function upsertItem(em: EntityManager, item: ItemChangedForOrders, version: Date, deleted = !!item.deleted): Promise<void> {
  if (item.order_unit === undefined) {
    await em.execute(
      `update orders.item_copy set sku = ?, name = ?, disabled = ?, paused_until = ?, deleted = ?, version = ?
        where id = ? and company_id = ? and version <= ?`,
      [item.sku, item.name, item.disabled, item.paused_until, deleted, version, item.id, item.company_id, version],
    );
    return;
  }
  await em.execute(
    `insert into orders.item_copy as c (${ITEM_COLUMNS})
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ${ITEM_CONFLICT}`,
    [
      item.id,
      item.company_id,
      item.customer_id,
      item.catalog_id,
      item.supplier_id ?? null,
      item.sku,
      item.name,
      item.item_unit ?? '',
      item.order_unit,
      item.quantity_per_order_unit ?? 1,
      item.min_order_quantity ?? 0,
      item.max_order_quantity ?? 0,
      item.order_quantity ?? 1,
      item.order_quantity_increment ?? 1,
      item.lead_time_days ?? 0,
      item.transit_days ?? 0,
      item.contract_end_date ?? null,
      item.subscription_interval ?? 0,
      item.purchaseable ?? true,
      item.instant_delivery ?? false,
      item.paused_until,
      item.disabled,
      deleted,
      version,
    ],
  );
}

/** A location change; without delivery days and schedule (older events) only name and state of a known location change. */
export async function upsertLocation(em: EntityManager, location: LocationChangedForOrders, version: Date, deleted = !!location.deleted): Promise<void> {
  if (location.delivery_days === undefined || location.schedule === undefined) {
    await em.execute(
      'update orders.location_copy set name = ?, inactive = ?, deleted = ?, version = ? where id = ? and company_id = ? and version <= ?',
      [location.name, location.inactive, deleted, version, location.id, location.company_id, version],
    );
    return;
  }
  const { slots, scheduled } = resolveSchedule(location.schedule);
  await em.execute(
    `insert into orders.location_copy as c (${LOCATION_COLUMNS})
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ${LOCATION_CONFLICT}`,
    [
      location.id,
      location.company_id,
      location.customer_id,
      location.name,
      location.inactive,
      deleted,
      json(location.delivery_days as Weekday[]),
      json(isoWeekdays(location.delivery_days)),
      json(location.schedule),
      json(slots),
      scheduled,
      location.deltakanban ?? true,
      location.adhoc ?? false,
      location.service_fee_item_id ?? null,
      location.service_fee_quantity ?? 0,
      version,
    ],
  );
}

/** A customer change; without the ordering settings (older events) only name and state of a known customer change. */
export async function upsertCustomer(em: EntityManager, c: CustomerChangedForOrders, version: Date, deleted = !!c.deleted): Promise<void> {
  if (c.use_request_workflow === undefined) {
    await em.execute(
      `insert into orders.customer_copy as c (id, company_id, name, inactive, deleted, version) values (?, ?, ?, ?, ?, ?)
       on conflict (id) do update set name = excluded.name, inactive = excluded.inactive, deleted = excluded.deleted, version = excluded.version
       where c.version <= excluded.version and c.company_id = excluded.company_id`,
      [c.id, c.company_id, c.name, c.inactive, deleted, version],
    );
    return;
  }
  await em.execute(
    `insert into orders.customer_copy as c (${CUSTOMER_COLUMNS})
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ${CUSTOMER_CONFLICT}`,
    [
      c.id,
      c.company_id,
      c.name,
      c.inactive,
      deleted,
      c.use_request_workflow,
      c.use_backorder ?? false,
      c.backorder_type ?? 'days',
      c.use_subscription ?? false,
      c.automatic_restock_days ?? 0,
      c.service_fee_item_id ?? null,
      c.time_tracking_item_id ?? null,
      c.show_stock_in_app ?? false,
      version,
    ],
  );
}

export async function upsertSupplier(
  em: EntityManager,
  s: { id: number; company_id: number; name: string; active: boolean },
  version: Date,
  deleted = false,
): Promise<void> {
  await em.execute(
    `insert into orders.supplier_copy as c (id, company_id, name, active, deleted, version) values (?, ?, ?, ?, ?, ?)
     ${SUPPLIER_CONFLICT}`,
    [s.id, s.company_id, s.name, s.active, deleted, version],
  );
}

export async function upsertCatalog(
  em: EntityManager,
  c: { id: number; company_id: number; supplier_id: number; name: string },
  version: Date,
  deleted = false,
): Promise<void> {
  await em.execute(
    `insert into orders.catalog_copy as c (id, company_id, supplier_id, name, deleted, version) values (?, ?, ?, ?, ?, ?)
     ${CATALOG_CONFLICT}`,
    [c.id, c.company_id, c.supplier_id, c.name, deleted, version],
  );
}

/**
 * Writes a snapshot of the catalog (each record at its updated_at, none deleted): one set-based upsert per kind of
 * record (the rows travel as one JSON parameter), so a snapshot of a whole company (the demo seed) costs five
 * statements, not one per record.
 */
export async function applySnapshot(em: EntityManager, snapshot: ReplenishmentSnapshot): Promise<void> {
  const upsert = async (rows: unknown[], sql: string) => {
    if (rows.length > 0) await em.execute(sql, [json(rows)]);
  };
  await upsert(
    snapshot.customers,
    `insert into orders.customer_copy as c (${CUSTOMER_COLUMNS})
     select x.id, x.company_id, x.name, x.inactive, false, x.use_request_workflow, coalesce(x.use_backorder, false), coalesce(x.backorder_type, 'days'),
            coalesce(x.use_subscription, false), coalesce(x.automatic_restock_days, 0), x.service_fee_item_id, x.time_tracking_item_id,
            coalesce(x.show_stock_in_app, false), x.updated_at
       from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, name text, inactive boolean, use_request_workflow boolean,
            use_backorder boolean, backorder_type text, use_subscription boolean, automatic_restock_days int, service_fee_item_id int,
            time_tracking_item_id int, show_stock_in_app boolean, updated_at timestamptz)
     ${CUSTOMER_CONFLICT}`,
  );
  await upsert(
    snapshot.suppliers,
    `insert into orders.supplier_copy as c (id, company_id, name, active, deleted, version)
     select x.id, x.company_id, x.name, x.active, false, x.updated_at
       from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, name text, active boolean, updated_at timestamptz)
     ${SUPPLIER_CONFLICT}`,
  );
  await upsert(
    snapshot.catalogs,
    `insert into orders.catalog_copy as c (id, company_id, supplier_id, name, deleted, version)
     select x.id, x.company_id, x.supplier_id, x.name, false, x.updated_at
       from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, supplier_id int, name text, updated_at timestamptz)
     ${CATALOG_CONFLICT}`,
  );
  await upsert(
    snapshot.locations.map((l) => {
      const { slots, scheduled } = resolveSchedule(l.schedule);
      return { ...l, delivery_isodow: isoWeekdays(l.delivery_days), slots, scheduled };
    }),
    `insert into orders.location_copy as c (${LOCATION_COLUMNS})
     select x.id, x.company_id, x.customer_id, x.name, x.inactive, false, x.delivery_days, x.delivery_isodow, x.schedule, x.slots, x.scheduled,
            coalesce(x.deltakanban, true), coalesce(x.adhoc, false), x.service_fee_item_id, coalesce(x.service_fee_quantity, 0), x.updated_at
       from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, customer_id int, name text, inactive boolean, delivery_days jsonb,
            delivery_isodow jsonb, schedule jsonb, slots jsonb, scheduled boolean, deltakanban boolean, adhoc boolean, service_fee_item_id int,
            service_fee_quantity float8, updated_at timestamptz)
     ${LOCATION_CONFLICT}`,
  );
  await upsert(
    snapshot.items,
    `insert into orders.item_copy as c (${ITEM_COLUMNS})
     select x.id, x.company_id, x.customer_id, x.catalog_id, x.supplier_id, x.sku, x.name, coalesce(x.item_unit, ''), x.order_unit,
            coalesce(x.quantity_per_order_unit, 1), coalesce(x.min_order_quantity, 0), coalesce(x.max_order_quantity, 0),
            coalesce(x.order_quantity, 1), coalesce(x.order_quantity_increment, 1), coalesce(x.lead_time_days, 0), coalesce(x.transit_days, 0),
            x.contract_end_date, coalesce(x.subscription_interval, 0), coalesce(x.purchaseable, true), coalesce(x.instant_delivery, false),
            x.paused_until, x.disabled, false, x.updated_at
       from jsonb_to_recordset(cast(? as jsonb)) as x(id int, company_id int, customer_id int, catalog_id int, supplier_id int, sku text,
            name text, item_unit text, order_unit text, quantity_per_order_unit float8, min_order_quantity float8, max_order_quantity float8,
            order_quantity float8, order_quantity_increment float8, lead_time_days int, transit_days int, contract_end_date date,
            subscription_interval int, purchaseable boolean, instant_delivery boolean, paused_until date, disabled boolean, updated_at timestamptz)
     ${ITEM_CONFLICT}`,
  );
}
