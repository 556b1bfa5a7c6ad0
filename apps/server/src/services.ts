import type { BlobStore } from '@kanban/images';
import type { Database, ServiceDataOptions } from '@kanban/persistence';
import { catalogData, seedCatalogDemo } from '@kanban/app-catalog';
import { identityData, seedIdentityDemo } from '@kanban/app-identity';
import { ordersData } from '@kanban/app-orders';

/**
 * The composition root's list of services: their schemas (for migrations) and demo seeds, in dependency
 * order. Only this app sees every service.
 */
export const SERVICE_DATA: ServiceDataOptions[] = [identityData, catalogData, ordersData];

/** `blobs`: where demo images go (the run's blob store); without it the demo data has no images. */
export async function seedDemo(database: Database, blobs?: BlobStore): Promise<void> {
  // The catalog's demo customers belong to the demo tenants the identity seed answers.
  const tenants = await seedIdentityDemo(database);
  await seedCatalogDemo(database, { demoCompanyId: tenants.demoCompanyId, otherCompanyId: tenants.otherCompanyId }, blobs);
}
