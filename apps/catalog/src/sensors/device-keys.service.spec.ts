import { MikroORM } from '@mikro-orm/postgresql';
import type { CompanyCaller } from '@kanban/contracts';
import { Database, migrateService, UnitOfWork } from '@kanban/persistence';
import { catalogData } from '../catalog.data';
import { SettingsHooks } from '../settings/settings-hooks';
import { DeviceKeysService } from './device-keys.service';
import { SensorsRepository } from './sensors.repository';
import { SensorsService } from './sensors.service';

/** The device keys and the ingestion's lookups against a real (embedded) database with the catalog's migrations. */
// Opening PGlite and migrating takes seconds on a busy machine.
jest.setTimeout(60_000);

describe('DeviceKeysService and the ingestion lookups', () => {
  let database: Database;
  let orm: MikroORM;
  let keys: DeviceKeysService;
  let sensors: SensorsService;
  const caller = { companyId: 1, userId: 1, role: 3 } as CompanyCaller;
  const other = { companyId: 2, userId: 9, role: 3 } as CompanyCaller;
  const hour = 3_600_000;

  beforeAll(async () => {
    database = await Database.open({ kind: 'pglite', dataDir: null });
    await migrateService(database, catalogData);
    orm = await MikroORM.init(database.ormOptions(catalogData));
    const uow = new UnitOfWork(orm);
    const repository = new SensorsRepository();
    keys = new DeviceKeysService(uow, repository);
    sensors = new SensorsService(uow, repository, new SettingsHooks());
  });

  afterAll(async () => {
    await orm.close(true);
    await database.close();
  });

  it('has no key until the first rotation, then verifies it to its company and never shows the secret again', async () => {
    expect(await keys.info(caller)).toEqual({ exists: false, prefix: null, created_at: null, last_used_at: null, previous: null });
    const t0 = new Date();
    const created = await keys.rotate(caller, t0);
    expect(created.key.startsWith(`${created.prefix!}_`)).toBe(true);
    expect(created).toMatchObject({ exists: true, previous: null, last_used_at: null });
    const info = await keys.info(caller);
    expect(info).toMatchObject({ exists: true, prefix: created.prefix });
    expect(JSON.stringify(info)).not.toContain(created.key.slice(created.prefix!.length + 1));
    const stored = await orm.em.fork().getConnection().execute<{ secret_hash: string }[]>('select secret_hash from catalog.device_key');
    expect(stored.map((r) => r.secret_hash).join()).not.toContain(created.key.slice(created.prefix!.length + 1));

    expect(await keys.verify(created.key, new Date(t0.getTime() + 1000))).toEqual({ company_id: 1 });
    expect((await keys.info(caller)).last_used_at).not.toBeNull();
    // wrong secret, other shapes, unknown ids
    expect(await keys.verify(`${created.prefix!}_${'A'.repeat(32)}`)).toBeNull();
    expect(await keys.verify(created.key.slice(0, -1))).toBeNull();
    expect(await keys.verify('dk_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(await keys.verify(undefined)).toBeNull();
  });

  it('keeps the old key valid for 24 hours after a rotation, the one before that not at all', async () => {
    const t0 = new Date();
    const first = await keys.rotate(other, t0);
    const second = await keys.rotate(other, new Date(t0.getTime() + 1000));
    expect(second).toMatchObject({ prefix: expect.not.stringMatching(first.prefix!), previous: { prefix: first.prefix } });
    expect(new Date(second.previous!.expires_at).getTime()).toBe(t0.getTime() + 1000 + 24 * hour);
    expect(await keys.verify(first.key, new Date(t0.getTime() + 23 * hour))).toEqual({ company_id: 2 });
    expect(await keys.verify(first.key, new Date(t0.getTime() + 25 * hour))).toBeNull();
    expect(await keys.verify(second.key, new Date(t0.getTime() + 25 * hour))).toEqual({ company_id: 2 });
    const third = await keys.rotate(other, new Date(t0.getTime() + 2000));
    expect(await keys.verify(first.key, new Date(t0.getTime() + 3000))).toBeNull();
    expect(await keys.verify(second.key, new Date(t0.getTime() + 3000))).toEqual({ company_id: 2 });
    expect(await keys.verify(third.key, new Date(t0.getTime() + 3000))).toEqual({ company_id: 2 });
    // the other company's key is untouched
    expect((await keys.info(caller)).exists).toBe(true);
  });

  it('finds a company\'s sensors by the device ids the vendor sends, never another company\'s', async () => {
    await sensors.create(caller, { name: 'Scale', external_id: 'scale-1', type: 'weight' });
    await sensors.create(caller, { name: 'Beam', external_id: 'beam-1', type: 'light_barrier' });
    await sensors.create(other, { name: 'Scale of 2', external_id: 'scale-1', type: 'weight', unit: 'kg' });
    const found = await sensors.byExternalIds(1, ['scale-1', 'beam-1', 'nope', 'scale-1']);
    expect(found.map((s) => [s.external_id, s.unit])).toEqual([['beam-1', 'count'], ['scale-1', 'g']]);
    expect((await sensors.byExternalIds(2, ['scale-1'])).map((s) => s.name)).toEqual(['Scale of 2']);
    expect(await sensors.byExternalIds(1, [])).toEqual([]);
    await expect(sensors.byExternalIds(1, new Array(1001).fill('x'))).rejects.toMatchObject({ field: 'external_ids' });
  });

  it('writes every change to the change log (kind sensor) and announces it through the outbox', async () => {
    const created = await sensors.create(caller, { name: 'Logged', external_id: 'log-1', type: 'distance' });
    await sensors.update(caller, created.id, { unit: 'cm', interval_minutes: 5 });
    await sensors.remove(caller, created.id);
    const conn = orm.em.fork().getConnection();
    const log = await conn.execute<{ action: string; field: string | null; new_value: string | null }[]>(
      "select action, field, new_value from catalog.change_log where entity_kind = 'sensor' and entity_id = ? order by id",
      [created.id],
    );
    expect(log.map((r) => r.action)).toEqual(['C', 'E', 'E', 'D']);
    expect(log.filter((r) => r.action === 'E').map((r) => [r.field, r.new_value])).toEqual(
      expect.arrayContaining([['unit', 'cm'], ['interval_minutes', '5']]),
    );
    const events = await conn.execute<{ payload: unknown }[]>(
      "select payload from catalog.outbox where subject = 'evt.catalog.sensor_changed' order by created_at",
    );
    // the outbox keeps the envelope; its data is the event's payload
    const payloads = events.map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as { data: { id: number; deleted?: boolean } });
    const mine = payloads.map((p) => p.data).filter((p) => p.id === created.id);
    expect(mine.map((p) => p.deleted === true)).toEqual([false, false, true]);
  });
});
