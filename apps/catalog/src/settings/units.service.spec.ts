import { MikroORM } from '@mikro-orm/postgresql';
import { type AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import type { CompanyCaller } from '@kanban/contracts';
import { Database, migrateService, UnitOfWork } from '@kanban/persistence';
import { catalogData } from '../catalog.data';
import { SettingsHooks } from './settings-hooks';
import { StorageTypesService } from './storage-types.service';
import { UnitsService } from './units.service';

/**
 * The units service against a real (embedded) database with the catalog's migrations, and a dependency
 * check registered the way the items part does it: counting rows of a table that names the unit's code.
 */
// Opening PGlite and migrating takes seconds on a busy machine.
jest.setTimeout(60_000);

describe('UnitsService with a registered dependency check', () => {
  let database: Database;
  let orm: MikroORM;
  let units: UnitsService;
  let storageTypes: StorageTypesService;
  const caller = { companyId: 1, userId: 1, role: 3 } as CompanyCaller;
  const other = { companyId: 2, userId: 9, role: 3 } as CompanyCaller;

  beforeAll(async () => {
    database = await Database.open({ kind: 'pglite', dataDir: null });
    await migrateService(database, catalogData);
    orm = await MikroORM.init(database.ormOptions(catalogData));
    await orm.em.getConnection().execute('create table catalog.fake_item (company_id int, item_unit text, order_unit text)');
    const uow = new UnitOfWork(orm);
    const hooks = new SettingsHooks();
    hooks.dependsOn('unit', 'items', async (em, unit) => {
      const rows = await em.execute<{ n: number }[]>(
        'select count(*)::int as n from catalog.fake_item where company_id = ? and (item_unit = ? or order_unit = ?)',
        [unit.companyId, unit.code, unit.code],
      );
      return rows[0]!.n;
    });
    hooks.dependsOn('storage_type', 'storages', async () => 1);
    units = new UnitsService(uow, hooks);
    storageTypes = new StorageTypesService(uow, hooks);
  });

  afterAll(async () => {
    await orm.close();
    await database.close();
  });

  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      return (error as AppError).code;
    }
    return 200;
  };

  it('refuses to delete a used unit or change its code (1007), and allows both once unused', async () => {
    const box = await units.create(caller, { code: 'box', name: 'Box' });
    await orm.em.getConnection().execute("insert into catalog.fake_item values (1, 'pcs', 'box'), (2, 'box', 'box')");
    expect(await codeOf(units.remove(caller, box.id))).toBe(ErrorCode.HasDependencies);
    await expect(units.remove(caller, box.id)).rejects.toThrow(/1 items/);
    expect(await codeOf(units.update(caller, box.id, { code: 'crate' }))).toBe(ErrorCode.HasDependencies);
    // other fields may change; the same code is no change
    expect(await units.update(caller, box.id, { code: 'box', name: 'Karton' })).toMatchObject({ code: 'box', name: 'Karton' });
    expect(await units.get(caller, box.id)).toMatchObject({ code: 'box' });
    // the other company's items do not count for this company's unit
    const theirs = await units.create(other, { code: 'box', name: 'Box' });
    await orm.em.getConnection().execute('delete from catalog.fake_item where company_id = 1');
    await units.remove(caller, box.id);
    expect(await codeOf(units.get(caller, box.id))).toBe(ProtocolCode.NotFound);
    expect(await codeOf(units.remove(other, theirs.id))).toBe(ErrorCode.HasDependencies);
  });

  it('answers 1059 for a taken code and 404 across companies', async () => {
    const kg = await units.create(caller, { code: 'kg', name: 'Kilogram' });
    expect(await codeOf(units.create(caller, { code: 'kg', name: 'again' }))).toBe(ErrorCode.Duplicate);
    expect(await codeOf(units.get(other, kg.id))).toBe(ProtocolCode.NotFound);
    expect(await codeOf(units.update(other, kg.id, { name: 'x' }))).toBe(ProtocolCode.NotFound);
  });

  it('runs the storage types checks before deleting', async () => {
    const rack = await storageTypes.create(caller, { name: 'Rack' });
    expect(await codeOf(storageTypes.remove(caller, rack.id))).toBe(ErrorCode.HasDependencies);
    expect(await storageTypes.get(caller, rack.id)).toMatchObject({ name: 'Rack' });
  });
});
