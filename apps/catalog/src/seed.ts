import { MikroORM } from '@mikro-orm/postgresql';
import { type Database, tenantEm } from '@kanban/persistence';
import { catalogData } from './catalog.data';
import { Customer } from './customers/customer.entity';

export interface CatalogSeedInput {
  demoCompanyId: number;
  otherCompanyId: number;
}

type DemoCustomer = Partial<Customer> & { name: string };

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

/** Demo customers of the demo tenants (ids from the identity seed); does nothing if they exist already. */
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
    });
  } finally {
    await orm.close();
  }
}
