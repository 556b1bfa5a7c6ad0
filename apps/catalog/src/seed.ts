import { MikroORM } from '@mikro-orm/postgresql';
import type { BlobStore } from '@kanban/images';
import { type Database, tenantEm } from '@kanban/persistence';
import { catalogData } from './catalog.data';
import { seedDemoImages } from './images/image.seed';
import { Customer } from './customers/customer.entity';
import { seedItemsDemo } from './items/items.seed';
import { Location } from './locations/location.entity';
import { seedSettingsDemo } from './settings/settings.seed';
import { Supplier } from './suppliers/supplier.entity';

export interface CatalogSeedInput {
  demoCompanyId: number;
  otherCompanyId: number;
}

type DemoCustomer = Partial<Customer> & { name: string };
type DemoSupplier = Partial<Supplier> & { name: string };

const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    name: 'Maschinenbau Huber GmbH',
    nr: 'K-10001',
    street: 'Daimlerstraße 27',
    postal: '73037',
    city: 'Göppingen',
    state: 'Baden-Württemberg',
    countryIso: 'DE',
    vatId: 'DE812345678',
    auftragsnr: 'A-2026-114',
    bediener: 'Frau Keller',
    scanIdPrefix: 'HUB',
    useBackorder: true,
    backorderType: 'days',
    automaticRestockDays: 7,
  },
  {
    name: 'Alpen Metallwerke AG',
    nr: 'K-10002',
    extended: 'Werk Linz',
    street: 'Industriezeile 45',
    postal: '4020',
    city: 'Linz',
    state: 'Oberösterreich',
    countryIso: 'AT',
    vatId: 'ATU12345678',
    scanIdPrefix: 'AMW',
    useSubscription: true,
    useRequestWorkflow: true,
    showStockInApp: true,
  },
  {
    name: 'Präzisionstechnik Meier AG',
    nr: 'K-10003',
    street: 'Zürcherstrasse 101',
    postal: '8406',
    city: 'Winterthur',
    state: 'Zürich',
    countryIso: 'CH',
    vatId: 'CHE-123.456.789',
    description: 'Contract ended 2025; kept for the order history.',
    inactive: true,
  },
];

const OTHER_CUSTOMERS: DemoCustomer[] = [
  { name: 'Rheintal Fahrzeugbau AG', nr: 'R-500', street: 'Hauptstrasse 8', postal: '9430', city: 'St. Margrethen', countryIso: 'CH' },
];

const DEMO_SUPPLIERS: DemoSupplier[] = [
  { name: 'Schraubenwerk Franken GmbH', nr: 'L-100', extNr: 'SAP-70001', street: 'Am Hafen 14', postal: '90451', city: 'Nürnberg', state: 'Bayern', countryIso: 'DE' },
  { name: 'Tiroler Normteile GmbH', nr: 'L-200', extNr: 'SAP-70002', street: 'Gewerbepark 3', postal: '6020', city: 'Innsbruck', state: 'Tirol', countryIso: 'AT' },
  {
    name: 'Helvetia Befestigungstechnik AG',
    nr: 'L-300',
    street: 'Industriestrasse 22',
    postal: '5600',
    city: 'Lenzburg',
    state: 'Aargau',
    countryIso: 'CH',
    description: 'Framework contract paused.',
    active: false,
  },
];

const OTHER_SUPPLIERS: DemoSupplier[] = [{ name: 'Zürcher Werkzeughandel AG', nr: 'S-10', street: 'Badenerstrasse 120', postal: '8004', city: 'Zürich', countryIso: 'CH' }];

type DemoLocation = Partial<Location> & { name: string };

const WORKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as Location['deliveryDays'];

