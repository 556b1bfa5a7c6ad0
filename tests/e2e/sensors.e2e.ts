import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};

type Sensor = { id: number; name: string; external_id: string; type: string; unit: string; [key: string]: unknown };

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['owner', 'admin', 'writer', 'readonly', 'customer', 'supplier']) tokens[name] = (await login(system, `${name}@demo.example`)).token;
  tokens.other = (await login(system, 'admin@other.example')).token;
  demoCompany = (await system.api.get('/company', tokens.admin)).body.Data[0].id;
  otherCompany = (await system.api.get('/company', tokens.other)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const base = (company = demoCompany) => `/c/${company}/sensor`;

async function create(body: Record<string, unknown>, token = tokens.writer, company = demoCompany): Promise<Sensor> {
  const answer = await api().post(`${base(company)}/`, body, token);
  if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data as Sensor;
}

const externalIds = (answer: { body: { Data: { items: { external_id: string }[] } } }) => answer.body.Data.items.map((s) => s.external_id);

describe('sensors: create, read, update, delete', () => {
  it('creates a sensor with every field, reads, changes and deletes it; the reported state stays read-only', async () => {
    const created = await create({
      name: ' Waage "Süd"; 📦 ',
      external_id: 'eui-70b3d57ed0001234',
      type: 'weight',
      unit: 'kg',
      version: 'fw 2.1',
      interval_minutes: 30,
      active: true,
      battery: 3,
      last_value: 99,
    });
    expect(created).toMatchObject({
      name: 'Waage "Süd"; 📦',
      external_id: 'eui-70b3d57ed0001234',
      type: 'weight',
      unit: 'kg',
      version: 'fw 2.1',
      interval_minutes: 30,
      active: true,
      battery: null,
      signal: null,
      last_seen_at: null,
      last_value: null,
    });
    expect((await api().get(`${base()}/${created.id}/`, tokens.readonly)).body.Data).toEqual(created);
    const changed = (await api().patch(`${base()}/${created.id}`, { type: 'distance', interval_minutes: 5, signal: -50 }, tokens.writer)).body;
    expect([changed.Meta.code, changed.Data?.type, changed.Data?.unit, changed.Data?.interval_minutes, changed.Data?.signal]).toEqual([200, 'distance', 'mm', 5, null]);
    const defaults = await create({ name: 'Taster', external_id: 'btn-1', type: 'button' });
    expect([defaults.unit, defaults.interval_minutes, defaults.active, defaults.version]).toEqual(['count', 15, true, '']);
    expect((await api().delete(`${base()}/${created.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().delete(`${base()}/${defaults.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${base()}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('answers 1000 with the field for bad values, and 1059 at external_id for a device id the company has', async () => {
    const good = { name: 'S', external_id: 'good-1', type: 'weight' };
    const cases: [Record<string, unknown>, string][] = [
      [{ external_id: 'a', type: 'weight' }, 'name'],
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: 'x'.repeat(201) }, 'name'],
      [{ name: 'S', type: 'weight' }, 'external_id'],
      [{ ...good, external_id: 'a b' }, 'external_id'],
      [{ ...good, external_id: 'a/b' }, 'external_id'],
      [{ ...good, external_id: 'x'.repeat(101) }, 'external_id'],
      [{ ...good, type: 'camera' }, 'type'],
      [{ name: 'S', external_id: 'x' }, 'type'],
      [{ ...good, unit: 'lb' }, 'unit'],
      [{ ...good, unit: 'mm' }, 'unit'],
      [{ ...good, type: 'rfid', unit: 'g' }, 'unit'],
      [{ ...good, version: 'v'.repeat(51) }, 'version'],
      [{ ...good, interval_minutes: 0 }, 'interval_minutes'],
      [{ ...good, interval_minutes: 10_081 }, 'interval_minutes'],
      [{ ...good, active: 'yes' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const answer = await api().post(`${base()}/`, body, tokens.writer);
      expect([body, answer.body.Meta.code, answer.body.Meta.field]).toEqual([body, 1000, field]);
    }
    const first = await create({ ...good, external_id: 'dup-1' });
    const second = await create({ ...good, external_id: 'dup-2' });
    const duplicate = await api().post(`${base()}/`, { ...good, external_id: 'dup-1' }, tokens.writer);
    expect([duplicate.body.Meta.code, duplicate.body.Meta.field]).toEqual([1059, 'external_id']);
    const renamed = await api().patch(`${base()}/${second.id}`, { external_id: 'dup-1' }, tokens.writer);
    expect([renamed.body.Meta.code, renamed.body.Meta.field]).toEqual([1059, 'external_id']);
    const badUnit = await api().patch(`${base()}/${first.id}`, { unit: 'cm' }, tokens.writer);
    expect([badUnit.body.Meta.code, badUnit.body.Meta.field]).toEqual([1000, 'unit']);
    // another company may use the same device id
    const elsewhere = await create({ ...good, external_id: 'dup-1' }, tokens.other, otherCompany);
    expect(elsewhere.external_id).toBe('dup-1');
    for (const s of [first, second]) await api().delete(`${base()}/${s.id}`, tokens.writer);
  });
});

describe('sensors: list', () => {
  it('searches name and external id, filters by type, sorts and pages', async () => {
    const made = [
      await create({ name: 'Alpha Waage', external_id: 'list-w-2', type: 'weight' }),
      await create({ name: 'Beta Abstand', external_id: 'list-d-1', type: 'distance', unit: 'cm' }),
      await create({ name: 'Gamma Schranke', external_id: 'list-l-3', type: 'light_barrier' }),
      await create({ name: 'Delta Waage', external_id: 'list-w-1', type: 'weight', unit: 'kg' }),
    ];
    const list = (query: string) => api().get(`${base()}?${query}`, tokens.readonly);
    expect(externalIds(await list('q=list-&sort=external_id'))).toEqual(['list-d-1', 'list-l-3', 'list-w-1', 'list-w-2']);
    expect(externalIds(await list('q=waage&sort=name&order=desc'))).toEqual(['list-w-1', 'list-w-2']);
    expect(externalIds(await list('q=list-&type=weight&sort=external_id'))).toEqual(['list-w-1', 'list-w-2']);
    expect(externalIds(await list('q=list-&sort=type'))[0]).toBe('list-d-1');
    const page = (await list('q=list-&sort=external_id&per_page=3&page=2')).body.Data;
    expect([page.total, page.items.map((s: Sensor) => s.external_id)]).toEqual([4, ['list-w-2']]);
    for (const query of ['type=camera', 'sort=battery', 'per_page=201', 'order=up']) {
      expect([query, (await list(query)).body.Meta.code]).toEqual([query, 1000]);
    }
    // another company sees none of them
    expect((await api().get(`${base(otherCompany)}?q=list-`, tokens.other)).body.Data.total).toBe(0);
    for (const s of made) await api().delete(`${base()}/${s.id}`, tokens.writer);
  });
});

describe('sensors: roles', () => {
  it('lets the staff read, the user group write; customers, suppliers and other companies get 1020', async () => {
    const sensor = await create({ name: 'Rollen', external_id: 'roles-1', type: 'rfid' });
    for (const role of ['owner', 'admin', 'writer', 'readonly']) {
      expect([role, (await api().get(base(), tokens[role]!)).body.Meta.code]).toEqual([role, 200]);
      expect([role, (await api().get(`${base()}/${sensor.id}/`, tokens[role]!)).body.Meta.code]).toEqual([role, 200]);
    }
    for (const role of ['customer', 'supplier', 'other']) {
      expect([role, (await api().get(base(), tokens[role]!)).body.Meta.code]).toEqual([role, 1020]);
    }
    for (const role of ['readonly', 'customer', 'supplier']) {
      expect([role, (await api().post(`${base()}/`, { name: 'X', external_id: `x-${role}`, type: 'button' }, tokens[role]!)).body.Meta.code]).toEqual([role, 1020]);
      expect([role, (await api().patch(`${base()}/${sensor.id}`, { name: 'X' }, tokens[role]!)).body.Meta.code]).toEqual([role, 1020]);
      expect([role, (await api().delete(`${base()}/${sensor.id}`, tokens[role]!)).body.Meta.code]).toEqual([role, 1020]);
    }
    // an id of another company is unknown
    expect((await api().get(`${base(otherCompany)}/${sensor.id}/`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().delete(`${base()}/${sensor.id}`, tokens.owner)).body.Meta.code).toBe(200);
  });
});

describe('sensors and racks', () => {
  it("takes only the company's sensors as a rack's sensor and refuses to delete a sensor racks use (1007 naming them)", async () => {
    const customerId = (await api().post(`/c/${demoCompany}/customer/`, { name: 'Sensor Kunde GmbH', nr: 'SENS-1' }, tokens.admin)).body.Data.id;
    const locationId = (await api().post(`/c/${demoCompany}/customer/${customerId}/location/`, { name: 'Sensor Halle' }, tokens.admin)).body.Data.id;
    const racks = `/c/${demoCompany}/customer/${customerId}/location/${locationId}/storage`;
    const sensor = await create({ name: 'Regalwaage', external_id: 'rack-scale', type: 'weight' });
    const foreign = await create({ name: 'Fremd', external_id: 'rack-foreign', type: 'weight' }, tokens.other, otherCompany);
    for (const sensor_id of [foreign.id, 99999999]) {
      const refused = await api().post(`${racks}/`, { name: 'R', sensor_id }, tokens.writer);
      expect([sensor_id, refused.body.Meta.code, refused.body.Meta.field]).toEqual([sensor_id, 1000, 'sensor_id']);
    }
    const rackA = (await api().post(`${racks}/`, { name: 'Regal "A"', sensor_id: sensor.id }, tokens.writer)).body.Data;
    const rackB = (await api().post(`${racks}/`, { name: 'Regal B' }, tokens.writer)).body.Data;
    expect([rackA.sensor_id, rackB.sensor_id]).toEqual([sensor.id, null]);
    expect((await api().patch(`${racks}/${rackB.id}`, { sensor_id: sensor.id }, tokens.writer)).body.Data.sensor_id).toBe(sensor.id);
    const refused = await api().delete(`${base()}/${sensor.id}`, tokens.writer);
    expect(refused.body.Meta.code).toBe(1007);
    expect(refused.body.Meta.message).toContain('2 storages ("Regal "A"", "Regal B")');
    // 0 and null clear the sensor; then it goes
    expect((await api().patch(`${racks}/${rackA.id}`, { sensor_id: 0 }, tokens.writer)).body.Data.sensor_id).toBeNull();
    expect((await api().patch(`${racks}/${rackB.id}`, { sensor_id: null }, tokens.writer)).body.Data.sensor_id).toBeNull();
    expect((await api().delete(`${base()}/${sensor.id}`, tokens.writer)).body.Meta.code).toBe(200);
  });
});

describe('device key', () => {
  it('is rotated by admin and owner only, shows its secret once and never again', async () => {
    const path = `${base()}/devicekey`;
    expect((await api().get(path, tokens.admin)).body.Data).toEqual({ exists: false, prefix: null, created_at: null, last_used_at: null, previous: null });
    for (const role of ['writer', 'readonly', 'customer', 'supplier']) {
      expect([role, (await api().get(path, tokens[role]!)).body.Meta.code]).toEqual([role, 1020]);
      expect([role, (await api().post(path, {}, tokens[role]!)).body.Meta.code]).toEqual([role, 1020]);
    }
    const first = (await api().post(path, {}, tokens.owner)).body.Data;
    expect(first.key).toMatch(/^dk_[0-9a-f]{12}_[A-Za-z0-9_-]{32}$/);
    expect(first.key.startsWith(`${first.prefix}_`)).toBe(true);
    const shown = (await api().get(path, tokens.admin)).body.Data;
    expect(shown).toMatchObject({ exists: true, prefix: first.prefix, previous: null });
    expect(JSON.stringify(shown)).not.toContain(first.key);
    const second = (await api().post(path, {}, tokens.admin)).body.Data;
    expect(second.prefix).not.toBe(first.prefix);
    expect(second.previous.prefix).toBe(first.prefix);
    const graceHours = (new Date(second.previous.expires_at).getTime() - new Date(second.created_at).getTime()) / 3_600_000;
    expect(Math.round(graceHours)).toBe(24);
    // the other company has its own (none yet)
    expect((await api().get(`${base(otherCompany)}/devicekey`, tokens.other)).body.Data.exists).toBe(false);
  });
});
