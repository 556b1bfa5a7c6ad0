import { MikroORM } from '@mikro-orm/postgresql';
import { Database, migrateService, UnitOfWork } from '@kanban/persistence';
import { catalogData } from '../catalog.data';
import type { ServiceBus } from '@kanban/messaging';
import { ItemRulesCheck } from './item-rules';
import { ItemsService } from './items.service';

// Opening PGlite and migrating the catalog takes seconds on a busy machine.
jest.setTimeout(60_000);

/** The contract-end job and the search indexes against a real (in-process) PostgreSQL. */
describe('ItemsService on PGlite', () => {
  let database: Database;
  let orm: MikroORM;
  let service: ItemsService;

  beforeAll(async () => {
    database = await Database.open({ kind: 'pglite', dataDir: null });
    await migrateService(database, catalogData);
    orm = await MikroORM.init(database.ormOptions(catalogData));
    // The contract-end job asks no other service: an orders service that knows no rules.
    service = new ItemsService(new UnitOfWork(orm), new ItemRulesCheck({ request: async () => [] } as unknown as ServiceBus));
    const insert = (company: number, sku: string, end: string | null, disabled = false) =>
      orm.em.getConnection().execute(
        `insert into catalog.item (company_id, customer_id, sku, name, contract_end_date, disabled, created_at, updated_at) values (?, 1, ?, ?, ?, ?, now(), now())`,
        [company, sku, `Item ${sku}`, end, disabled],
      );
    await insert(1, 'ENDED', '2026-03-01');
    await insert(2, 'ENDED-2', '2026-03-02');
    await insert(1, 'LATER', '2026-03-10');
    await insert(1, 'NONE', null);
    await insert(1, 'ALREADY', '2026-01-01', true);
  });

  afterAll(async () => {
    await orm?.close();
    await database?.close();
  });

  const state = async () =>
    Object.fromEntries(
      (await orm.em.getConnection().execute<{ sku: string; disabled: boolean }[]>('select sku, disabled from catalog.item order by sku')).map((r) => [r.sku, r.disabled]),
    );
  const announced = async () =>
    (await orm.em.getConnection().execute<{ data: unknown }[]>(`select payload from catalog.outbox where subject = 'evt.catalog.item_changed' order by id`)).length;

  it('disables the items of every company whose contract end date is reached, once, and announces each', async () => {
    expect(await service.disableEnded(new Date('2026-03-05T12:00:00Z'))).toBe(2);
    expect(await state()).toEqual({ ALREADY: true, ENDED: true, 'ENDED-2': true, LATER: false, NONE: false });
    expect(await announced()).toBe(2);
    expect(await service.disableEnded(new Date('2026-03-05T13:00:00Z'))).toBe(0);
    expect(await announced()).toBe(2);
  });

  it('disables on the end day itself', async () => {
    expect(await service.disableEnded(new Date('2026-03-10T00:00:01Z'))).toBe(1);
    expect((await state()).LATER).toBe(true);
  });

  it('has the pg_trgm index in place for searches by part of a name', async () => {
    const rows = await orm.em.getConnection().execute<{ indexname: string }[]>(`select indexname from pg_indexes where schemaname = 'catalog' and tablename = 'item' order by indexname`);
    expect(rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(['item_name_trgm', 'item_name_prefix', 'item_sku_prefix', 'item_sku_unique', 'item_customer_sku_prefix']));
  });
});
