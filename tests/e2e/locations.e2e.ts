import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
/** demo customers by number */
const customers: Record<string, number> = {};

type Location = { id: number; customer_id: number; name: string; nr: string; [key: string]: unknown };

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
  const list = await system.api.get(`/c/${demoCompany}/customer?all=1&q=K-1000`, tokens.admin);
  for (const c of list.body.Data.items as { id: number; nr: string }[]) customers[c.nr] = c.id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const base = (customerId: number, company = demoCompany) => `/c/${company}/customer/${customerId}/location`;

async function newCustomer(name: string, token = tokens.admin): Promise<number> {
  const answer = await api().post(`/c/${demoCompany}/customer/`, { name }, token);
  if (answer.body.Meta.code !== 200) throw new Error(`customer failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data.id as number;
}

async function create(customerId: number, body: Record<string, unknown>, token = tokens.writer): Promise<Location> {
  const answer = await api().post(`${base(customerId)}/`, body, token);
  if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data as Location;
}

const names = (answer: { body: { Data: { items: { name: string }[] } } }) => answer.body.Data.items.map((l) => l.name);
const emptySchedule = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
  business_days: [],
};

describe('locations: demo data', () => {
  it('gives each demo customer its locations, the inactive ones only with all=1', async () => {
    const huber = await api().get(`${base(customers['K-10001'])}?sort=sort`, tokens.readonly);
    expect(huber.body.Meta.code).toBe(200);
    expect(names(huber)).toEqual(['Montagehalle 1', 'Montagehalle 2', 'Instandhaltung']);
    expect(huber.body.Data.items[0]).toMatchObject({
      customer_id: customers['K-10001'],
      delivery_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      schedule: { ...emptySchedule, business_days: ['06:00', '14:00'], saturday: ['08:00'] },
      service_fee_quantity: 0,
      deltakanban: true,
      take_picture: 1,
      inactive_at: null,
    });
    const alpen = `${base(customers['K-10002'])}`;
    expect((await api().get(`${alpen}?sort=sort`, tokens.admin)).body.Data.total).toBe(2);
    const all = await api().get(`${alpen}/?sort=sort&all=1`, tokens.admin);
    expect(names(all)).toEqual(['Werk Linz Halle A', 'Werk Linz Halle B', 'Außenlager Enns']);
    expect(typeof all.body.Data.items[2].inactive_at).toBe('string');
  });
});

describe('locations: create, read, update, delivery, toggle, delete', () => {
  let customerId: number;
  beforeAll(async () => {
    customerId = await newCustomer('Location CRUD GmbH');
  });

  it('creates a location with every field and reads it back', async () => {
    const body = {
      name: 'Halle 7',
      nr: 'E2E-H7',
      extended_name: 'Vormontage',
      description: 'e2e',
      street: 'Werkstraße 1',
      postal: '70173',
      city: 'Stuttgart',
      state: 'Baden-Württemberg',
      country_iso: 'DE',
      geo_lat: 48.7758,
      geo_long: 9.1829,
      cost_center: 'KST-1',
      building: 'B7',
      room: '1.12',
      plant: '1000',
      site_code: 'S7',
      recipient: 'Frau Roth',
      trolley_number: 'W-7',
      r3_plant: 'R300',
      account_assignment_number: '0815',
      account_assignment_type: 'F',
      ext_system_id: 'EXT-7',
      sort: 7,
      delivery_days: ['friday', 'monday'],
      service_fee_quantity: 19.99,
      service_fee_item_id: 42,
      deltakanban: true,
      adhoc: true,
      take_picture: 2,
      schedule: { business_days: ['14:00', '06:00'], sunday: ['24:00'] },
    };
    const created = await create(customerId, body);
    expect(created).toMatchObject({
      ...body,
      customer_id: customerId,
      delivery_days: ['monday', 'friday'],
      schedule: { ...emptySchedule, business_days: ['06:00', '14:00'], sunday: ['24:00'] },
      inactive_at: null,
      images: [],
    });
    const read = await api().get(`${base(customerId)}/${created.id}/`, tokens.readonly);
    expect(read.body.Meta.code).toBe(200);
    expect(read.body.Data).toEqual(created);
    // GET location/ lists too.
    expect(names(await api().get(`${base(customerId)}/`, tokens.readonly))).toEqual(['Halle 7']);
  });

  it('stores a service item of 0 as null and fills defaults', async () => {
    const created = await create(customerId, { name: 'Defaults', service_fee_item_id: 0 });
    expect(created).toMatchObject({
      service_fee_item_id: null,
      nr: '',
      geo_lat: null,
      geo_long: null,
      take_picture: 0,
      service_fee_quantity: 0,
      delivery_days: [],
      schedule: emptySchedule,
      // on by default: the requisition's behaviour before the flag counted (docs/ordering-flags.md)
      deltakanban: true,
      adhoc: false,
    });
  });

  it('updates the fields sent and keeps the others', async () => {
    const created = await create(customerId, { name: 'Update Me', city: 'Ulm', nr: 'E2E-UPD', delivery_days: ['monday'] });
    const answer = await api().patch(`${base(customerId)}/${created.id}`, { city: 'Graz', country_iso: 'AT', take_picture: 1, geo_lat: null }, tokens.writer);
    expect(answer.body.Meta.code).toBe(200);
    expect(answer.body.Data).toMatchObject({ name: 'Update Me', nr: 'E2E-UPD', city: 'Graz', country_iso: 'AT', take_picture: 1, delivery_days: ['monday'] });
    const cleared = await api().patch(`${base(customerId)}/${created.id}`, { service_fee_item_id: 0, nr: '' }, tokens.writer);
    expect(cleared.body.Data).toMatchObject({ service_fee_item_id: null, nr: '' });
  });

  it('changes delivery days and schedule through PATCH location/{id}/delivery', async () => {
    const created = await create(customerId, { name: 'Delivery', city: 'Bonn' });
    const path = `${base(customerId)}/${created.id}/delivery`;
    const answer = await api().patch(path, { delivery_days: ['thursday', 'tuesday'], schedule: { monday: ['22:00', '08:00'], business_days: ['06:00'] } }, tokens.writer);
    expect(answer.body.Meta.code).toBe(200);
    expect(answer.body.Data).toMatchObject({
      city: 'Bonn',
      delivery_days: ['tuesday', 'thursday'],
      schedule: { ...emptySchedule, monday: ['08:00', '22:00'], business_days: ['06:00'] },
    });
    // Only the schedule: the delivery days stay; a schedule replaces the whole one.
    const next = await api().patch(path, { schedule: { saturday: ['10:00'] } }, tokens.writer);
    expect(next.body.Data).toMatchObject({ delivery_days: ['tuesday', 'thursday'], schedule: { ...emptySchedule, saturday: ['10:00'] } });
    // Other fields are not changed here.
    const ignored = await api().patch(path, { delivery_days: [], name: 'Renamed' }, tokens.writer);
    expect(ignored.body.Data).toMatchObject({ name: 'Delivery', delivery_days: [] });
    expect((await api().patch(path, { schedule: { monday: ['07:00'] } }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'schedule.monday' });
    expect((await api().patch(path, { delivery_days: ['someday'] }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'delivery_days' });
    expect((await api().patch(path, {}, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'delivery_days' });
    expect((await api().patch(path, { schedule: { monday: ['08:00'] } }, tokens.readonly)).body.Meta.code).toBe(1020);
  });

  it('toggles active state, safe to repeat, and hides inactive ones from the default list', async () => {
    const created = await create(customerId, { name: 'Toggle Lager' });
    const off = await api().get(`${base(customerId)}/${created.id}/toggleActive?active=0`, tokens.writer);
    expect(off.body.Meta.code).toBe(200);
    expect(typeof off.body.Data.inactive_at).toBe('string');
    const again = await api().get(`${base(customerId)}/${created.id}/toggleActive?active=0`, tokens.writer);
    expect(again.body.Data.inactive_at).toBe(off.body.Data.inactive_at);
    expect((await api().get(`${base(customerId)}?q=Toggle Lager`, tokens.admin)).body.Data.total).toBe(0);
    expect((await api().get(`${base(customerId)}?q=Toggle Lager&all=1`, tokens.admin)).body.Data.total).toBe(1);
    const on = await api().get(`${base(customerId)}/${created.id}/toggleActive?active=1`, tokens.writer);
    expect(on.body.Data.inactive_at).toBeNull();
    expect((await api().get(`${base(customerId)}/${created.id}/toggleActive`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'active' });
  });

  it('deletes a location; afterwards it is unknown', async () => {
    const created = await create(customerId, { name: 'Delete Me' });
    expect((await api().delete(`${base(customerId)}/${created.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${base(customerId)}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(`${base(customerId)}/${created.id}`, tokens.writer)).body.Meta.code).toBe(404);
  });
});

