import { MikroORM } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import type { CompanyCaller } from '@kanban/contracts';
import { Database, migrateService, UnitOfWork } from '@kanban/persistence';
import type { ServiceBus } from '@kanban/messaging';
import { catalogData } from '../catalog.data';
import { CatalogsService } from '../catalogs/catalogs.service';
import { CustomersService } from '../customers/customers.service';
import { Item } from '../items/item.entity';
import { ItemRulesCheck } from '../items/item-rules';
import { ItemsService } from '../items/items.service';
import { Location } from '../locations/location.entity';
import { LocationsService } from '../locations/locations.service';
import { SuppliersService } from '../suppliers/suppliers.service';
import { Customer } from '../customers/customer.entity';
import { listStatement, rowMapper } from './list-statement';

// Opening PGlite and migrating the catalog takes seconds on a busy machine.
jest.setTimeout(60_000);

/**
 * The master-data lists (MasterDataService.list: the statement of listStatement, rows by rowMapper) against a real
 * (in-process) PostgreSQL: every filter kind, access restrictions, sorts, ties, paging and the mapping of rows,
 * with answers checked against plain queries of the same rows and against the single-record reads (ORM path).
 */
describe('master-data lists on PGlite', () => {
  let database: Database;
  let orm: MikroORM;
  let customers: CustomersService;
  let locations: LocationsService;
  let suppliers: SuppliersService;
  let catalogs: CatalogsService;
  let items: ItemsService;
  const admin = { companyId: 1, userId: 1, role: 3 } as CompanyCaller;
  const as = (userId: number) => ({ ...admin, userId }) as CompanyCaller;
  const ids: Record<string, number> = {};

  const sql = <T extends object>(text: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(text, params);
  /** The oracle: ids of a plain query of the same rows. */
  const oracle = async (text: string, params: unknown[] = []) => (await sql<{ id: number }[]>(text, params)).map((r) => (r as unknown as { id: number }).id);
  const idsOf = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

  beforeAll(async () => {
    database = await Database.open({ kind: 'pglite', dataDir: null });
    await migrateService(database, catalogData);
    orm = await MikroORM.init(database.ormOptions(catalogData));
    const uow = new UnitOfWork(orm);
    customers = new CustomersService(uow);
    locations = new LocationsService(uow);
    suppliers = new SuppliersService(uow);
    catalogs = new CatalogsService(uow);
    items = new ItemsService(uow, new ItemRulesCheck({ request: async () => [] } as unknown as ServiceBus));

    ids.cA = (await customers.create(admin, { name: 'Alpha', nr: 'K-2', city: 'Berlin' })).id;
    ids.cB = (await customers.create(admin, { name: 'Bravo', nr: 'K-1', city: 'Hamburg' })).id;
    ids.cC = (await customers.create(admin, { name: 'Gamma 50% off', city: 'Koeln' })).id;
    ids.cD = (await customers.create(admin, { name: 'Delta', nr: 'K-3', city: 'BERLIN' })).id;
    await customers.setActive(admin, ids.cD, false);
    ids.cE = (await customers.create(admin, { name: 'Alpha', nr: 'K-4', city: 'Essen' })).id;
    ids.cX = (await customers.create({ ...admin, companyId: 2 }, { name: 'Alpha two', city: 'Berlin' })).id;

    ids.lA1 = (await locations.create(admin, { name: 'North', city: 'Berlin' }, ids.cA)).id;
    ids.lA2 = (await locations.create(admin, { name: 'South' }, ids.cA)).id;
    await locations.setActive(admin, ids.lA2, false, ids.cA);
    ids.lC1 = (await locations.create(admin, { name: 'Main' }, ids.cC)).id;

    ids.sP = (await suppliers.create(admin, { name: 'Parts supplier', nr: 'S-1' })).id;
    ids.sQ = (await suppliers.create(admin, { name: 'Quick supplier', nr: 'S-2' })).id;
    await suppliers.setActive(admin, ids.sQ, false);
    ids.kP1 = (await catalogs.create(admin, ids.sP, { name: 'Screws', ext_system_id: 'EXT-1' })).id;
    ids.kP2 = (await catalogs.create(admin, ids.sP, { name: 'Tools', contract_name: 'Frame 2026' })).id;

    const item = async (key: string, customer: string, input: Record<string, unknown>) =>
      (ids[key] = (await items.create(admin, ids[customer]!, input)).id);
    await item('i1', 'cA', { sku: 'DIN933-001', name: 'Hex screw M6 zinc', catalog_id: ids.kP1, customer_sku: 'CUST-9' });
    await item('i2', 'cA', { sku: 'DIN934-001', name: 'Hex nut M6' });
    await item('i3', 'cC', { sku: 'DIN933-002', name: 'Hex screw M8 steel', catalog_id: ids.kP2 });
    await item('i4', 'cC', { sku: 'GLOVE-1', name: 'Gloves 100% nitrile' });
    await item('i5', 'cA', { sku: 'OLD-1', name: 'Old screw', disabled: true });
    await item('i6', 'cA', { sku: 'END-1', name: 'Ended screw' });
    await sql(`update catalog.item set contract_end_date = '2020-01-01' where id = ?`, [ids.i6]);
    await item('i7', 'cA', { sku: 'PAUSE-1', name: 'Paused screw', paused_until: '2999-12-31' });
    // Same name as i2 (a tie broken by id) and a latest order time to map.
    await item('i8', 'cA', { sku: 'DIN934-002', name: 'Hex nut M6' });
    await sql(`update catalog.item set latest_order = '2026-05-01 10:11:12.345' where id = ?`, [ids.i8]);

    const image = (field: string, owner: number, key: string, selected: boolean) =>
      sql(
        `insert into catalog.image (company_id, owner_field, owner_id, ${field}, blob_key, width, height, content_type, selected, selected_label, created_at)
         values (1, ?, ?, ?, ?, 10, 10, 'image/png', ?, false, now())`,
        [field, owner, owner, key, selected],
      );
    await image('item_id', ids.i1, 'k/item-1-a', false);
    await image('item_id', ids.i1, 'k/item-1-b', true);
    await image('customer_id', ids.cA, 'k/customer-a', false);
    await image('location_id', ids.lA1, 'k/location-a1', true);

    // Access restrictions (the catalog's copy): 21 to customer Alpha, 22 to location Main (of Gamma), 23 to the
    // parts supplier, 24 to customer Alpha and the parts supplier together.
    const restrict = (user: number, column: string, id: number) =>
      sql(`insert into catalog.access_restriction (company_id, user_id, ${column}) values (1, ?, ?)`, [user, id]);
    await restrict(21, 'customer_id', ids.cA);
    await restrict(22, 'location_id', ids.lC1);
    await restrict(23, 'supplier_id', ids.sP);
    await restrict(24, 'customer_id', ids.cA);
    await restrict(24, 'supplier_id', ids.sP);
  });

  afterAll(async () => {
    await orm?.close();
    await database?.close();
  });

  describe('customers', () => {
    it('lists the active ones of the company by name, ties by id; all=1 adds inactive ones', async () => {
      const page = await customers.list(admin, {});
      expect(idsOf(page)).toEqual(await oracle('select id from catalog.customer where company_id = 1 and not inactive order by name, id'));
      expect(idsOf(page)).toEqual([ids.cA, ids.cE, ids.cB, ids.cC]);
      expect(page).toMatchObject({ total: 4, page: 1, per_page: 50 });
      const all = await customers.list(admin, { all: true });
      expect(idsOf(all)).toEqual(await oracle('select id from catalog.customer where company_id = 1 order by name, id'));
      expect(all.total).toBe(5);
      expect(idsOf(await customers.list({ ...admin, companyId: 2 }, {}))).toEqual([ids.cX]);
    });

    it('sorts by every sort key in both directions, ties by id ascending', async () => {
      for (const [sort, column] of [
        ['name', 'name'],
        ['nr', 'nr'],
        ['city', 'city'],
        ['created_at', 'created_at'],
        ['unknown', 'name'],
      ])
        for (const order of ['asc', 'desc'] as const) {
          const page = await customers.list(admin, { sort, order, all: true });
          expect(idsOf(page)).toEqual(await oracle(`select id from catalog.customer where company_id = 1 order by ${column} ${order}, id asc`));
        }
    });

    it('matches q in name, number or city, case-insensitively, with LIKE wildcards taken literally', async () => {
      expect(idsOf(await customers.list(admin, { q: 'berlin' }))).toEqual([ids.cA]);
      expect(idsOf(await customers.list(admin, { q: 'berlin', all: true }))).toEqual([ids.cA, ids.cD]);
      expect(idsOf(await customers.list(admin, { q: 'k-1' }))).toEqual([ids.cB]);
      expect(idsOf(await customers.list(admin, { q: '50%' }))).toEqual([ids.cC]);
      expect(idsOf(await customers.list(admin, { q: '0%' }))).toEqual([ids.cC]);
      expect(idsOf(await customers.list(admin, { q: 'a_p' }))).toEqual([]);
      expect(idsOf(await customers.list(admin, { q: 'K-_' }))).toEqual([]);
    });

    it('pages: the page asked, the total of all pages, and past the end no rows but the total', async () => {
      const all = idsOf(await customers.list(admin, { all: true }));
      const second = await customers.list(admin, { all: true, per_page: 2, page: 2 });
      expect(idsOf(second)).toEqual(all.slice(2, 4));
      expect(second).toMatchObject({ total: 5, page: 2, per_page: 2 });
      expect(idsOf(await customers.list(admin, { all: true, per_page: 2, page: 3 }))).toEqual(all.slice(4));
      const past = await customers.list(admin, { all: true, per_page: 2, page: 9 });
      expect(past).toEqual({ items: [], total: 5, page: 9, per_page: 2 });
      expect(await customers.list(admin, { q: 'nothing like it' })).toEqual({ items: [], total: 0, page: 1, per_page: 50 });
    });

    it('narrows by access restrictions: a customer restriction, a location restriction (its customer), none of the kind', async () => {
      expect(idsOf(await customers.list(as(21), { all: true }))).toEqual([ids.cA]);
      expect(idsOf(await customers.list(as(22), { all: true }))).toEqual([ids.cC]);
      expect((await customers.list(as(23), { all: true })).total).toBe(5);
      expect(idsOf(await customers.list(as(21), { q: 'bravo' }))).toEqual([]);
    });

    it('answers each row as the single read does, images included', async () => {
      const page = await customers.list(admin, { all: true });
      for (const dto of page.items) expect(dto).toEqual(await customers.get(admin, dto.id));
      expect(page.items.find((c) => c.id === ids.cA)!.images).toEqual([expect.objectContaining({ selected: false, selected_label: false })]);
    });
  });

  describe('locations (under a parent)', () => {
    it('lists the active locations of the customer named, all=1 adds inactive ones; each row as the single read', async () => {
      expect(idsOf(await locations.list(admin, {}, ids.cA))).toEqual([ids.lA1]);
      const all = await locations.list(admin, { all: true, sort: 'name', order: 'desc' }, ids.cA);
      expect(idsOf(all)).toEqual([ids.lA2, ids.lA1]);
      expect(idsOf(await locations.list(admin, { q: 'berl', all: true }, ids.cA))).toEqual([ids.lA1]);
      for (const dto of all.items) expect(dto).toEqual(await locations.get(admin, dto.id, ids.cA));
    });

    it('narrows by restrictions and answers 404 for a parent the caller may not see', async () => {
      expect(idsOf(await locations.list(as(21), { all: true }, ids.cA))).toEqual([ids.lA1, ids.lA2]);
      expect(idsOf(await locations.list(as(22), {}, ids.cC))).toEqual([ids.lC1]);
      await expect(locations.list(as(22), {}, ids.cA)).rejects.toMatchObject({ code: ProtocolCode.NotFound });
      await expect(locations.list(admin, {}, ids.cX)).rejects.toBeInstanceOf(AppError);
    });
  });

  describe('suppliers and catalogs', () => {
    it('lists active suppliers, all=1 adds inactive ones; a supplier restriction narrows them', async () => {
      expect(idsOf(await suppliers.list(admin, {}))).toEqual([ids.sP]);
      expect(idsOf(await suppliers.list(admin, { all: true, sort: 'nr', order: 'desc' }))).toEqual([ids.sQ, ids.sP]);
      expect(idsOf(await suppliers.list(as(23), { all: true }))).toEqual([ids.sP]);
      expect(idsOf(await suppliers.list(as(21), { all: true }))).toEqual([ids.sP, ids.sQ]);
      for (const dto of (await suppliers.list(admin, { all: true })).items) expect(dto).toEqual(await suppliers.get(admin, dto.id));
    });

    it("lists a supplier's catalogs (scope condition), q in name, contract name or external id", async () => {
      expect(idsOf(await catalogs.list(admin, ids.sP, {}))).toEqual([ids.kP1, ids.kP2]);
      expect(idsOf(await catalogs.list(admin, ids.sP, { q: 'ext-1' }))).toEqual([ids.kP1]);
      expect(idsOf(await catalogs.list(admin, ids.sP, { q: 'frame' }))).toEqual([ids.kP2]);
      expect(idsOf(await catalogs.list(admin, ids.sQ, {}))).toEqual([]);
      expect(idsOf(await catalogs.list(as(23), ids.sP, { sort: 'name', order: 'desc' }))).toEqual([ids.kP2, ids.kP1]);
      for (const dto of (await catalogs.list(admin, ids.sP, {})).items) expect(dto).toEqual(await catalogs.get(admin, ids.sP, dto.id));
    });
  });

  describe('items', () => {
    it('lists enabled items of a customer (not disabled, contract not ended) by name, ties by id; all=1 adds the others', async () => {
      expect(idsOf(await items.listForCustomer(admin, ids.cA!, {}))).toEqual([ids.i2, ids.i8, ids.i1, ids.i7]);
      const all = await items.listForCustomer(admin, ids.cA!, { all: true });
      expect(idsOf(all)).toEqual(await oracle('select id from catalog.item where customer_id = ? order by name, id', [ids.cA]));
      expect(all.total).toBe(6);
      expect(idsOf(await items.listForCustomer(admin, ids.cA!, { paused: true }))).toEqual([ids.i7]);
      expect(idsOf(await items.listForSupplier(admin, ids.sP!, {}))).toEqual([ids.i1, ids.i3]);
    });

    it('sorts by every item sort key in both directions', async () => {
      for (const [sort, column] of [
        ['sku', 'sku'],
        ['name', 'name'],
        ['customer_sku', 'customer_sku'],
        ['created_at', 'created_at'],
      ])
        for (const order of ['asc', 'desc'] as const) {
          const page = await items.listForCustomer(admin, ids.cA!, { sort, order, all: true, per_page: 3, page: 2 });
          const expected = await oracle(`select id from catalog.item where customer_id = ? order by ${column} ${order}, id asc`, [ids.cA]);
          expect(idsOf(page)).toEqual(expected.slice(3, 6));
        }
    });

    it('searches by SKU, name and customer SKU prefixes and by part of a name, LIKE wildcards taken literally', async () => {
      expect(idsOf(await items.search(admin, { q: 'din933', match: 'prefix' }))).toEqual([ids.i1, ids.i3]);
      expect(idsOf(await items.search(admin, { q: 'cust-9', match: 'prefix' }))).toEqual([ids.i1]);
      expect(idsOf(await items.search(admin, { q: 'hex', sort: 'sku' }))).toEqual([ids.i1, ids.i3, ids.i2, ids.i8]);
      expect(idsOf(await items.search(admin, { q: 'screw', match: 'part' }))).toEqual([ids.i1, ids.i3, ids.i7]);
      expect(idsOf(await items.search(admin, { q: 'screw', match: 'part', all: true }))).toEqual([ids.i6, ids.i1, ids.i3, ids.i5, ids.i7]);
      expect(idsOf(await items.search(admin, { q: 'screw', match: 'prefix' }))).toEqual([]);
      expect(idsOf(await items.search(admin, { q: '100%', match: 'part' }))).toEqual([ids.i4]);
      expect(idsOf(await items.search(admin, { q: '100_', match: 'part' }))).toEqual([]);
      expect(idsOf(await items.search(admin, { q: 'din93_', match: 'prefix' }))).toEqual([]);
      expect(idsOf(await items.search({ ...admin, companyId: 2 }, { q: 'hex' }))).toEqual([]);
    });

    it('narrows by customer and supplier restrictions, both together when the caller has both', async () => {
      expect(idsOf(await items.search(as(21), { q: 'hex' }))).toEqual([ids.i2, ids.i8, ids.i1]);
      expect(idsOf(await items.search(as(22), { q: 'hex' }))).toEqual([ids.i3]);
      expect(idsOf(await items.search(as(23), { q: 'hex' }))).toEqual([ids.i1, ids.i3]);
      expect(idsOf(await items.search(as(24), { q: 'hex' }))).toEqual([ids.i1]);
      const hidden = await items.listForCustomer(as(22), ids.cA!, {}).catch((error: unknown) => error);
      expect(hidden).toMatchObject({ code: ProtocolCode.NotFound });
    });

    it('answers each row as the single read does (dates, numbers, flags, images)', async () => {
      const page = await items.listForCustomer(admin, ids.cA!, { all: true });
      for (const dto of page.items) expect(dto).toEqual(await items.get(admin, { customerId: ids.cA }, dto.id));
      const withImages = page.items.find((i) => i.id === ids.i1)!;
      expect(withImages.images.map((i) => i.selected)).toEqual([true, false]);
      expect(page.items.find((i) => i.id === ids.i8)!.latest_order).toBe('2026-05-01T10:11:12.345Z');
    });
  });

  describe('rowMapper', () => {
    it("maps raw rows as the ORM's result mapper does", async () => {
      for (const entity of [Item, Customer, Location]) {
        const meta = orm.getMetadata().get(entity.name);
        const rows = await sql<Record<string, unknown>>(`select * from catalog.${meta.tableName}`);
        expect(rows.length).toBeGreaterThan(1);
        const mapper = rowMapper(meta, orm.em.getPlatform());
        for (const row of rows) expect(mapper({ ...row })).toEqual(orm.em.getDriver().mapResult({ ...row }, meta));
      }
    });

    it('parses datetimes answered as text in the configured timezone (node-postgres answers text)', () => {
      const meta = orm.getMetadata().get(Item.name);
      const mapper = rowMapper(meta, orm.em.getPlatform());
      const row = { id: 1, latest_order: '2026-05-01 10:11:12.345', created_at: '2026-05-01 10:11:12+02', updated_at: null, disabled: true };
      expect(mapper({ ...row })).toEqual(orm.em.getDriver().mapResult({ ...row }, meta));
      expect(mapper(row)).toMatchObject({ latestOrder: new Date('2026-05-01T10:11:12.345Z'), createdAt: new Date('2026-05-01T08:11:12Z'), updatedAt: null });
    });
  });

  it('listStatement refuses a direction other than asc or desc', () => {
    expect(() =>
      listStatement({ table: 'catalog.item', alias: 'item', columns: ['id'], conditions: [], sortColumn: 'name', direction: 'up' as 'asc', page: 1, perPage: 5 }),
    ).toThrow('invalid direction');
  });
});