/** 2-4 locations per demo customer, keyed by the customer's number. */
const DEMO_LOCATIONS: Record<string, DemoLocation[]> = {
  'K-10001': [
    {
      name: 'Montagehalle 1',
      nr: 'H1',
      extendedName: 'Endmontage Linie A',
      street: 'Daimlerstraße 27',
      postal: '73037',
      city: 'Göppingen',
      countryIso: 'DE',
      geoLat: 48.7036,
      geoLong: 9.6523,
      costCenter: 'KST-4100',
      building: 'B1',
      room: 'EG-12',
      plant: '1000',
      siteCode: 'GP1',
      recipient: 'Herr Braun',
      trolleyNumber: 'W-01',
      r3Plant: '1000',
      accountAssignmentNumber: '4711',
      accountAssignmentType: 'K',
      sort: 1,
      deliveryDays: WORKDAYS,
      serviceFeeQuantity: 12.5,
      deltakanban: true,
      takePicture: 1,
      schedule: { business_days: ['06:00', '14:00'], saturday: ['08:00'] },
    },
    {
      name: 'Montagehalle 2',
      nr: 'H2',
      street: 'Daimlerstraße 27',
      postal: '73037',
      city: 'Göppingen',
      countryIso: 'DE',
      costCenter: 'KST-4200',
      building: 'B2',
      sort: 2,
      deliveryDays: ['monday', 'wednesday', 'friday'],
      schedule: { monday: ['06:00'], wednesday: ['06:00'], friday: ['06:00', '12:00'] },
    },
    {
      name: 'Instandhaltung',
      nr: 'IH',
      city: 'Göppingen',
      countryIso: 'DE',
      costCenter: 'KST-9000',
      sort: 3,
      adhoc: true,
      takePicture: 2,
      deliveryDays: ['tuesday', 'thursday'],
      schedule: { business_days: ['10:00'] },
    },
  ],
  'K-10002': [
    {
      name: 'Werk Linz Halle A',
      nr: 'LA',
      street: 'Industriezeile 45',
      postal: '4020',
      city: 'Linz',
      countryIso: 'AT',
      geoLat: 48.2951,
      geoLong: 14.3212,
      plant: '2000',
      r3Plant: '2000',
      sort: 1,
      deliveryDays: WORKDAYS,
      serviceFeeQuantity: 8,
      schedule: { business_days: ['06:00', '12:00', '18:00'] },
    },
    {
      name: 'Werk Linz Halle B',
      nr: 'LB',
      street: 'Industriezeile 47',
      postal: '4020',
      city: 'Linz',
      countryIso: 'AT',
      sort: 2,
      deliveryDays: ['monday', 'thursday'],
      schedule: { monday: ['08:00'], thursday: ['08:00'] },
    },
    {
      name: 'Außenlager Enns',
      nr: 'EN',
      postal: '4470',
      city: 'Enns',
      countryIso: 'AT',
      sort: 3,
      deliveryDays: ['wednesday'],
      schedule: { wednesday: ['24:00'] },
      inactiveAt: new Date('2026-01-15T00:00:00Z'),
    },
  ],
  'K-10003': [
    { name: 'Werkstatt Winterthur', nr: 'W1', city: 'Winterthur', countryIso: 'CH', sort: 1, deliveryDays: ['tuesday'] },
    { name: 'Lager Winterthur', nr: 'W2', city: 'Winterthur', countryIso: 'CH', sort: 2 },
  ],
  'R-500': [
    { name: 'Halle Nord', nr: 'N', city: 'St. Margrethen', countryIso: 'CH', sort: 1, deliveryDays: WORKDAYS, schedule: { business_days: ['08:00'] } },
    { name: 'Halle Süd', nr: 'S', city: 'St. Margrethen', countryIso: 'CH', sort: 2 },
  ],
};

/**
 * Demo customers and suppliers of the demo tenants (ids from the identity seed); does nothing if they exist
 * already. With a blob store, the demo company's customers and suppliers also get logos.
 */
export async function seedCatalogDemo(database: Database, ids: CatalogSeedInput, blobs?: BlobStore): Promise<void> {
  const orm = await MikroORM.init(database.ormOptions(catalogData));
  try {
    await orm.em.fork().transactional(async (em) => {
      for (const [companyId, customers] of [
        [ids.demoCompanyId, DEMO_CUSTOMERS],
        [ids.otherCompanyId, OTHER_CUSTOMERS],
      ] as const) {
        const scoped = tenantEm(em, companyId);
        if ((await scoped.count(Customer, {})) > 0) continue;
        // One row per flush: the embedded driver answers a multi-row insert's ids unreliably.
        for (const data of customers) {
          scoped.create(Customer, { ...data, companyId } as Customer);
          await scoped.flush();
        }
      }
      for (const companyId of [ids.demoCompanyId, ids.otherCompanyId]) {
        const scoped = tenantEm(em, companyId);
        if ((await scoped.count(Location, {})) > 0) continue;
        for (const customer of await scoped.find(Customer, {}, { orderBy: { id: 'asc' } })) {
          for (const data of DEMO_LOCATIONS[customer.nr ?? ''] ?? []) {
            scoped.create(Location, { ...data, companyId, customerId: customer.id } as Location);
            await scoped.flush();
          }
        }
      }
      for (const [companyId, suppliers] of [
        [ids.demoCompanyId, DEMO_SUPPLIERS],
        [ids.otherCompanyId, OTHER_SUPPLIERS],
      ] as const) {
        const scoped = tenantEm(em, companyId);
        if ((await scoped.count(Supplier, {})) > 0) continue;
        for (const data of suppliers) {
          scoped.create(Supplier, { ...data, companyId } as Supplier);
          await scoped.flush();
        }
      }
      // Catalogs and items (items part of issue 4).
      for (const companyId of [ids.demoCompanyId, ids.otherCompanyId]) await seedItemsDemo(em, companyId);
      await seedSettingsDemo(em, ids);
      if (blobs) await seedDemoImages(tenantEm(em, ids.demoCompanyId), ids.demoCompanyId, blobs);
    });
  } finally {
    await orm.close();
  }
}
