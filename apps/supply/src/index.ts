// What the composition root needs from the supply service.
export { SupplyModule } from './supply.module';
export { supplyData } from './supply.data';
export { loadSupplyConfig, type SupplyConfig } from './config';
export { seedSupplyDemo, type SupplyDemoInput } from './demo/supply.seed';
