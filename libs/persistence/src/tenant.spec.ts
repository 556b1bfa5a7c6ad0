import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Database } from './database';
import { TenantEntity, TenantOwned } from './tenant';
import { UnitOfWork } from './unit-of-work';

@Entity({ tableName: 'widget' })
@TenantOwned()
class Widget extends TenantEntity {
  @PrimaryKey({ type: 'int', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;
}

// Opening PGlite and migrating takes seconds on a busy machine.
jest.setTimeout(60_000);

describe('tenant-owned entities', () => {
  let database: Database;
  let orm: MikroORM;
  let uow: UnitOfWork;

  beforeAll(async () => {
    database = await Database.open({ kind: 'pglite', dataDir: null });
    orm = await MikroORM.init(database.ormOptions({ service: 'tenanttest', entities: [Widget], migrations: [] }));
    await orm.em.getConnection().execute('create schema if not exists tenanttest');
    await orm.getSchemaGenerator().createSchema();
    uow = new UnitOfWork(orm);
    await uow.forCompany(1).write(async (em) => {
      em.create(Widget, { companyId: 1, name: 'mine' });
    });
    await uow.forCompany(2).write(async (em) => {
      em.create(Widget, { companyId: 2, name: 'theirs' });
    });
  });

  afterAll(async () => {
    await orm.close();
    await database.close();
  });

  it('refuses a query that does not name the company', async () => {
    await expect(uow.read((em) => em.find(Widget, {}))).rejects.toThrow(/No arguments provided for filter 'tenant'/);
    await expect(uow.read((em) => em.count(Widget, {}))).rejects.toThrow(/tenant/);
  });

  it('answers only the bound company rows', async () => {
    const mine = await uow.forCompany(1).read((em) => em.find(Widget, {}));
    expect(mine.map((w) => w.name)).toEqual(['mine']);
    const byId = await uow.forCompany(1).read(async (em) => em.findOne(Widget, { name: 'theirs' }));
    expect(byId).toBeNull();
  });

  it('rejects an invalid company id', () => {
    expect(() => uow.forCompany(0).read(async () => null)).toThrow(/invalid company id/);
  });
});
