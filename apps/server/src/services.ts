import type { BlobStore } from '@kanban/images';
import type { Database, ServiceDataOptions } from '@kanban/persistence';
import { catalogData, type CatalogSeed, demoReplenishmentSnapshot, seedCatalogDemo, seedStoragesDemo } from '@kanban/app-catalog';
import { type DemoRestriction, identityData, type IdentitySeed, seedDemoRestrictions, seedIdentityDemo } from '@kanban/app-identity';
import { type DemoUsers, type OrdersDemoSeed, ordersData, seedOrdersDemo, seedOrdersDemoSupplies } from '@kanban/app-orders';
import { seedSupplyDemo, supplyData } from '@kanban/app-supply';
import { ingestData, seedReadingsDemo } from '@kanban/app-ingest';
import { type NotificationsDemoSeed, notificationsData, seedNotificationsDemo } from '@kanban/app-notifications';
import type { DemoOutbox } from './demo-outbox';
import { activity, demoReadings, type DemoStockHistory } from './demo-sensors';

/**
 * The composition root's list of services: their schemas (for migrations) and demo seeds, in dependency
 * order. Only this app sees every service.
 */
export const SERVICE_DATA: ServiceDataOptions[] = [identityData, catalogData, ordersData, supplyData, ingestData, notificationsData];

/**
 * The demo users with access restrictions (README, "Demo logins"): the customer user sees only the first
 * demo customer, the supplier user only the first demo supplier. Identity owns restrictions but cannot know
 * the catalog's ids, so they are seeded here, after both seeds; the catalog's copy follows by the usual
 * `evt.identity.restrictions_changed` once the services run.
 */
export function demoRestrictions(catalog: CatalogSeed): DemoRestriction[] {
  const customer = catalog.customers['K-10001'];
  const supplier = catalog.suppliers['L-100'];
  if (customer === undefined || supplier === undefined) throw new Error('demo data: customer K-10001 or supplier L-100 is missing');
  return [
    { email: 'customer@demo.example', customer_id: customer },
    { email: 'supplier@demo.example', supplier_id: supplier },
  ];
}

/** Who does what in the demo history: identity's demo users, the customer and supplier users with the records they are restricted to. */
export function demoHistoryUsers(tenants: IdentitySeed, catalog: CatalogSeed): DemoUsers {
  const user = (email: string) => {
    const id = tenants.users[email];
    if (id === undefined) throw new Error(`demo data: user ${email} is missing`);
    return id;
  };
  const [customer, supplier] = demoRestrictions(catalog);
  return {
    admin: user('admin@demo.example'),
    writer: user('writer@demo.example'),
    customer: { userId: user(customer!.email), customerId: customer!.customer_id! },
    supplier: { userId: user(supplier!.email), supplierId: supplier!.supplier_id! },
  };
}

export interface DemoOptions {
  /** where demo images go (the run's blob store); without it the demo data has no images */
  blobs?: BlobStore;
  /**
   * the replenishment history (kanban rules with stock levels, months of orders, decisions and supplies; README
   * "Demo data"), seeded with fresh demo tenants only; default true. The test systems switch it off: their tests
   * count the demo company's orders and supplies.
   */
  history?: boolean;
}

/** What the demo seed answers (on every start, fresh or not): the demo company and its customers and suppliers by number. */
export interface DemoSeed {
  demoCompanyId: number;
  catalog: CatalogSeed;
}

export async function seedDemo(database: Database, options: DemoOptions = {}): Promise<DemoSeed> {
  // The catalog's demo customers belong to the demo tenants the identity seed answers.
  const tenants = await seedIdentityDemo(database);
  const catalog = await seedCatalogDemo(database, { demoCompanyId: tenants.demoCompanyId, otherCompanyId: tenants.otherCompanyId }, options.blobs);
  const seeded = { demoCompanyId: tenants.demoCompanyId, catalog };
  // Only with fresh demo tenants: restrictions an administrator removed later stay removed on a restart, and the
  // history is not written again.
  if (!tenants.created) return seeded;
  await seedDemoRestrictions(database, tenants.demoCompanyId, demoRestrictions(catalog));
  const orders = (options.history ?? true) ? await seedDemoHistory(database, tenants, catalog) : null;
  await seedDemoRacks(database, tenants.demoCompanyId, orders);
  return seeded;
}

/**
 * The demo company's notifications (README "Demo data: notifications"): its servers pointed at the embedded run's demo
 * outbox (`demo-outbox.ts`), templates and a mail and a file rule per demo supplier, a mail rule per demo customer
 * (`seedNotificationsDemo`; made once, the servers' addresses updated on every start).
 */
export function seedDemoNotifications(database: Database, seed: DemoSeed, outbox: DemoOutbox, secretsKey: Buffer): Promise<NotificationsDemoSeed> {
  return seedNotificationsDemo(database, {
    companyId: seed.demoCompanyId,
    secretsKey,
    suppliers: seed.catalog.suppliers,
    customers: seed.catalog.customers,
    mail: outbox.mail,
    files: outbox.files,
  });
}

/**
 * The demo racks (README "Demo data"): the catalog's two racks with the location's rules of the demo history in their
 * bins and the demo sensors calibrated in some, and, with the history, those sensors' readings of the last days in the
 * ingestion's tables (from the rules' stock events through the bins' calibration). Without the history (the test
 * systems): the racks with the sensors' bins only, no readings.
 */
async function seedDemoRacks(database: Database, companyId: number, orders: OrdersDemoSeed | null, now = new Date()): Promise<void> {
  const histories = new Map<number, DemoStockHistory>();
  for (const rule of orders?.history.rules ?? []) {
    histories.set(rule.id, { rule: { id: rule.id, location_id: rule.location.id, stock: rule.stock, capacity: rule.capacity }, events: [] });
  }
  for (const event of [...(orders?.history.stockEvents ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    histories.get(event.rule.id)?.events.push({ at: event.at, before: event.before, stock: event.stock });
  }
  for (const history of histories.values()) history.rule.activity = activity(history, now);
  const bins = await seedStoragesDemo(database, { companyId, rules: [...histories.values()].map((h) => h.rule), now });
  if (orders) await seedReadingsDemo(database, companyId, demoReadings(companyId, bins, histories, now));
}

/**
 * The demo history: the catalog's snapshot of the demo company goes to the orders seed (read model, rules, runs,
 * orders), its orders to the supply seed (supplies as evt.orders.created would create them), and the supplies back
 * to the orders seed (the S history events and delivery state its supplies consumer would write): the event flow
 * of the running services, handed over by the composition root since no service reads another's schema.
 */
async function seedDemoHistory(database: Database, tenants: IdentitySeed, catalog: CatalogSeed): Promise<OrdersDemoSeed | null> {
  const companyId = tenants.demoCompanyId;
  const snapshot = await demoReplenishmentSnapshot(database, companyId);
  const orders = await seedOrdersDemo(database, { companyId, timeZone: tenants.demoTimeZone, snapshot, users: demoHistoryUsers(tenants, catalog) });
  if (!orders) return null;
  const supplies = await seedSupplyDemo(database, { companyId, snapshot, orders: orders.supplies });
  await seedOrdersDemoSupplies(database, orders, supplies);
  return orders;
}
