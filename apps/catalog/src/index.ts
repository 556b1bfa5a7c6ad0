// What the composition root needs from the catalog service.
export { CatalogModule } from './catalog.module';
export { catalogData } from './catalog.data';
export { loadCatalogConfig, type CatalogConfig } from './config';
export { demoReplenishmentSnapshot, seedCatalogDemo, type CatalogSeed, type CatalogSeedInput } from './seed';
export { seedStoragesDemo, type DemoRackRule, type DemoSensorBin } from './storages/storages.seed';
