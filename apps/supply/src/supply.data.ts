import { MESSAGING_ENTITIES } from '@kanban/messaging';
import type { ServiceDataOptions } from '@kanban/persistence';
import { COPY_ENTITIES } from './copies/copies.entity';
import { SUPPLY_MIGRATIONS } from './migrations';
import { Supply, SupplyLine } from './supplies/supply.entity';

/** The supply service's schema: its entities and its migrations. */
export const supplyData: ServiceDataOptions = {
  service: 'supply',
  entities: [...COPY_ENTITIES, Supply, SupplyLine, ...MESSAGING_ENTITIES],
  migrations: SUPPLY_MIGRATIONS,
};
