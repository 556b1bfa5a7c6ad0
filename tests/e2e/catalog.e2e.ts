import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

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
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const base = () => `/c/${demoCompany}/customer`;

async function create(body: Record<string, unknown>, token = tokens.writer) {
  const answer = await api().post(`${base()}/`, body, token);
  if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data as { id: number; [key: string]: unknown };
}

describe('customers: demo data', () => {
  it('lists the active demo customers, and with all=1 the inactive one too', async () => {
    const active = await api().get(`${base()}?q=K-1000`, tokens.admin);
    expect(active.body.Meta.code).toBe(200);
    expect(active.body.Data.items.map((c: { nr: string }) => c.nr).sort()).toEqual(['K-10001', 'K-10002']);
    expect(active.body.Data.total).toBe(2);
    const all = await api().get(`${base()}?q=K-1000&all=1&sort=nr`, tokens.admin);
    expect(all.body.Data.items.map((c: { nr: string; inactive: boolean }) => [c.nr, c.inactive])).toEqual([
      ['K-10001', false],
      ['K-10002', false],
      ['K-10003', true],
    ]);
  });

  it('gives the other company its own customer only', async () => {
    const other = await api().get(`/c/${otherCompany}/customer?all=1`, tokens.other);
    expect(other.body.Data.items.map((c: { name: string }) => c.name)).toEqual(['Rheintal Fahrzeugbau AG']);
  });
});

