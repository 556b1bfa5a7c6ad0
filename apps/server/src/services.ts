import type { Database, ServiceDataOptions } from '@kanban/persistence';
import { identityData, seedIdentityDemo } from '@kanban/app-identity';

/**
 * The composition root's list of services: their schemas (for migrations) and demo seeds, in dependency
 * order. Only this app sees every service.
 */
export const SERVICE_DATA: ServiceDataOptions[] = [identityData];

export async function seedDemo(database: Database): Promise<void> {
  await seedIdentityDemo(database);
}
