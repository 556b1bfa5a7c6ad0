import { MikroORM } from '@mikro-orm/postgresql';
import type { ReplenishmentSnapshot } from '@kanban/contracts';
import type { BlobStore } from '@kanban/images';
import { type Database, tenantEm } from '@kanban/persistence';
import { catalogData } from './catalog.data';
import { Contact } from './contacts/contact.entity';
import { seedDemoImages } from './images/image.seed';
import { Customer } from './customers/customer.entity';
import { seedItemsDemo } from './items/items.seed';
import { Location } from './locations/location.entity';
import { replenishmentSnapshot } from './replenishment/replenishment';
import { seedSettingsDemo } from './settings/settings.seed';
import { seedSensorsDemo } from './sensors/sensors.seed';
import { Supplier } from './suppliers/supplier.entity';

export interface CatalogSeedInput {
  demoCompanyId: number;
  otherCompanyId: number;
}

/** The demo company's customers and suppliers by number (for what other services seed about them). */
export interface CatalogSeed {
  customers: Record<string, number>;
  suppliers: Record<string, number>;
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

type DemoContact = Partial<Contact> & { name: string };

/** Contacts of the demo customers and suppliers, keyed by their number; the first of each is the main contact. */
const DEMO_CONTACTS: Record<string, DemoContact[]> = {
  'K-10001': [
    { firstName: 'Sabine', name: 'Keller', gender: 'f', jobTitle: 'Einkaufsleiterin', email: 'sabine.keller@huber-maschinenbau.example', telOffice: '+49 7161 5550-10', telMobile: '+49 171 5550101', salutationLine: 'Sehr geehrte Frau Keller' },
    { firstName: 'Thomas', name: 'Brandt', gender: 'm', jobTitle: 'Lagerleiter', email: 'thomas.brandt@huber-maschinenbau.example', telOffice: '+49 7161 5550-22', salutationLine: 'Sehr geehrter Herr Brandt' },
    { firstName: 'Jana', name: 'Vogt', gender: 'f', jobTitle: 'Disposition', email: 'jana.vogt@huber-maschinenbau.example', extSystemId: 'CRM-4711' },
  ],
  'K-10002': [
    { firstName: 'Martin', name: 'Gruber', gender: 'm', jobTitle: 'Materialwirtschaft', email: 'm.gruber@alpen-metall.example', telOffice: '+43 732 555 200', salutationLine: 'Sehr geehrter Herr Gruber' },
    { firstName: 'Eva', name: 'Huemer', gender: 'f', jobTitle: 'Instandhaltung', email: 'e.huemer@alpen-metall.example', telMobile: '+43 664 5550200' },
  ],
  'K-10003': [
    { firstName: 'Reto', name: 'Baumann', gender: 'm', jobTitle: 'Einkauf', email: 'reto.baumann@meier-praezision.example', salutationLine: 'Grüezi Herr Baumann' },
    { firstName: 'Claudia', name: 'Frei', gender: 'f', jobTitle: 'Logistik', email: 'claudia.frei@meier-praezision.example' },
  ],
  'L-100': [
    { firstName: 'Klaus', name: 'Hofmann', gender: 'm', jobTitle: 'Vertrieb Innendienst', email: 'k.hofmann@schraubenwerk-franken.example', telOffice: '+49 911 5550-300', salutationLine: 'Sehr geehrter Herr Hofmann' },
    { firstName: 'Petra', name: 'Lang', gender: 'f', jobTitle: 'Auftragsabwicklung', email: 'p.lang@schraubenwerk-franken.example', telOffice: '+49 911 5550-310' },
    { firstName: 'Ali', name: 'Yilmaz', gender: 'm', jobTitle: 'Versand', email: 'a.yilmaz@schraubenwerk-franken.example' },
  ],
  'L-200': [
    { firstName: 'Andrea', name: 'Pichler', gender: 'f', jobTitle: 'Key Account', email: 'andrea.pichler@tiroler-normteile.example', telMobile: '+43 676 5550400', salutationLine: 'Sehr geehrte Frau Pichler' },
    { firstName: 'Florian', name: 'Steiner', gender: 'm', jobTitle: 'Technik', email: 'florian.steiner@tiroler-normteile.example' },
  ],
  'L-300': [
    { firstName: 'Lukas', name: 'Meier', gender: 'm', jobTitle: 'Verkauf', email: 'lukas.meier@helvetia-befestigung.example' },
    { firstName: 'Nina', name: 'Schmid', gender: 'f', jobTitle: 'Backoffice', email: 'nina.schmid@helvetia-befestigung.example' },
  ],
};

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
      // no service fee (the demo customers have no service fee item: a fee would refuse orders by hand with 1032)
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
 * already. With a blob store, the demo company's customers, suppliers and many items also get images.
 * Answers the demo company's customer and supplier ids by number.
 */
export async function seedCatalogDemo(database: Database, ids: CatalogSeedInput, blobs?: BlobStore): Promise<CatalogSeed> {
  const orm = await MikroORM.init(database.ormOptions(catalogData));
  try {
    return await orm.em.fork().transactional(async (em) => {
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
      const demo = tenantEm(em, ids.demoCompanyId);
      if ((await demo.count(Contact, {})) === 0) {
        const parents = [
          ...(await demo.find(Customer, {})).map((c) => ({ nr: c.nr, where: { customerId: c.id } })),
          ...(await demo.find(Supplier, {})).map((s) => ({ nr: s.nr, where: { supplierId: s.id } })),
        ];
        for (const parent of parents) {
          for (const [index, data] of (DEMO_CONTACTS[parent.nr ?? ''] ?? []).entries()) {
            demo.create(Contact, { ...data, ...parent.where, main: index === 0, companyId: ids.demoCompanyId } as Contact);
            await demo.flush();
          }
        }
      }
      // Catalogs and items (items part of issue 4).
      for (const companyId of [ids.demoCompanyId, ids.otherCompanyId]) await seedItemsDemo(em, companyId);
      await seedSettingsDemo(em, ids);
      await seedSensorsDemo(em, ids.demoCompanyId);
      if (blobs) await seedDemoImages(tenantEm(em, ids.demoCompanyId), ids.demoCompanyId, blobs);
      const demoEm = tenantEm(em, ids.demoCompanyId);
      const byNr = (rows: { id: number; nr: string | null }[]) => Object.fromEntries(rows.filter((r) => r.nr).map((r) => [r.nr!, r.id]));
      return {
        customers: byNr(await demoEm.find(Customer, {}, { fields: ['id', 'nr'] })),
        suppliers: byNr(await demoEm.find(Supplier, {}, { fields: ['id', 'nr'] })),
      };
    });
  } finally {
    await orm.close();
  }
}

/**
 * Every item and location of a company with their customers, suppliers and catalogs, as the catalog's
 * `catalog.replenishment.snapshot` answers them: what the orders and supply demo seeds write into their read
 * models (the composition root hands it over; services never read each other's schemas).
 */
export async function demoReplenishmentSnapshot(database: Database, companyId: number): Promise<ReplenishmentSnapshot> {
  const orm = await MikroORM.init(database.ormOptions(catalogData));
  try {
    return await replenishmentSnapshot(tenantEm(orm.em.fork(), companyId), {}, {});
  } finally {
    await orm.close();
  }
}
