import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

type Storage = { id: number; customer_id: number; location_id: number; name: string; [key: string]: unknown };

let customerId: number;
let locationId: number;

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['owner', 'admin', 'writer', 'readonly', 'customer', 'supplier']) {
    const session = await login(system, `${name}@demo.example`);
    tokens[name] = session.token;
    ids[name] = session.user.id;
  }
  tokens.other = (await login(system, 'admin@other.example')).token;
  demoCompany = (await system.api.get('/company', tokens.admin)).body.Data[0].id;
  otherCompany = (await system.api.get('/company', tokens.other)).body.Data[0].id;
  customerId = (await system.api.post(`/c/${demoCompany}/customer/`, { name: 'Rack Kunde GmbH', nr: 'RACK-1' }, tokens.admin)).body.Data.id;
  locationId = (await system.api.post(`/c/${demoCompany}/customer/${customerId}/location/`, { name: 'Rack Halle' }, tokens.admin)).body.Data.id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const base = (customer = customerId, location = locationId, company = demoCompany) =>
  `/c/${company}/customer/${customer}/location/${location}/storage`;

async function create(body: Record<string, unknown>, token = tokens.writer, path = base()): Promise<Storage> {
  const answer = await api().post(`${path}/`, body, token);
  if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data as Storage;
}

