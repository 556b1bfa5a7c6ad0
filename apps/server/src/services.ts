import type { BlobStore } from '@kanban/images';
import type { Database, ServiceDataOptions } from '@kanban/persistence';
import { catalogData, type CatalogSeed, seedCatalogDemo } from '@kanban/app-catalog';
import { type DemoRestriction, identityData, seedDemoRestrictions, seedIdentityDemo } from '@kanban/app-identity';
import { ordersData } from '@kanban/app-orders';
import { supplyData } from '@kanban/app-supply';

/**
 * The composition root's list of services: their schemas (for migrations) and demo seeds, in dependency
 * order. Only this app sees every service.
 */
export const SERVICE_DATA: ServiceDataOptions[] = [identityData, catalogData, ordersData, supplyData];

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

/** `blobs`: where demo images go (the run's blob store); without it the demo data has no images. */
export async function seedDemo(database: Database, blobs?: BlobStore): Promise<void> {
  // The catalog's demo customers belong to the demo tenants the identity seed answers.
  const tenants = await seedIdentityDemo(database);
  const catalog = await seedCatalogDemo(database, { demoCompanyId: tenants.demoCompanyId, otherCompanyId: tenants.otherCompanyId }, blobs);
  // Only with fresh demo tenants: restrictions an administrator removed later stay removed on a restart.
  if (tenants.created) await seedDemoRestrictions(database, tenants.demoCompanyId, demoRestrictions(catalog));
}
