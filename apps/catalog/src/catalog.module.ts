import { type DynamicModule, Module } from '@nestjs/common';
import { serviceOutbox } from '@kanban/messaging';
import { servicePersistence } from '@kanban/persistence';
import { catalogData } from './catalog.data';
import { CatalogChangeNotices } from './cache/change-notices';
import { ChangesRepository } from './changes/changes.repository';
import { ContactsRepository } from './contacts/contacts.repository';
import { ImagesRepository } from './images/images.repository';
import { ItemsRepository } from './items/items.repository';
import { CatalogsRepository } from './catalogs/catalogs.repository';
import { CustomersRepository } from './customers/customers.repository';
import { LocationsRepository } from './locations/locations.repository';
import { SuppliersRepository } from './suppliers/suppliers.repository';
import { ChangesService } from './changes/changes.service';
import { ContactsHandler } from './contacts/contacts.handler';
import { RuleRecipientsHandler } from './contacts/rule-recipients.handler';
import { ContactsService } from './contacts/contacts.service';
import { CATALOG_CONFIG, type CatalogConfig } from './config';
import { CustomersHandler } from './customers/customers.handler';
import { CustomersService } from './customers/customers.service';
import { CatalogsHandler } from './catalogs/catalogs.handler';
import { CatalogsService } from './catalogs/catalogs.service';
import { HealthHandler } from './health/health.handler';
import { ImagesHandler } from './images/images.handler';
import { ImagesService } from './images/images.service';
import { BackordersConsumer, BackordersService } from './items/backorders';
import { ContractEndJob } from './items/contract-end.job';
import { ItemsHandler } from './items/items.handler';
import { ItemRulesCheck } from './items/item-rules';
import { ItemsService } from './items/items.service';
import { LocationsHandler } from './locations/locations.handler';
import { LocationsService } from './locations/locations.service';
import { ReplenishmentHandler } from './replenishment/replenishment';
import { RestrictionsConsumer } from './restrictions/restrictions.consumer';
import { SensorReadingsConsumer } from './sensors/sensor-readings.consumer';
import { SETTINGS_HANDLERS, SETTINGS_PROVIDERS } from './settings/settings.providers';
import { PRINTING_HANDLERS, PRINTING_PROVIDERS } from './printing/printing.providers';
import { DeviceKeysService } from './sensors/device-keys.service';
import { SensorsHandler } from './sensors/sensors.handler';
import { SensorsRepository } from './sensors/sensors.repository';
import { SensorsService } from './sensors/sensors.service';
import { StorageBinsHandler } from './storages/storage-bins.handler';
import { BinOfRuleHandler } from './storages/bin-of-rule.handler';
import { StorageBinsRepository } from './storages/storage-bins.repository';
import { StorageBinsService } from './storages/storage-bins.service';
import { StoragesHandler } from './storages/storages.handler';
import { StoragesRepository } from './storages/storages.repository';
import { StoragesService } from './storages/storages.service';
import { SuppliersHandler } from './suppliers/suppliers.handler';
import { SuppliersService } from './suppliers/suppliers.service';
import { TargetsHandler } from './user-admin/targets.handler';
import { TargetsRepository } from './user-admin/targets.repository';
import { TargetsService } from './user-admin/targets.service';
import { SensorAlarmsJob } from './sensors/sensor-alarms.job';
import { SensorAlarmsRepository } from './sensors/sensor-alarms.repository';
import { SensorAlarmsService } from './sensors/sensor-alarms.service';

/** Customers and suppliers (later: locations, catalogs, items, contacts, units, ...). */
@Module({})
export class CatalogModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        servicePersistence(catalogData),
        serviceOutbox({ service: 'catalog', ...config.outbox, claimMs: 30_000, batchSize: 100 }),
      ],
      controllers: [HealthHandler, CustomersHandler, SuppliersHandler, RestrictionsConsumer, SensorReadingsConsumer, LocationsHandler, ImagesHandler, TargetsHandler, ...SETTINGS_HANDLERS,
        CatalogsHandler, ItemsHandler, BackordersConsumer, ContactsHandler, RuleRecipientsHandler, ReplenishmentHandler, StoragesHandler, StorageBinsHandler, BinOfRuleHandler, SensorsHandler, ...PRINTING_HANDLERS],
      providers: [{ provide: CATALOG_CONFIG, useValue: config }, CustomersService, SuppliersService, LocationsService, ImagesService, TargetsService, ...SETTINGS_PROVIDERS,
        CatalogsService, ItemsService, ItemRulesCheck, BackordersService, ContractEndJob, ContactsService, ChangesService, CatalogChangeNotices,
        ChangesRepository, TargetsRepository, CatalogsRepository, CustomersRepository, LocationsRepository, SuppliersRepository, ContactsRepository, ImagesRepository, ItemsRepository, StoragesService, StoragesRepository, StorageBinsService, StorageBinsRepository,
        SensorsService, SensorsRepository, DeviceKeysService, SensorAlarmsService, SensorAlarmsRepository, SensorAlarmsJob, ...PRINTING_PROVIDERS],
    };
  }
}