describe('locations: list filter, sort and pages', () => {
  let customerId: number;
  beforeAll(async () => {
    customerId = await newCustomer('Location List GmbH');
    for (const [name, nr, city, sort] of [
      ['Alpha Lager', 'LL-3', 'Wien', 2],
      ['Beta Lager', 'LL-1', 'Aachen', 3],
      ['Gamma Lager', 'LL-2', 'Mainz', 1],
    ] as const) {
      await create(customerId, { name, nr, city, sort });
    }
  });

  it('filters by name, number or city', async () => {
    expect(names(await api().get(`${base(customerId)}?q=lager`, tokens.admin))).toEqual(['Alpha Lager', 'Beta Lager', 'Gamma Lager']);
    expect(names(await api().get(`${base(customerId)}?q=LL-2`, tokens.admin))).toEqual(['Gamma Lager']);
    expect(names(await api().get(`${base(customerId)}?q=aachen`, tokens.admin))).toEqual(['Beta Lager']);
    expect((await api().get(`${base(customerId)}?q=%25`, tokens.admin)).body.Data.total).toBe(0);
  });

  it('sorts by nr, city, sort and name in either order', async () => {
    expect(names(await api().get(`${base(customerId)}?sort=nr`, tokens.admin))).toEqual(['Beta Lager', 'Gamma Lager', 'Alpha Lager']);
    expect(names(await api().get(`${base(customerId)}?sort=city&order=desc`, tokens.admin))).toEqual(['Alpha Lager', 'Gamma Lager', 'Beta Lager']);
    expect(names(await api().get(`${base(customerId)}?sort=sort`, tokens.admin))).toEqual(['Gamma Lager', 'Alpha Lager', 'Beta Lager']);
    expect(names(await api().get(`${base(customerId)}?sort=name&order=desc`, tokens.admin))).toEqual(['Gamma Lager', 'Beta Lager', 'Alpha Lager']);
    expect((await api().get(`${base(customerId)}?sort=password`, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'sort' });
  });

  it('pages with page and per_page', async () => {
    const second = await api().get(`${base(customerId)}?per_page=2&page=2`, tokens.admin);
    expect(second.body.Data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(names(second)).toEqual(['Gamma Lager']);
    expect((await api().get(`${base(customerId)}?per_page=201`, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'per_page' });
  });
});

describe('locations: errors', () => {
  let customerId: number;
  let otherCustomerId: number;
  beforeAll(async () => {
    customerId = await newCustomer('Location Errors GmbH');
    otherCustomerId = await newCustomer('Location Errors Two GmbH');
  });

  it('answers 1000 naming the field', async () => {
    const post = async (body: Record<string, unknown>) => (await api().post(`${base(customerId)}/`, body, tokens.writer)).body.Meta;
    expect(await post({ name: '' })).toMatchObject({ code: 1000, field: 'name' });
    expect(await post({ city: 'Ulm' })).toMatchObject({ code: 1000, field: 'name' });
    expect(await post({ name: 'x', country_iso: 'US' })).toMatchObject({ code: 1000, field: 'country_iso' });
    expect(await post({ name: 'x', take_picture: 3 })).toMatchObject({ code: 1000, field: 'take_picture' });
    expect(await post({ name: 'x', geo_lat: 91 })).toMatchObject({ code: 1000, field: 'geo_lat' });
    expect(await post({ name: 'x', geo_long: -181 })).toMatchObject({ code: 1000, field: 'geo_long' });
    expect(await post({ name: 'x', service_fee_quantity: -1 })).toMatchObject({ code: 1000, field: 'service_fee_quantity' });
    expect(await post({ name: 'x', service_fee_quantity: 1.234 })).toMatchObject({ code: 1000, field: 'service_fee_quantity' });
    expect(await post({ name: 'x', sort: 1.5 })).toMatchObject({ code: 1000, field: 'sort' });
    expect(await post({ name: 'x', delivery_days: ['funday'] })).toMatchObject({ code: 1000, field: 'delivery_days' });
    expect(await post({ name: 'x', schedule: { friday: ['05:00'] } })).toMatchObject({ code: 1000, field: 'schedule.friday' });
    expect((await api().patch(`${base(customerId)}/abc`, { name: 'x' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'locationID' });
    expect((await api().get(`/c/${demoCompany}/customer/abc/location`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'customerID' });
    // Nothing half-written.
    expect((await api().get(`${base(customerId)}?all=1`, tokens.admin)).body.Data.total).toBe(0);
  });

  it('answers 1059 for a number another location of the customer has; other customers may use it', async () => {
    await create(customerId, { name: 'Dup One', nr: 'E2E-LDUP' });
    const second = await api().post(`${base(customerId)}/`, { name: 'Dup Two', nr: 'E2E-LDUP' }, tokens.writer);
    expect(second.status).toBe(409);
    expect(second.body.Meta.code).toBe(1059);
    const other = await create(customerId, { name: 'Dup Three', nr: 'E2E-LDUP3' });
    expect((await api().patch(`${base(customerId)}/${other.id}`, { nr: 'E2E-LDUP' }, tokens.writer)).body.Meta.code).toBe(1059);
    expect((await api().patch(`${base(customerId)}/${other.id}`, { nr: 'E2E-LDUP3' }, tokens.writer)).body.Meta.code).toBe(200);
    await create(customerId, { name: 'No Number 1' });
    await create(customerId, { name: 'No Number 2', nr: '' });
    expect((await create(otherCustomerId, { name: 'Dup Elsewhere', nr: 'E2E-LDUP' })).nr).toBe('E2E-LDUP');
  });

  it('answers 404 for an unknown customer and for a location under another customer', async () => {
    const mine = await create(customerId, { name: 'Mine' });
    const wrong = `${base(otherCustomerId)}/${mine.id}`;
    expect((await api().get(`${wrong}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().patch(wrong, { name: 'Moved' }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().patch(`${wrong}/delivery`, { delivery_days: [] }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`${wrong}/toggleActive?active=0`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().delete(wrong, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`${base(customerId)}/99999999/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(base(99999999), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().post(`${base(99999999)}/`, { name: 'Nowhere' }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`${base(customerId)}/${mine.id}/`, tokens.admin)).body.Data).toMatchObject({ name: 'Mine', inactive_at: null });
  });

  it('answers 1039 creating or activating a location of an inactive customer', async () => {
    const customer = await newCustomer('Soon Inactive GmbH');
    const location = await create(customer, { name: 'Before' });
    expect((await api().get(`${base(customer)}/${location.id}/toggleActive?active=0`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`/c/${demoCompany}/customer/${customer}/toggleActive?active=0`, tokens.writer)).body.Meta.code).toBe(200);
    const refused = await api().post(`${base(customer)}/`, { name: 'After' }, tokens.writer);
    expect(refused.body.Meta.code).toBe(1039);
    expect((await api().get(`${base(customer)}/${location.id}/toggleActive?active=1`, tokens.writer)).body.Meta.code).toBe(1039);
    // Reading, changing and deactivating still work.
    expect((await api().get(`${base(customer)}?all=1`, tokens.admin)).body.Data.total).toBe(1);
    expect((await api().patch(`${base(customer)}/${location.id}`, { city: 'Kiel' }, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`/c/${demoCompany}/customer/${customer}/toggleActive?active=1`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${base(customer)}/${location.id}/toggleActive?active=1`, tokens.writer)).body.Data.inactive_at).toBeNull();
  });

  it('answers 1007 deleting a customer that still has locations', async () => {
    const customer = await newCustomer('Has Locations GmbH');
    const location = await create(customer, { name: 'Keeps It' });
    const refused = await api().delete(`/c/${demoCompany}/customer/${customer}`, tokens.writer);
    expect(refused.body.Meta.code).toBe(1007);
    expect((await api().get(`/c/${demoCompany}/customer/${customer}/`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().delete(`${base(customer)}/${location.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().delete(`/c/${demoCompany}/customer/${customer}`, tokens.writer)).body.Meta.code).toBe(200);
  });
});

describe('locations: roles and tenants', () => {
  it('lets readonly and customer users read but not write; supplier users not even read', async () => {
    const customerId = customers['K-10001'];
    const target = (await api().get(`${base(customerId)}?sort=sort`, tokens.admin)).body.Data.items[0] as Location;
    for (const role of ['readonly', 'customer']) {
      expect((await api().get(base(customerId), tokens[role])).body.Meta.code).toBe(200);
      expect((await api().get(`${base(customerId)}/${target.id}/`, tokens[role])).body.Meta.code).toBe(200);
      expect((await api().post(`${base(customerId)}/`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${base(customerId)}/${target.id}`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${base(customerId)}/${target.id}/delivery`, { delivery_days: [] }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().get(`${base(customerId)}/${target.id}/toggleActive?active=0`, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${base(customerId)}/${target.id}`, tokens[role])).body.Meta.code).toBe(1020);
    }
    expect((await api().get(base(customerId), tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base(customerId)}/${target.id}/`, tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base(customerId)}/${target.id}/`, tokens.admin)).body.Data).toMatchObject({ name: target.name });
  });

  it("gives the other company's admin 1020 on every call and never shows them this company's locations", async () => {
    const customerId = await newCustomer('Tenant Location GmbH');
    const mine = await create(customerId, { name: 'Tenant Secret Halle' });
    const loc = `${base(customerId)}/${mine.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', base(customerId)],
      ['GET', `${base(customerId)}/`],
      ['GET', `${loc}/`],
      ['POST', `${base(customerId)}/`, { name: 'Stolen' }],
      ['PATCH', loc, { name: 'Stolen' }],
      ['PATCH', `${loc}/delivery`, { delivery_days: [] }],
      ['GET', `${loc}/toggleActive?active=0`],
      ['DELETE', loc],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api().call(method, path, { body, token: tokens.other });
      expect([method, path, answer.body.Meta.code]).toEqual([method, path, 1020]);
    }
    // Through their own company: the customer is unknown there.
    const theirs = `${base(customerId, otherCompany)}/${mine.id}`;
    expect((await api().get(`${theirs}/`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().patch(theirs, { name: 'Stolen' }, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().delete(theirs, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(base(customerId, otherCompany), tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(`${loc}/`, tokens.admin)).body.Data).toMatchObject({ name: 'Tenant Secret Halle', inactive_at: null });
  });
});

describe('locations: access restrictions', () => {
  // The reader (role 1) stands in for any unrestricted user: the demo customer and supplier users are restricted already (demo data).
  async function restrict(body: Record<string, number>): Promise<number> {
    const answer = await api().post(`/c/${demoCompany}/accessrestriction`, body, tokens.admin);
    if (answer.body.Meta.code !== 200) throw new Error(`restriction failed: ${JSON.stringify(answer.body.Meta)}`);
    return answer.body.Data.id as number;
  }
  async function unrestrict(id: number): Promise<void> {
    expect((await api().delete(`/c/${demoCompany}/accessrestriction/${id}`, tokens.admin)).body.Meta.code).toBe(200);
  }
  const until = (check: () => Promise<boolean>, what: string) => eventually(async () => ((await check()) ? true : undefined), 20_000, what);
  const customerNames = async (token: string) => names(await api().get(`/c/${demoCompany}/customer?all=1&q=RLC-&sort=nr`, token));
  const locationNames = async (customerId: number, token: string) => names(await api().get(`${base(customerId)}?all=1&sort=nr`, token));

  let a: number;
  let b: number;
  let a1: Location;
  let b1: Location;
  let b2: Location;
  beforeAll(async () => {
    a = (await api().post(`/c/${demoCompany}/customer/`, { name: 'RLC Customer A', nr: 'RLC-A' }, tokens.admin)).body.Data.id;
    b = (await api().post(`/c/${demoCompany}/customer/`, { name: 'RLC Customer B', nr: 'RLC-B' }, tokens.admin)).body.Data.id;
    a1 = await create(a, { name: 'A1', nr: '1' }, tokens.admin);
    await create(a, { name: 'A2', nr: '2' }, tokens.admin);
    b1 = await create(b, { name: 'B1', nr: '1' }, tokens.admin);
    b2 = await create(b, { name: 'B2', nr: '2' }, tokens.admin);
  });

  it("shows a customer-restricted user only their customer's locations", async () => {
    const id = await restrict({ user_id: ids.readonly, customer_id: a });
    try {
      await until(async () => (await customerNames(tokens.readonly)).length === 1, 'the reader to be restricted');
      expect(await customerNames(tokens.readonly)).toEqual(['RLC Customer A']);
      expect(await locationNames(a, tokens.readonly)).toEqual(['A1', 'A2']);
      expect((await api().get(`${base(a)}/${a1.id}/`, tokens.readonly)).body.Meta.code).toBe(200);
      expect((await api().get(base(b), tokens.readonly)).body.Meta.code).toBe(404);
      expect((await api().get(`${base(b)}/${b1.id}/`, tokens.readonly)).body.Meta.code).toBe(404);
      expect(await locationNames(b, tokens.admin)).toEqual(['B1', 'B2']);
    } finally {
      await unrestrict(id);
    }
    await until(async () => (await customerNames(tokens.readonly)).length === 2, 'the reader to see all again');
  });

  it('shows a location-restricted user only that location and its customer', async () => {
    const id = await restrict({ user_id: ids.readonly, location_id: b2.id });
    try {
      await until(async () => (await customerNames(tokens.readonly)).length === 1, 'the location-restricted user to be restricted');
      expect(await customerNames(tokens.readonly)).toEqual(['RLC Customer B']);
      // Only the granted location, in every list and read.
      const all = await api().get(`/c/${demoCompany}/customer?all=1`, tokens.readonly);
      expect(all.body.Data.items.map((c: { id: number }) => c.id)).toEqual([b]);
      expect((await api().get(`/c/${demoCompany}/customer/${b}/`, tokens.readonly)).body.Meta.code).toBe(200);
      expect(await locationNames(b, tokens.readonly)).toEqual(['B2']);
      expect((await api().get(`${base(b)}/${b2.id}/`, tokens.readonly)).body.Meta.code).toBe(200);
      expect((await api().get(`${base(b)}/${b1.id}/`, tokens.readonly)).body.Meta.code).toBe(404);
      expect((await api().get(base(a), tokens.readonly)).body.Meta.code).toBe(404);
      expect((await api().get(`${base(a)}/${a1.id}/`, tokens.readonly)).body.Meta.code).toBe(404);
    } finally {
      await unrestrict(id);
    }
    await until(async () => (await customerNames(tokens.readonly)).length === 2, 'the reader to see all again');
    expect(await locationNames(b, tokens.readonly)).toEqual(['B1', 'B2']);
  });

  it('lets a restricted writer change only the locations granted', async () => {
    const restrictions = [await restrict({ user_id: ids.writer, location_id: b2.id })];
    try {
      await until(async () => (await locationNames(b, tokens.writer)).length === 1, 'the writer to be restricted');
      expect((await api().patch(`${base(b)}/${b1.id}`, { city: 'Nope' }, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().get(`${base(b)}/${b1.id}/toggleActive?active=0`, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().delete(`${base(b)}/${b1.id}`, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().patch(`${base(b)}/${b2.id}/delivery`, { delivery_days: ['monday'] }, tokens.writer)).body.Data).toMatchObject({ id: b2.id, delivery_days: ['monday'] });
      expect((await api().post(`${base(a)}/`, { name: 'Nope' }, tokens.writer)).body.Meta.code).toBe(404);
    } finally {
      for (const id of restrictions) await unrestrict(id);
    }
    await until(async () => (await locationNames(b, tokens.writer)).length === 2, 'the writer to see all again');
  });
});
