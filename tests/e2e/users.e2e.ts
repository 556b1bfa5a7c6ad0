import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

// Users administration (spec 7 "Users", docs/users.md): every call, its error codes, the restrictions
// filter, resend, the app-use rule, the customer/location/supplier `user` lists and tenant isolation.

jest.setTimeout(120_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let customers: { id: number; name: string }[];
let suppliers: { id: number; name: string }[];
let otherCustomer: number;

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
  customers = (await system.api.get(`/c/${demoCompany}/customer?sort=nr`, tokens.admin)).body.Data.items;
  suppliers = (await system.api.get(`/c/${demoCompany}/supplier?sort=nr`, tokens.admin)).body.Data.items;
  otherCustomer = (await system.api.get(`/c/${otherCompany}/customer`, tokens.other)).body.Data.items[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const c = () => `/c/${demoCompany}`;
type Row = {
  id: number;
  email: string;
  role: number;
  access_restrictions: number;
  grants?: { id: number }[];
};
const emails = (rows: Row[]) => rows.map((r) => r.email);

async function invite(body: Record<string, unknown>): Promise<number> {
  const answer = await api().post(`${c()}/user`, body, tokens.admin);
  if (answer.body.Meta.code !== 200) throw new Error(`invite failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data.id as number;
}

async function restrict(body: Record<string, number>): Promise<number> {
  const answer = await api().post(`${c()}/accessrestriction`, body, tokens.admin);
  if (answer.body.Meta.code !== 200)
    throw new Error(`restriction failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data.id as number;
}

describe('company user list', () => {
  it('filters by q and role, sorts and pages on the server', async () => {
    const page1 = await api().get(`${c()}/user?sort=email&order=desc&per_page=2&page=1`, tokens.admin);
    expect(page1.body.Meta.code).toBe(200);
    expect(page1.body.Data).toMatchObject({ page: 1, per_page: 2 });
    expect(page1.body.Data.items).toHaveLength(2);
    const all = await api().get(`${c()}/user?sort=email&order=desc&per_page=200`, tokens.admin);
    const sorted = emails(all.body.Data.items);
    expect(sorted).toEqual([...sorted].sort().reverse());
    expect(emails(page1.body.Data.items)).toEqual(sorted.slice(0, 2));
    const page2 = await api().get(`${c()}/user?sort=email&order=desc&per_page=2&page=2`, tokens.admin);
    expect(emails(page2.body.Data.items)).toEqual(sorted.slice(2, 4));
    expect(page1.body.Data.total).toBe(all.body.Data.total);

    expect(emails((await api().get(`${c()}/user?q=SOPHIE`, tokens.admin)).body.Data.items)).toEqual([
      'supplier@demo.example',
    ]);
    const customersOnly = await api().get(`${c()}/user?role=4`, tokens.writer);
    expect(customersOnly.body.Data.items.map((u: Row) => u.role)).toEqual(expect.arrayContaining([4]));
    expect(new Set(customersOnly.body.Data.items.map((u: Row) => u.role))).toEqual(new Set([4]));
  });

  it('answers 1000 naming the field for bad list parameters', async () => {
    expect((await api().get(`${c()}/user?role=9`, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'role',
    });
    expect((await api().get(`${c()}/user?restricted=maybe`, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'restricted',
    });
    expect((await api().get(`${c()}/user?page=0`, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'page',
    });
  });

  it('answers 1020 to roles outside the user group', async () => {
    for (const role of ['readonly', 'customer', 'supplier']) {
      expect([role, (await api().get(`${c()}/user`, tokens[role])).body.Meta.code]).toEqual([role, 1020]);
    }
  });
});

describe('invite, read, change, resend and remove a user', () => {
  it('invites a user who then shows as pending, and refuses an existing one with 1001', async () => {
    const id = await invite({
      email: 'Petra.Picker@Demo.example',
      role: 2,
      first_name: 'Petra',
      last_name: 'Picker',
    });
    const read = await api().get(`${c()}/user/${id}/`, tokens.writer);
    expect(read.body.Data).toMatchObject({
      id,
      email: 'petra.picker@demo.example',
      role: 2,
      app: false,
      access_restrictions: 0,
      invitation_pending: true,
    });
    expect(
      (await api().post(`${c()}/user`, { email: 'petra.picker@demo.example', role: 1 }, tokens.admin)).body
        .Meta.code,
    ).toBe(1001);
    expect(
      (await api().post(`${c()}/user`, { email: 'writer@demo.example', role: 1 }, tokens.admin)).body.Meta
        .code,
    ).toBe(1001);
    await eventually(
      async () => (await system.mails()).find((m) => m.to.includes('petra.picker@demo.example')),
      15_000,
      'the invitation mail',
    );
  });

  it('answers 1000 with the field for a bad invitation, 1020 to non-admins', async () => {
    expect((await api().post(`${c()}/user`, { role: 2 }, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'email',
    });
    expect(
      (await api().post(`${c()}/user`, { email: 'not-an-address', role: 2 }, tokens.admin)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'email' });
    expect(
      (await api().post(`${c()}/user`, { email: 'x1@demo.example' }, tokens.admin)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'role' });
    expect(
      (await api().post(`${c()}/user`, { email: 'x1@demo.example', role: 7 }, tokens.admin)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'role' });
    for (const role of ['owner', 'writer', 'readonly', 'customer', 'supplier']) {
      expect([
        role,
        (await api().post(`${c()}/user`, { email: `x-${role}@demo.example`, role: 2 }, tokens[role])).body
          .Meta.code,
      ]).toEqual([role, 1020]);
    }
  });

  it('changes role, names and app flag; the app flag only for users and customers', async () => {
    const id = await invite({ email: 'role.changer@demo.example', role: 2 });
    const changed = await api().patch(
      `${c()}/user/${id}`,
      { role: 4, first_name: 'Rolf', last_name: 'Changer', app: true },
      tokens.admin,
    );
    expect(changed.body.Data).toMatchObject({ role: 4, first_name: 'Rolf', last_name: 'Changer', app: true });
    // A supplier or read-only user may not use the app.
    const toSupplier = await api().patch(`${c()}/user/${id}`, { role: 5 }, tokens.admin);
    expect(toSupplier.body.Meta).toMatchObject({
      code: 1000,
      field: 'app',
      message: 'Only Users and Customers are allowed',
    });
    const readonlyApp = await api().patch(`${c()}/user/${id}`, { role: 1, app: true }, tokens.admin);
    expect(readonlyApp.body.Meta).toMatchObject({ code: 1000, field: 'app' });
    // Nothing half-written: still a customer with the app.
    expect((await api().get(`${c()}/user/${id}`, tokens.admin)).body.Data).toMatchObject({
      role: 4,
      app: true,
    });
    const off = await api().patch(`${c()}/user/${id}`, { role: 5, app: false }, tokens.admin);
    expect(off.body.Data).toMatchObject({ role: 5, app: false });
    expect((await api().patch(`${c()}/user/${id}`, { app: 'yes' }, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'app',
    });
    expect(
      (await api().patch(`${c()}/user/${id}`, { initials: 'ABC' }, tokens.admin)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'initials' });
    expect((await api().patch(`${c()}/user/${id}`, { role: 2 }, tokens.writer)).body.Meta.code).toBe(1020);
    expect((await api().patch(`${c()}/user/999999`, { role: 2 }, tokens.admin)).body.Meta.code).toBe(404);
    expect(
      (await api().patch(`${c()}/user/${ids.admin}`, { role: 2 }, tokens.admin)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'role' });
  });

  it('answers 1058 when the licence for the kind is used up', async () => {
    const stats = (await api().get(`${c()}/licensestats`, tokens.owner)).body.Data.kinds as {
      kind: string;
      used: number;
    }[];
    const used = stats.find((k) => k.kind === 'supplier')!.used;
    await api().patch(
      `/platform/companies/${demoCompany}`,
      { license: { max_suppliers: used } },
      (await login(system, 'operator@demo.example')).token,
    );
    try {
      expect(
        (await api().post(`${c()}/user`, { email: 'licence.limit@demo.example', role: 5 }, tokens.admin)).body
          .Meta.code,
      ).toBe(1058);
      // The same limit applies to a role change.
      const id = await invite({ email: 'licence.change@demo.example', role: 2 });
      expect((await api().patch(`${c()}/user/${id}`, { role: 5 }, tokens.admin)).body.Meta.code).toBe(1058);
      expect((await api().get(`${c()}/user/${id}`, tokens.admin)).body.Data.role).toBe(2);
    } finally {
      await api().patch(
        `/platform/companies/${demoCompany}`,
        { license: { max_suppliers: used + 50 } },
        (await login(system, 'operator@demo.example')).token,
      );
    }
  });

  it('resends the invitation (safe to repeat) and answers 1000 once the user confirmed', async () => {
    const id = await invite({ email: 'resend.me@demo.example', role: 2 });
    const before = (await system.mails()).filter((m) => m.to.includes('resend.me@demo.example')).length;
    expect((await api().get(`${c()}/user/${id}/resend`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().get(`${c()}/user/${id}/resend`, tokens.admin)).body.Meta.code).toBe(200);
    await eventually(
      async () =>
        (await system.mails()).filter((m) => m.to.includes('resend.me@demo.example')).length >= before + 2
          ? true
          : undefined,
      15_000,
      'two more invitation mails',
    );
    expect((await api().get(`${c()}/user/${ids.writer}/resend`, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'id',
    });
    expect((await api().get(`${c()}/user/999999/resend`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(`${c()}/user/${id}/resend`, tokens.writer)).body.Meta.code).toBe(1020);
  });

  it('removes a user after the delete, and 404 afterwards', async () => {
    const id = await invite({ email: 'leaving@demo.example', role: 1 });
    expect((await api().delete(`${c()}/user/${id}`, tokens.writer)).body.Meta.code).toBe(1020);
    expect((await api().delete(`${c()}/user/${id}`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().get(`${c()}/user/${id}`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(`${c()}/user/${id}`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(`${c()}/user/abc`, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'userID',
    });
  });
});

describe('access restrictions', () => {
  it('adds restrictions to real customers and suppliers, lists them with names, filters restricted users', async () => {
    const id = await invite({ email: 'restricted.one@demo.example', role: 2 });
    const [a, b] = customers;
    const r1 = await restrict({ user_id: id, customer_id: a!.id });
    const r2 = await restrict({ user_id: id, customer_id: b!.id });
    const r3 = await restrict({ user_id: id, supplier_id: suppliers[0]!.id });

    const listed = await api().get(`${c()}/user/${id}/customer`, tokens.writer);
    expect(listed.body.Data).toEqual([
      expect.objectContaining({ id: r1, kind: 'customer', customer_id: a!.id, name: a!.name }),
      expect.objectContaining({ id: r2, kind: 'customer', customer_id: b!.id, name: b!.name }),
    ]);
    expect((await api().get(`${c()}/user/${id}/supplier`, tokens.writer)).body.Data).toEqual([
      expect.objectContaining({
        id: r3,
        kind: 'supplier',
        supplier_id: suppliers[0]!.id,
        name: suppliers[0]!.name,
      }),
    ]);
    expect((await api().get(`${c()}/user/${id}/location`, tokens.writer)).body.Data).toEqual([]);
    expect((await api().get(`${c()}/user/999999/customer`, tokens.writer)).body.Meta.code).toBe(404);

    const restricted = await api().get(`${c()}/user?restricted=1&per_page=200`, tokens.admin);
    const mine = restricted.body.Data.items.find((u: Row) => u.id === id);
    expect(mine).toMatchObject({ access_restrictions: 3 });
    expect(restricted.body.Data.items.every((u: Row) => u.access_restrictions > 0)).toBe(true);
    expect(emails(restricted.body.Data.items)).not.toContain('admin@demo.example');
    expect((await api().get(`${c()}/user/${id}`, tokens.admin)).body.Data.access_restrictions).toBe(3);

    expect((await api().delete(`${c()}/accessrestriction/${r2}`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().delete(`${c()}/accessrestriction/${r2}`, tokens.admin)).body.Meta.code).toBe(404);
    expect(
      (await api().get(`${c()}/user/${id}/customer`, tokens.admin)).body.Data.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([r1]);
  });

  it('answers 1000 naming the field for unknown targets, 1059 for a duplicate, 404 for a stranger, 1020 for non-admins', async () => {
    const id = await invite({ email: 'restricted.two@demo.example', role: 4 });
    const add = (body: object, token = tokens.admin) => api().post(`${c()}/accessrestriction/`, body, token);
    expect((await add({ user_id: id, customer_id: 999999 })).body.Meta).toMatchObject({
      code: 1000,
      field: 'customer_id',
    });
    expect((await add({ user_id: id, supplier_id: 999999 })).body.Meta).toMatchObject({
      code: 1000,
      field: 'supplier_id',
    });
    // Another company's customer is unknown here.
    expect((await add({ user_id: id, customer_id: otherCustomer })).body.Meta).toMatchObject({
      code: 1000,
      field: 'customer_id',
    });
    expect((await add({ user_id: id })).body.Meta).toMatchObject({ code: 1000 });
    expect((await add({ user_id: id, customer_id: 'x' })).body.Meta).toMatchObject({
      code: 1000,
      field: 'customer_id',
    });
    await restrict({ user_id: id, customer_id: customers[0]!.id });
    expect((await add({ user_id: id, customer_id: customers[0]!.id })).body.Meta.code).toBe(1059);
    expect((await add({ user_id: 999999, customer_id: customers[0]!.id })).body.Meta.code).toBe(404);
    for (const role of ['owner', 'writer', 'readonly', 'customer', 'supplier']) {
      expect([
        role,
        (await add({ user_id: id, customer_id: customers[1]!.id }, tokens[role])).body.Meta.code,
      ]).toEqual([role, 1020]);
    }
    expect((await api().delete(`${c()}/accessrestriction/999999`, tokens.admin)).body.Meta.code).toBe(404);
  });
});

describe('customer, location and supplier user pages', () => {
  it('lists the users a customer grants, and with restricted=0 everyone who may see it', async () => {
    const [a, b] = customers;
    const granted = await invite({ email: 'sees.a@demo.example', role: 4 });
    const elsewhere = await invite({ email: 'sees.b@demo.example', role: 4 });
    const grant = await restrict({ user_id: granted, customer_id: a!.id });
    await restrict({ user_id: elsewhere, customer_id: b!.id });

    const onlyRestricted = await api().get(`${c()}/customer/${a!.id}/user`, tokens.writer);
    expect(onlyRestricted.body.Meta.code).toBe(200);
    const rows = onlyRestricted.body.Data.items as Row[];
    expect(emails(rows)).toContain('sees.a@demo.example');
    expect(emails(rows)).not.toContain('sees.b@demo.example');
    expect(emails(rows)).not.toContain('admin@demo.example');
    expect(rows.every((u) => u.access_restrictions > 0)).toBe(true);
    expect(rows.find((u) => u.id === granted)!.grants!.map((g) => g.id)).toEqual([grant]);

    const everyone = (
      await api().get(`${c()}/customer/${a!.id}/user?restricted=0&per_page=200`, tokens.writer)
    ).body.Data.items as Row[];
    expect(emails(everyone)).toEqual(
      expect.arrayContaining([
        'sees.a@demo.example',
        'admin@demo.example',
        'writer@demo.example',
        'readonly@demo.example',
      ]),
    );
    // Not the user restricted to another customer, nor a supplier (no customer access).
    expect(emails(everyone)).not.toContain('sees.b@demo.example');
    expect(emails(everyone)).not.toContain('supplier@demo.example');
    expect(everyone.find((u) => u.email === 'admin@demo.example')!.grants).toEqual([]);

    const searched = await api().get(`${c()}/customer/${a!.id}/user?restricted=0&q=sees`, tokens.writer);
    expect(emails(searched.body.Data.items)).toEqual(['sees.a@demo.example']);

    expect((await api().get(`${c()}/customer/999999/user`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`${c()}/customer/${otherCustomer}/user`, tokens.writer)).body.Meta.code).toBe(
      404,
    );
    expect(
      (await api().get(`${c()}/customer/${a!.id}/user?restricted=x`, tokens.writer)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'restricted' });
    for (const role of ['readonly', 'customer', 'supplier']) {
      expect([role, (await api().get(`${c()}/customer/${a!.id}/user`, tokens[role])).body.Meta.code]).toEqual(
        [role, 1020],
      );
    }
  });

  it('lists the users a supplier grants', async () => {
    const [s] = suppliers;
    const granted = await invite({ email: 'sees.supplier@demo.example', role: 5 });
    await restrict({ user_id: granted, supplier_id: s!.id });
    // The demo supplier user is restricted to the first demo supplier (L-100) by the demo data.
    expect(emails((await api().get(`${c()}/supplier/${s!.id}/user`, tokens.admin)).body.Data.items)).toEqual([
      'restricted.one@demo.example',
      'sees.supplier@demo.example',
      'supplier@demo.example',
    ]);
    const everyone = emails(
      (await api().get(`${c()}/supplier/${s!.id}/user?restricted=0&per_page=200`, tokens.admin)).body.Data
        .items,
    );
    expect(everyone).toEqual(
      expect.arrayContaining(['sees.supplier@demo.example', 'supplier@demo.example', 'writer@demo.example']),
    );
    expect(everyone).not.toContain('customer@demo.example');
    expect((await api().get(`${c()}/supplier/999999/user`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('lists the users a location grants: through the location or its customer; its customer page counts location grants', async () => {
    const [a, b] = customers;
    const post = async (customerId: number, name: string) =>
      (await api().post(`${c()}/customer/${customerId}/location/`, { name }, tokens.writer)).body.Data as {
        id: number;
        name: string;
      };
    const here = await post(a!.id, 'Users e2e hall 1');
    const there = await post(a!.id, 'Users e2e hall 2');
    const elsewhere = await post(b!.id, 'Users e2e other hall');
    const atLocation = await invite({ email: 'at.location@demo.example', role: 4 });
    const atOtherLocation = await invite({ email: 'at.other.location@demo.example', role: 4 });
    const atCustomer = await invite({ email: 'at.customer@demo.example', role: 4 });
    const grant = await restrict({ user_id: atLocation, location_id: here.id });
    await restrict({ user_id: atOtherLocation, location_id: there.id });
    await restrict({ user_id: atCustomer, customer_id: a!.id });

    expect((await api().get(`${c()}/user/${atLocation}/location`, tokens.admin)).body.Data).toEqual([
      expect.objectContaining({
        id: grant,
        kind: 'location',
        location_id: here.id,
        name: 'Users e2e hall 1',
      }),
    ]);
    expect(
      (
        await api().post(
          `${c()}/accessrestriction`,
          { user_id: atLocation, location_id: 999999 },
          tokens.admin,
        )
      ).body.Meta,
    ).toMatchObject({
      code: 1000,
      field: 'location_id',
    });

    const atHere = emails(
      (await api().get(`${c()}/customer/${a!.id}/location/${here.id}/user?per_page=200`, tokens.writer)).body
        .Data.items,
    );
    expect(atHere).toEqual(expect.arrayContaining(['at.location@demo.example', 'at.customer@demo.example']));
    expect(atHere).not.toContain('at.other.location@demo.example');
    expect(atHere).not.toContain('admin@demo.example');
    const everyoneHere = emails(
      (
        await api().get(
          `${c()}/customer/${a!.id}/location/${here.id}/user?restricted=0&per_page=200`,
          tokens.writer,
        )
      ).body.Data.items,
    );
    expect(everyoneHere).toEqual(expect.arrayContaining(['at.location@demo.example', 'admin@demo.example']));
    expect(everyoneHere).not.toContain('at.other.location@demo.example');
    // The customer's page counts users restricted to one of its locations.
    const ofCustomer = emails(
      (await api().get(`${c()}/customer/${a!.id}/user?per_page=200`, tokens.writer)).body.Data.items,
    );
    expect(ofCustomer).toEqual(
      expect.arrayContaining([
        'at.location@demo.example',
        'at.other.location@demo.example',
        'at.customer@demo.example',
      ]),
    );
    // A location under the wrong customer is not found.
    expect(
      (await api().get(`${c()}/customer/${a!.id}/location/${elsewhere.id}/user`, tokens.writer)).body.Meta
        .code,
    ).toBe(404);
  });

  it('answers 404 for a location the company does not have', async () => {
    expect(
      (await api().get(`${c()}/customer/${customers[0]!.id}/location/999999/user`, tokens.admin)).body.Meta
        .code,
    ).toBe(404);
    expect(
      (await api().get(`${c()}/customer/${customers[0]!.id}/location/abc/user`, tokens.admin)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'locationID' });
  });

  it('keeps a restricted writer out of the user page of a customer it may not see', async () => {
    const [a, b] = customers;
    const writer = await invite({ email: 'restricted.writer@demo.example', role: 2 });
    const id = await restrict({ user_id: writer, customer_id: a!.id });
    // The writer's own session: log in after accepting is not possible for a pending invite, so restrict the demo writer.
    const demoWriter = await restrict({ user_id: ids.writer, customer_id: a!.id });
    try {
      await eventually(
        async () =>
          (await api().get(`${c()}/customer/${b!.id}/user`, tokens.writer)).body.Meta.code === 404
            ? true
            : undefined,
        15_000,
        'the restricted writer to lose the other customer',
      );
      expect((await api().get(`${c()}/customer/${a!.id}/user`, tokens.writer)).body.Meta.code).toBe(200);
      // Names of customers the writer may not see stay hidden.
      const other = await restrict({ user_id: writer, customer_id: b!.id });
      const named = (await api().get(`${c()}/user/${writer}/customer`, tokens.writer)).body.Data as {
        id: number;
        name: string | null;
      }[];
      expect(named.find((r) => r.id === id)!.name).toBe(a!.name);
      expect(named.find((r) => r.id === other)!.name).toBeNull();
    } finally {
      await api().delete(`${c()}/accessrestriction/${demoWriter}`, tokens.admin);
    }
  });
});

describe('tenant isolation', () => {
  it('answers 1020 to the other company admin on every users call of the demo company', async () => {
    const calls: [string, string, object?][] = [
      ['GET', `${c()}/user?restricted=1`],
      ['GET', `${c()}/user/${ids.writer}/`],
      ['POST', `${c()}/user/`, { email: 'intruder@other.example', role: 2 }],
      ['PATCH', `${c()}/user/${ids.writer}`, { app: true }],
      ['DELETE', `${c()}/user/${ids.readonly}`],
      ['GET', `${c()}/user/${ids.writer}/customer`],
      ['GET', `${c()}/user/${ids.writer}/location`],
      ['GET', `${c()}/user/${ids.writer}/supplier`],
      ['GET', `${c()}/user/${ids.writer}/resend`],
      ['POST', `${c()}/accessrestriction/`, { user_id: ids.writer, customer_id: customers[0]!.id }],
      ['DELETE', `${c()}/accessrestriction/1`],
      ['GET', `${c()}/customer/${customers[0]!.id}/user`],
      ['GET', `${c()}/customer/${customers[0]!.id}/location/1/user`],
      ['GET', `${c()}/supplier/${suppliers[0]!.id}/user`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api().call(method, path, { token: tokens.other, body });
      expect([method, path, answer.body.Meta.code]).toEqual([method, path, 1020]);
    }
    expect((await api().get(`${c()}/user/${ids.readonly}`, tokens.admin)).body.Data.role).toBe(1);
  });
});