describe('customers: create, read, update, toggle, delete', () => {
  it('creates a customer with every field and reads it back', async () => {
    const body = {
      name: 'Schrauben Wagner KG',
      nr: 'E2E-1',
      extended: 'Lager Nord',
      description: 'e2e',
      street: 'Hafenstraße 3',
      postal: '28217',
      city: 'Bremen',
      state: 'Bremen',
      country_iso: 'DE',
      vat_id: 'DE999999999',
      auftragsnr: 'A-1',
      bediener: 'Herr Wagner',
      scan_id_prefix: 'SW',
      service_fee_item_id: 12,
      time_tracking_item_id: 13,
      use_subscription: true,
      use_backorder: true,
      backorder_type: 'scanner',
      use_request_workflow: true,
      show_stock_in_app: true,
      automatic_restock_days: 14,
    };
    const created = await create(body);
    expect(created).toMatchObject({ ...body, inactive: false, images: [] });
    expect(typeof created.created_at).toBe('string');
    expect(typeof created.updated_at).toBe('string');
    const read = await api().get(`${base()}/${created.id}/`, tokens.readonly);
    expect(read.body.Meta.code).toBe(200);
    expect(read.body.Data).toEqual(created);
  });

  it('stores item ids of 0 in a create payload as null', async () => {
    const created = await create({ name: 'Zero Items GmbH', service_fee_item_id: 0, time_tracking_item_id: 0 });
    expect(created).toMatchObject({ service_fee_item_id: null, time_tracking_item_id: null, nr: '', country_iso: '', backorder_type: 'days' });
  });

  it('updates the fields sent and keeps the others', async () => {
    const created = await create({ name: 'Update Me GmbH', city: 'Ulm', nr: 'E2E-UPD' });
    const answer = await api().patch(`${base()}/${created.id}`, { city: 'Graz', country_iso: 'AT', service_fee_item_id: 5 }, tokens.writer);
    expect(answer.body.Meta.code).toBe(200);
    expect(answer.body.Data).toMatchObject({ name: 'Update Me GmbH', nr: 'E2E-UPD', city: 'Graz', country_iso: 'AT', service_fee_item_id: 5 });
    const cleared = await api().patch(`${base()}/${created.id}`, { service_fee_item_id: null, nr: '' }, tokens.writer);
    expect(cleared.body.Data).toMatchObject({ service_fee_item_id: null, nr: '' });
  });

  it('toggles active state, safe to repeat, and hides inactive ones from the default list', async () => {
    const created = await create({ name: 'Toggle Werkzeuge GmbH' });
    const off = await api().get(`${base()}/${created.id}/toggleActive?active=0`, tokens.writer);
    expect(off.body.Meta.code).toBe(200);
    expect(off.body.Data.inactive).toBe(true);
    const again = await api().get(`${base()}/${created.id}/toggleActive?active=0`, tokens.writer);
    expect(again.body.Data.inactive).toBe(true);
    expect((await api().get(`${base()}?q=Toggle Werkzeuge`, tokens.admin)).body.Data.total).toBe(0);
    expect((await api().get(`${base()}?q=Toggle Werkzeuge&all=1`, tokens.admin)).body.Data.total).toBe(1);
    const on = await api().get(`${base()}/${created.id}/toggleActive?active=1`, tokens.writer);
    expect(on.body.Data.inactive).toBe(false);
    expect((await api().get(`${base()}?q=Toggle Werkzeuge&all=0`, tokens.admin)).body.Data.total).toBe(1);
    expect((await api().get(`${base()}/${created.id}/toggleActive`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'active' });
  });

  it('deletes a customer; afterwards it is unknown', async () => {
    const created = await create({ name: 'Delete Me GmbH' });
    const answer = await api().delete(`${base()}/${created.id}`, tokens.writer);
    expect(answer.body.Meta.code).toBe(200);
    expect((await api().get(`${base()}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(`${base()}/${created.id}`, tokens.writer)).body.Meta.code).toBe(404);
  });
});

describe('customers: list filter, sort and pages', () => {
  beforeAll(async () => {
    for (const [name, nr, city] of [
      ['Listtest Alpha AG', 'LT-3', 'Wien'],
      ['Listtest Beta GmbH', 'LT-1', 'Aachen'],
      ['Listtest Gamma KG', 'LT-2', 'Mainz'],
    ]) {
      await create({ name, nr, city });
    }
  });

  const names = (answer: { body: { Data: { items: { name: string }[] } } }) => answer.body.Data.items.map((c) => c.name);

  it('filters by name, number or city', async () => {
    expect(names(await api().get(`${base()}?q=listtest`, tokens.admin))).toEqual(['Listtest Alpha AG', 'Listtest Beta GmbH', 'Listtest Gamma KG']);
    expect(names(await api().get(`${base()}?q=LT-2`, tokens.admin))).toEqual(['Listtest Gamma KG']);
    expect(names(await api().get(`${base()}?q=aachen`, tokens.admin))).toEqual(['Listtest Beta GmbH']);
    expect((await api().get(`${base()}?q=%25`, tokens.admin)).body.Data.total).toBe(0);
  });

  it('sorts by nr, city and name in either order', async () => {
    expect(names(await api().get(`${base()}?q=listtest&sort=nr`, tokens.admin))).toEqual(['Listtest Beta GmbH', 'Listtest Gamma KG', 'Listtest Alpha AG']);
    expect(names(await api().get(`${base()}?q=listtest&sort=city&order=desc`, tokens.admin))).toEqual(['Listtest Alpha AG', 'Listtest Gamma KG', 'Listtest Beta GmbH']);
    expect(names(await api().get(`${base()}?q=listtest&sort=name&order=desc`, tokens.admin))).toEqual(['Listtest Gamma KG', 'Listtest Beta GmbH', 'Listtest Alpha AG']);
    expect((await api().get(`${base()}?sort=password`, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'sort' });
  });

  it('pages with page and per_page (at most 200)', async () => {
    const second = await api().get(`${base()}?q=listtest&per_page=2&page=2`, tokens.admin);
    expect(second.body.Data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(names(second)).toEqual(['Listtest Gamma KG']);
    expect((await api().get(`${base()}?per_page=201`, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'per_page' });
  });
});

describe('customers: validation and duplicates', () => {
  it('answers 1000 naming the field', async () => {
    expect((await api().post(`${base()}/`, { name: '' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().post(`${base()}/`, { city: 'Ulm' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().post(`${base()}/`, { name: 'x'.repeat(201) }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().post(`${base()}/`, { name: 'Bad Country', country_iso: 'US' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'country_iso' });
    expect((await api().post(`${base()}/`, { name: 'Bad Days', automatic_restock_days: -1 }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'automatic_restock_days' });
    expect((await api().post(`${base()}/`, { name: 'Bad Type', backorder_type: 'weekly' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'backorder_type' });
    expect((await api().patch(`${base()}/abc`, { name: 'x' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'customerID' });
    // an id is digits only, 1 to 2^31-1: no hex, exponent, sign, zero or overflow read as a number
    for (const id of ['0x10', '1e3', '-5', '0', '2147483648', '%20']) {
      expect((await api().get(`${base()}/${id}`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'customerID' });
    }
  });

  it('answers 1059 for a number another customer of the company has', async () => {
    await create({ name: 'Dup One', nr: 'E2E-DUP' });
    const second = await api().post(`${base()}/`, { name: 'Dup Two', nr: 'E2E-DUP' }, tokens.writer);
    expect(second.status).toBe(409);
    expect(second.body.Meta.code).toBe(1059);
    const other = await create({ name: 'Dup Three', nr: 'E2E-DUP3' });
    expect((await api().patch(`${base()}/${other.id}`, { nr: 'E2E-DUP' }, tokens.writer)).body.Meta.code).toBe(1059);
    // Saving a customer with its own number is no duplicate; empty numbers never clash.
    expect((await api().patch(`${base()}/${other.id}`, { nr: 'E2E-DUP3' }, tokens.writer)).body.Meta.code).toBe(200);
    await create({ name: 'No Number 1', nr: '' });
    await create({ name: 'No Number 2', nr: '' });
    // The same number in another company is fine.
    expect((await api().post(`/c/${otherCompany}/customer/`, { name: 'Dup Elsewhere', nr: 'E2E-DUP' }, tokens.other)).body.Meta.code).toBe(200);
  });
});

describe('customers: roles and tenants', () => {
  it('lets readonly and customer users read but not write', async () => {
    const target = await create({ name: 'Roles Test GmbH' });
    // The demo customer user is restricted to K-10001: it reads that one.
    const k10001 = (await api().get(`${base()}?q=K-10001`, tokens.admin)).body.Data.items[0].id as number;
    const readable: Record<string, number> = { readonly: target.id, customer: k10001 };
    for (const role of ['readonly', 'customer']) {
      expect((await api().get(base(), tokens[role])).body.Meta.code).toBe(200);
      expect((await api().get(`${base()}/${readable[role]}/`, tokens[role])).body.Meta.code).toBe(200);
      expect((await api().post(`${base()}/`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${base()}/${target.id}`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().get(`${base()}/${target.id}/toggleActive?active=0`, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${base()}/${target.id}`, tokens[role])).body.Meta.code).toBe(1020);
    }
  });

  it('keeps supplier users out of customers; writer, admin and owner may write', async () => {
    expect((await api().get(base(), tokens.supplier)).body.Meta.code).toBe(1020);
    for (const role of ['writer', 'admin', 'owner']) {
      const created = await create({ name: `Written by ${role}` }, tokens[role]);
      expect((await api().patch(`${base()}/${created.id}`, { city: 'Köln' }, tokens[role])).body.Meta.code).toBe(200);
    }
  });

  it("never shows or changes another company's customers", async () => {
    const mine = await create({ name: 'Tenant Secret GmbH', nr: 'E2E-TEN' });
    // Not a member of the demo company: refused at the gateway.
    expect((await api().get(base(), tokens.other)).body.Meta.code).toBe(1020);
    // Through their own company: the id is unknown there, whatever the call.
    const theirs = `/c/${otherCompany}/customer/${mine.id}`;
    expect((await api().get(`${theirs}/`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().patch(theirs, { name: 'Stolen' }, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(`${theirs}/toggleActive?active=0`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().delete(theirs, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().get(`/c/${otherCompany}/customer?all=1&q=Tenant Secret`, tokens.other)).body.Data.total).toBe(0);
    const still = await api().get(`${base()}/${mine.id}/`, tokens.admin);
    expect(still.body.Data).toMatchObject({ name: 'Tenant Secret GmbH', inactive: false });
  });
});

describe('suppliers', () => {
  const sbase = () => `/c/${demoCompany}/supplier`;

  async function createSupplier(body: Record<string, unknown>, token = tokens.writer) {
    const answer = await api().post(`${sbase()}/`, body, token);
    if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
    return answer.body.Data as { id: number; [key: string]: unknown };
  }

  it('lists the active demo suppliers, with all=1 the inactive one too', async () => {
    const active = await api().get(`${sbase()}?q=L-&sort=nr`, tokens.readonly);
    expect(active.body.Meta.code).toBe(200);
    expect(active.body.Data.items.map((s: { nr: string }) => s.nr)).toEqual(['L-100', 'L-200']);
    const all = await api().get(`${sbase()}?q=L-&sort=nr&all=1`, tokens.readonly);
    expect(all.body.Data.items.map((s: { nr: string; active: boolean }) => [s.nr, s.active])).toEqual([
      ['L-100', true],
      ['L-200', true],
      ['L-300', false],
    ]);
  });

  it('creates, reads, updates, toggles and deletes a supplier', async () => {
    const body = {
      name: 'Normteile Bayern GmbH',
      nr: 'E2E-S1',
      ext_nr: 'SAP-4711',
      description: 'e2e',
      street: 'Gewerbering 5',
      postal: '86150',
      city: 'Augsburg',
      state: 'Bayern',
      country_iso: 'DE',
    };
    const created = await createSupplier(body);
    expect(created).toMatchObject({ ...body, active: true, images: [] });
    expect((await api().get(`${sbase()}/${created.id}/`, tokens.readonly)).body.Data).toEqual(created);
    const updated = await api().patch(`${sbase()}/${created.id}`, { city: 'München', ext_nr: '' }, tokens.writer);
    expect(updated.body.Data).toMatchObject({ name: 'Normteile Bayern GmbH', city: 'München', ext_nr: '' });
    const off = await api().get(`${sbase()}/${created.id}/toggleActive?active=0`, tokens.writer);
    expect(off.body.Data.active).toBe(false);
    expect((await api().get(`${sbase()}/${created.id}/toggleActive?active=0`, tokens.writer)).body.Data.active).toBe(false);
    expect((await api().get(`${sbase()}?q=Normteile Bayern`, tokens.admin)).body.Data.total).toBe(0);
    expect((await api().get(`${sbase()}?q=Normteile Bayern&all=1`, tokens.admin)).body.Data.total).toBe(1);
    expect((await api().get(`${sbase()}/${created.id}/toggleActive?active=1`, tokens.writer)).body.Data.active).toBe(true);
    expect((await api().delete(`${sbase()}/${created.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${sbase()}/${created.id}/`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('answers 1000 naming the field and 1059 for a duplicate number', async () => {
    expect((await api().post(`${sbase()}/`, { name: '' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().post(`${sbase()}/`, { name: 'X', country_iso: 'XX' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'country_iso' });
    await createSupplier({ name: 'Dup Supplier 1', nr: 'E2E-SDUP' });
    expect((await api().post(`${sbase()}/`, { name: 'Dup Supplier 2', nr: 'E2E-SDUP' }, tokens.writer)).body.Meta.code).toBe(1059);
  });

  it('lets readonly and supplier users read but not write; customer users not even read', async () => {
    const target = await createSupplier({ name: 'Supplier Roles GmbH' });
    // The demo supplier user is restricted to L-100: it reads that one.
    const l100 = (await api().get(`${sbase()}?q=L-100`, tokens.admin)).body.Data.items[0].id as number;
    const readable: Record<string, number> = { readonly: target.id, supplier: l100 };
    for (const role of ['readonly', 'supplier']) {
      expect((await api().get(`${sbase()}/${readable[role]}/`, tokens[role])).body.Meta.code).toBe(200);
      expect((await api().post(`${sbase()}/`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${sbase()}/${target.id}`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().get(`${sbase()}/${target.id}/toggleActive?active=0`, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${sbase()}/${target.id}`, tokens[role])).body.Meta.code).toBe(1020);
    }
    expect((await api().get(sbase(), tokens.customer)).body.Meta.code).toBe(1020);
  });

  it("never shows or changes another company's suppliers", async () => {
    const mine = await createSupplier({ name: 'Supplier Secret GmbH' });
    const theirs = `/c/${otherCompany}/supplier/${mine.id}`;
    expect((await api().get(sbase(), tokens.other)).body.Meta.code).toBe(1020);
    expect((await api().get(`${theirs}/`, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().patch(theirs, { name: 'Stolen' }, tokens.other)).body.Meta.code).toBe(404);
    expect((await api().delete(theirs, tokens.other)).body.Meta.code).toBe(404);
    const list = await api().get(`/c/${otherCompany}/supplier?all=1`, tokens.other);
    expect(list.body.Data.items.map((s: { name: string }) => s.name)).toEqual(['Zürcher Werkzeughandel AG']);
  });
});

describe('access restrictions narrow customers and suppliers', () => {
  // Restrictions live in identity; the catalog keeps a copy fed by evt.identity.restrictions_changed, so
  // their effect shows after a moment (polled with a deadline). Every test removes what it adds.
  async function restrict(body: Record<string, number>): Promise<number> {
    const answer = await api().post(`/c/${demoCompany}/accessrestriction`, body, tokens.admin);
    if (answer.body.Meta.code !== 200) throw new Error(`restriction failed: ${JSON.stringify(answer.body.Meta)}`);
    return answer.body.Data.id as number;
  }
  async function unrestrict(id: number): Promise<void> {
    expect((await api().delete(`/c/${demoCompany}/accessrestriction/${id}`, tokens.admin)).body.Meta.code).toBe(200);
  }
  async function names(path: string, token: string): Promise<string[]> {
    const answer = await api().get(path, token);
    expect(answer.body.Meta.code).toBe(200);
    return answer.body.Data.items.map((x: { name: string }) => x.name);
  }
  const until = (check: () => Promise<boolean>, what: string) => eventually(async () => ((await check()) ? true : undefined), 20_000, what);
  const nrs = async (path: string, token: string) => ((await api().get(path, token)).body.Data.items as { nr: string }[]).map((x) => x.nr).sort();

  it('restricts the demo customer user to K-10001 and the demo supplier user to L-100 (demo data)', async () => {
    await until(async () => (await nrs(`${base()}?all=1`, tokens.customer)).join() === 'K-10001', 'the demo restrictions to apply');
    expect(await nrs(`${base()}?all=1&per_page=200`, tokens.customer)).toEqual(['K-10001']);
    expect(await nrs(`/c/${demoCompany}/supplier?all=1&per_page=200`, tokens.supplier)).toEqual(['L-100']);
    const k10002 = (await api().get(`${base()}?q=K-10002`, tokens.admin)).body.Data.items[0].id as number;
    expect((await api().get(`${base()}/${k10002}/`, tokens.customer)).body.Meta.code).toBe(404);
    // Items follow: the customer user's item search shows K-10001's items only.
    const k10001 = (await api().get(`${base()}?q=K-10001`, tokens.admin)).body.Data.items[0].id as number;
    const searched = (await api().get(`/c/${demoCompany}/item_search?per_page=200`, tokens.customer)).body.Data as { total: number; items: { customer_id: number }[] };
    expect(searched.total).toBeGreaterThan(100);
    expect(new Set(searched.items.map((i) => i.customer_id))).toEqual(new Set([k10001]));
    const restrictions = (await api().get(`/c/${demoCompany}/user?restricted=1&per_page=200`, tokens.admin)).body.Data.items as { email: string; access_restrictions: number }[];
    expect(Object.fromEntries(restrictions.map((u) => [u.email, u.access_restrictions]))).toEqual({ 'customer@demo.example': 1, 'supplier@demo.example': 1 });
  });

  it('shows a restricted user only their customers and answers 404 for the others', async () => {
    const a = await create({ name: 'Restricted Customer A', nr: 'RST-A' }, tokens.admin);
    const b = await create({ name: 'Restricted Customer B', nr: 'RST-B' }, tokens.admin);
    const listed = (token: string) => names(`${base()}?q=RST-&sort=nr&all=1`, token);
    const both = ['Restricted Customer A', 'Restricted Customer B'];
    // The demo customer user is restricted to K-10001 (demo data): it sees neither yet.
    await until(async () => (await listed(tokens.customer)).length === 0, 'the demo restriction to apply');
    expect(await listed(tokens.writer)).toEqual(both);

    const restrictions = [await restrict({ user_id: ids.customer, customer_id: a.id }), await restrict({ user_id: ids.writer, customer_id: a.id })];
    try {
      await until(async () => (await listed(tokens.customer)).length === 1, 'the customer user to be granted A');
      expect(await listed(tokens.customer)).toEqual(['Restricted Customer A']);
      expect(await nrs(`${base()}?all=1`, tokens.customer)).toEqual(['K-10001', 'RST-A']);
      expect((await api().get(`${base()}/${a.id}/`, tokens.customer)).body.Meta.code).toBe(200);
      expect((await api().get(`${base()}/${b.id}/`, tokens.customer)).body.Meta.code).toBe(404);

      await until(async () => (await listed(tokens.writer)).length === 1, 'the writer to be restricted');
      expect((await api().get(`${base()}/${b.id}/`, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().patch(`${base()}/${b.id}`, { name: 'Nope' }, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().get(`${base()}/${b.id}/toggleActive?active=0`, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().delete(`${base()}/${b.id}`, tokens.writer)).body.Meta.code).toBe(404);
      expect((await api().patch(`${base()}/${a.id}`, { extended: 'seen' }, tokens.writer)).body.Data).toMatchObject({ id: a.id, extended: 'seen' });

      // Users without restrictions see everything their role allows.
      expect(await listed(tokens.readonly)).toEqual(both);
      expect(await listed(tokens.admin)).toEqual(both);
    } finally {
      for (const id of restrictions) await unrestrict(id);
    }
    await until(async () => (await listed(tokens.customer)).length === 0, 'the customer user to lose A again');
    await until(async () => (await listed(tokens.writer)).length === 2, 'the writer to see all again');
    expect((await api().get(`${base()}/${b.id}/`, tokens.writer)).body.Meta.code).toBe(200);
  });

  it("counts a location restriction as a customer restriction that grants only the location's customer", async () => {
    const listed = async () => (await api().get(`${base()}?all=1`, tokens.writer)).body.Data.items.map((c: { nr: string }) => c.nr) as string[];
    expect((await listed()).length).toBeGreaterThan(1);
    // A restriction must name a location the company has (users administration checks it against the catalog).
    expect((await api().post(`/c/${demoCompany}/accessrestriction`, { user_id: ids.writer, location_id: 987654 }, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'location_id',
    });
    const alpen = (await api().get(`${base()}?q=K-10002`, tokens.admin)).body.Data.items[0] as { id: number };
    const location = (await api().get(`${base()}/${alpen.id}/location?sort=sort`, tokens.admin)).body.Data.items[0] as { id: number };
    const id = await restrict({ user_id: ids.writer, location_id: location.id });
    try {
      await until(async () => (await listed()).length === 1, 'the location-restricted user to see one customer');
      expect(await listed()).toEqual(['K-10002']);
      expect((await api().get(`/c/${demoCompany}/supplier?all=1`, tokens.readonly)).body.Data.total).toBeGreaterThan(0);
    } finally {
      await unrestrict(id);
    }
    await until(async () => (await listed()).length > 1, 'the writer to see customers again');
  });

  it('shows a restricted supplier user only their suppliers', async () => {
    const sbase = `/c/${demoCompany}/supplier`;
    const make = async (name: string, nr: string) => (await api().post(`${sbase}/`, { name, nr }, tokens.admin)).body.Data as { id: number };
    const a = await make('Restricted Supplier A', 'RSS-A');
    const b = await make('Restricted Supplier B', 'RSS-B');
    const listed = (token: string) => names(`${sbase}?q=RSS-&sort=nr&all=1`, token);
    const both = ['Restricted Supplier A', 'Restricted Supplier B'];
    expect(await listed(tokens.writer)).toEqual(both);
    // The demo supplier user is restricted to L-100 (demo data).
    await until(async () => (await listed(tokens.supplier)).length === 0, 'the demo restriction to apply');

    const id = await restrict({ user_id: ids.writer, supplier_id: a.id });
    try {
      await until(async () => (await listed(tokens.writer)).length === 1, 'the writer to be restricted');
      expect(await listed(tokens.writer)).toEqual(['Restricted Supplier A']);
      expect((await api().get(`${sbase}/${a.id}/`, tokens.writer)).body.Meta.code).toBe(200);
      expect((await api().get(`${sbase}/${b.id}/`, tokens.writer)).body.Meta.code).toBe(404);
      expect(await listed(tokens.readonly)).toEqual(both);
    } finally {
      await unrestrict(id);
    }
    await until(async () => (await listed(tokens.writer)).length === 2, 'the writer to see all again');
    expect((await api().get(`${sbase}/${b.id}/`, tokens.writer)).body.Meta.code).toBe(200);
  });
});
