import { MikroORM } from '@mikro-orm/postgresql';
import { type Database, tenantEm } from '@kanban/persistence';
import { catalogData } from './catalog.data';
import { Customer } from './customers/customer.entity';
import { seedItemsDemo } from './items/items.seed';
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

/** Demo customers and suppliers of the demo tenants (ids from the identity seed); does nothing if they exist already. */
export async function seedCatalogDemo(database: Database, ids: CatalogSeedInput): Promise<void> {
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
    });
  } finally {
    await orm.close();
  }
}