async function newLocation(name: string, customer = customerId): Promise<number> {
  const answer = await api().post(`/c/${demoCompany}/customer/${customer}/location/`, { name }, tokens.admin);
  if (answer.body.Meta.code !== 200) throw new Error(`location failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data.id as number;
}

const names = (answer: { body: { Data: { items: { name: string }[] } } }) => answer.body.Data.items.map((s) => s.name);

describe('storages: create, read, update, delete', () => {
  it('creates a rack with every field, reads, changes and deletes it', async () => {
    const type = (await api().post(`/c/${demoCompany}/storagetype/`, { name: 'Fachbodenregal' }, tokens.admin)).body.Data;
    const unit = (await api().post(`/c/${demoCompany}/unit/`, { code: 'G', name: 'Gramm' }, tokens.admin)).body.Data;
    expect([type?.id > 0, unit?.code]).toEqual([true, 'G']);
    const created = await create({
      name: '  Regal A  ',
      description: 'Kleinteile',
      bin: 'KLT 3147',
      prefix: 'A-',
      format: '{prefix}{row}.{column}',
      storage_type_id: type.id,
      rows: 4,
      columns: 6,
      layout: 'down',
      tare: 120.5,
      min_value: 3,
      interval: 15,
      unit: 'G',
      sensor_values: 'Gramm je Fach',
      stocked_or_ordered: false,
    });
    expect(created).toMatchObject({
      customer_id: customerId,
      location_id: locationId,
      name: 'Regal A',
      description: 'Kleinteile',
      bin: 'KLT 3147',
      prefix: 'A-',
      format: '{prefix}{row}.{column}',
      storage_type_id: type.id,
      rows: 4,
      columns: 6,
      layout: 'down',
      tare: 120.5,
      min_value: 3,
      interval: 15,
      sensor_id: null,
      unit: 'G',
      sensor_values: 'Gramm je Fach',
      stocked_or_ordered: false,
    });
    const read = await api().get(`${base()}/${created.id}/`, tokens.readonly);
    expect(read.body.Data).toEqual(created);

    const changed = await api().patch(`${base()}/${created.id}`, { rows: 5, layout: 'left', storage_type_id: 0 }, tokens.writer);
    expect(changed.body.Data).toMatchObject({ id: created.id, name: 'Regal A', rows: 5, columns: 6, layout: 'left', storage_type_id: null });

    // defaults of a rack created with a name only
    const plain = await create({ name: 'Regal B' });
    expect(plain).toMatchObject({ rows: 1, columns: 1, layout: 'right', tare: 0, min_value: 0, interval: 0, unit: '', storage_type_id: null, stocked_or_ordered: true });

    // a unit or storage type in use cannot be deleted (1007) while racks use it
    await api().patch(`${base()}/${created.id}`, { storage_type_id: type.id }, tokens.writer);
    expect((await api().delete(`/c/${demoCompany}/storagetype/${type.id}`, tokens.admin)).body.Meta.code).toBe(1007);
    expect((await api().delete(`/c/${demoCompany}/unit/${unit.id}`, tokens.admin)).body.Meta.code).toBe(1007);

    expect((await api().delete(`${base()}/${created.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${base()}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(`${base()}/${created.id}`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().delete(`/c/${demoCompany}/storagetype/${type.id}`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().delete(`/c/${demoCompany}/unit/${unit.id}`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().delete(`${base()}/${plain.id}`, tokens.writer)).body.Meta.code).toBe(200);
  });

  it('stores awkward names as given', async () => {
    const awkward = ["Regal; DROP TABLE storage;--", 'Regal "Süd" \'Ost\'', 'Größe 📦 Ü-Fach', 'ÄÖÜß äöü'];
    for (const name of awkward) {
      const created = await create({ name, description: name, prefix: 'Ü;' });
      const read = await api().get(`${base()}/${created.id}/`, tokens.admin);
      expect([read.body.Data.name, read.body.Data.description, read.body.Data.prefix]).toEqual([name, name, 'Ü;']);
      const found = await api().get(`${base()}?q=${encodeURIComponent(name.slice(0, 8))}`, tokens.admin);
      expect(names(found)).toContain(name);
      expect((await api().delete(`${base()}/${created.id}`, tokens.admin)).body.Meta.code).toBe(200);
    }
  });

  it('answers 1007 deleting a location that still has racks; without them it goes', async () => {
    const location = await newLocation('Halle mit Regal');
    const rack = await create({ name: 'Letztes Regal' }, tokens.writer, base(customerId, location));
    const refused = await api().delete(`/c/${demoCompany}/customer/${customerId}/location/${location}`, tokens.writer);
    expect(refused.body.Meta.code).toBe(1007);
    expect(refused.body.Meta.message).toMatch(/storages/);
    expect((await api().delete(`${base(customerId, location)}/${rack.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().delete(`/c/${demoCompany}/customer/${customerId}/location/${location}`, tokens.writer)).body.Meta.code).toBe(200);
  });
});

describe('storages: list filter, sort and pages', () => {
  it('filters by name, sorts and pages, only the racks of the location', async () => {
    const location = await newLocation('Listenhalle');
    const path = base(customerId, location);
    await create({ name: 'Gamma', rows: 3 }, tokens.writer, path);
    await create({ name: 'Alpha', rows: 9 }, tokens.writer, path);
    await create({ name: 'Beta', rows: 1 }, tokens.writer, path);
    await create({ name: 'Elsewhere' });
    expect(names(await api().get(path, tokens.readonly))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names(await api().get(`${path}?sort=rows&order=desc`, tokens.readonly))).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect(names(await api().get(`${path}?q=ET`, tokens.readonly))).toEqual(['Beta']);
    const page2 = await api().get(`${path}?per_page=2&page=2`, tokens.readonly);
    expect([names(page2), page2.body.Data.total, page2.body.Data.page, page2.body.Data.per_page]).toEqual([['Gamma'], 3, 2, 2]);
    expect((await api().get(`${path}?sort=nope`, tokens.readonly)).body.Meta.code).toBe(1000);
  });
});

describe('storages: errors', () => {
  it('answers 1000 naming the field for bad values', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'R', rows: 0 }, 'rows'],
      [{ name: 'R', rows: 51 }, 'rows'],
      [{ name: 'R', columns: 1.5 }, 'columns'],
      [{ name: 'R', layout: 'sideways' }, 'layout'],
      [{ name: 'R', tare: -1 }, 'tare'],
      [{ name: 'R', min_value: 'a' }, 'min_value'],
      [{ name: 'R', interval: 10081 }, 'interval'],
      [{ name: 'R', format: '{shelf}-{row}' }, 'format'],
      [{ name: 'R', storage_type_id: 99999999 }, 'storage_type_id'],
      [{ name: 'R', unit: 'NOPE' }, 'unit'],
      [{ name: 'R', sensor_id: 99999999 }, 'sensor_id'],
      [{ name: 'R', stocked_or_ordered: 'yes' }, 'stocked_or_ordered'],
    ];
    for (const [body, field] of cases) {
      const answer = await api().post(`${base()}/`, body, tokens.writer);
      expect([body, answer.body.Meta.code, answer.body.Meta.field]).toEqual([body, 1000, field]);
    }
    const rack = await create({ name: 'Fehlerregal' });
    const bad = await api().patch(`${base()}/${rack.id}`, { name: '   ' }, tokens.writer);
    expect([bad.body.Meta.code, bad.body.Meta.field]).toEqual([1000, 'name']);
    await api().delete(`${base()}/${rack.id}`, tokens.writer);
  });

  it('answers 404 for an unknown location, a location of another customer and a rack of another location', async () => {
    const rack = await create({ name: 'Nur hier' });
    const otherCustomer = (await api().post(`/c/${demoCompany}/customer/`, { name: 'Andere Rack GmbH' }, tokens.admin)).body.Data.id as number;
    const otherLocation = await newLocation('Fremde Halle', otherCustomer);
    const siblingLocation = await newLocation('Nachbarhalle');
    expect((await api().get(base(customerId, 99999999), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(base(customerId, otherLocation), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().post(`${base(customerId, otherLocation)}/`, { name: 'X' }, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(`${base(customerId, siblingLocation)}/${rack.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().patch(`${base(customerId, siblingLocation)}/${rack.id}`, { name: 'Moved' }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().delete(`${base(customerId, siblingLocation)}/${rack.id}`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`${base(otherCustomer, locationId)}/${rack.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(`${base()}/99999999/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(`${base()}/${rack.id}/`, tokens.admin)).body.Data.name).toBe('Nur hier');
  });

  it('answers 1039 creating a rack at an inactive location', async () => {
    const location = await newLocation('Stillgelegt');
    expect((await api().get(`/c/${demoCompany}/customer/${customerId}/location/${location}/toggleActive?active=0`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().post(`${base(customerId, location)}/`, { name: 'Zu spät' }, tokens.writer)).body.Meta.code).toBe(1039);
  });
});

describe('storages: roles, tenants and restrictions', () => {
  it('lets readonly and customer users read but not write; supplier users not even read', async () => {
    const rack = await create({ name: 'Rollenregal' });
    // the demo customer user is restricted to the demo customers (demo data), so only the reader reads this new one
    expect((await api().get(base(), tokens.readonly)).body.Meta.code).toBe(200);
    expect((await api().get(`${base()}/${rack.id}/`, tokens.readonly)).body.Meta.code).toBe(200);
    for (const role of ['readonly', 'customer']) {
      expect((await api().post(`${base()}/`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${base()}/${rack.id}`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${base()}/${rack.id}`, tokens[role])).body.Meta.code).toBe(1020);
    }
    expect((await api().get(base(), tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base()}/${rack.id}/`, tokens.supplier)).body.Meta.code).toBe(1020);
  });

  it("gives the other company's admin 1020 on every call, and 404 through their own company", async () => {
    const rack = await create({ name: 'Geheimregal' });
    const calls: [string, string, unknown?][] = [
      ['GET', base()],
      ['GET', `${base()}/${rack.id}/`],
      ['POST', `${base()}/`, { name: 'Stolen' }],
      ['PATCH', `${base()}/${rack.id}`, { name: 'Stolen' }],
      ['DELETE', `${base()}/${rack.id}`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api().call(method, path, { body, token: tokens.other });
      expect([method, path, answer.body.Meta.code]).toEqual([method, path, 1020]);
    }
    const theirs = base(customerId, locationId, otherCompany);
    expect((await api().get(theirs, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(`${theirs}/${rack.id}/`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().delete(`${theirs}/${rack.id}`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(`${base()}/${rack.id}/`, tokens.admin)).body.Data.name).toBe('Geheimregal');
  });

  it("hides the racks of a location the user's restrictions exclude, and lets them change only the granted ones", async () => {
    const granted = await newLocation('Erlaubte Halle');
    const hidden = await newLocation('Verborgene Halle');
    const mine = await create({ name: 'Erlaubtes Regal' }, tokens.admin, base(customerId, granted));
    const theirs = await create({ name: 'Verborgenes Regal' }, tokens.admin, base(customerId, hidden));
    const restriction = (await api().post(`/c/${demoCompany}/accessrestriction`, { user_id: ids.writer, location_id: granted }, tokens.admin)).body.Data.id as number;
    try {
      await eventually(
        async () => ((await api().get(base(customerId, hidden), tokens.writer)).body.Meta.code === 404 ? true : undefined),
        20_000,
        'the writer to be restricted',
      );
      expect(names(await api().get(base(customerId, granted), tokens.writer))).toEqual(['Erlaubtes Regal']);
      expect((await api().get(`${base(customerId, hidden)}/${theirs.id}/`, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().patch(`${base(customerId, hidden)}/${theirs.id}`, { name: 'Nope' }, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().delete(`${base(customerId, hidden)}/${theirs.id}`, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().post(`${base(customerId, hidden)}/`, { name: 'Nope' }, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().patch(`${base(customerId, granted)}/${mine.id}`, { columns: 2 }, tokens.writer)).body.Data).toMatchObject({ columns: 2 });
    } finally {
      expect((await api().delete(`/c/${demoCompany}/accessrestriction/${restriction}`, tokens.admin)).body.Meta.code).toBe(200);
    }
  });
});
