import { MESSAGING_ENTITIES } from '@kanban/messaging';
import type { ServiceDataOptions } from '@kanban/persistence';
import { Catalog } from './catalogs/catalog.entity';
import { Customer } from './customers/customer.entity';
import { ChangeLogEntry } from './changes/change-log.entity';
import { Contact } from './contacts/contact.entity';
import { ContactRuleRecipient } from './contacts/rule-recipient.entity';
import { EntityImage } from './images/image.entity';
import { ItemBackorder } from './items/backorder.entity';
import { Item } from './items/item.entity';
import { ItemSubscription } from './items/subscription.entity';
import { Location } from './locations/location.entity';
import { CATALOG_MIGRATIONS } from './migrations';
import { RestrictionCopy } from './restrictions/restriction-copy.entity';
import { SETTINGS_ENTITIES } from './settings/settings.providers';
import { PRINTING_ENTITIES } from './printing/printing.providers';
import { DeviceKey } from './sensors/device-key.entity';
import { Sensor } from './sensors/sensor.entity';
import { StorageBin } from './storages/storage-bin.entity';
import { Storage } from './storages/storage.entity';
import { Supplier } from './suppliers/supplier.entity';

/** The catalog service's schema: its entities and its migrations. */
export const catalogData: ServiceDataOptions = {
  service: 'catalog',
  entities: [Customer, Supplier, RestrictionCopy, Location, EntityImage, ...SETTINGS_ENTITIES, ...PRINTING_ENTITIES, Catalog, Item, ItemBackorder, ItemSubscription, ChangeLogEntry, Contact, ContactRuleRecipient, Storage, StorageBin, Sensor, DeviceKey, ...MESSAGING_ENTITIES],
  migrations: CATALOG_MIGRATIONS,
};
