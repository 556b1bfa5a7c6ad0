import type { UserDto } from '@kanban/contracts';
import { serviceSql } from '../support/orders-sql';
import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const names: Record<string, string> = {};

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['owner', 'admin', 'writer', 'readonly', 'customer', 'supplier']) {
    const session = await login(system, `${name}@demo.example`);
    tokens[name] = session.token;
    ids[name] = session.user.id;
    const user = session.user as UserDto;
    names[name] = [user.first_name, user.last_name].filter(Boolean).join(' ');
  }
  tokens.other = (await login(system, 'admin@other.example')).token;
  demoCompany = (await system.api.get('/company', tokens.admin)).body.Data[0].id;
  otherCompany = (await system.api.get('/company', tokens.other)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
type Row = { id: number; [key: string]: unknown };
type Change = {
  entity_kind: string;
  entity_id: number;
  action: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  user_id: number;
  user_name: string;
  at: string;
};

async function ok(answer: Promise<{ body: { Meta: { code: number }; Data: unknown } }>): Promise<Row> {
  const { body } = await answer;
  if (body.Meta.code !== 200) throw new Error(`call failed: ${JSON.stringify(body.Meta)}`);
  return body.Data as Row;
}

/** A statement on the catalog schema (`?` placeholders), in either run mode. */
function catalogSql<R>(sql: string, params: unknown[] = []): Promise<R[]> {
  return serviceSql<R>(system, 'catalog', sql, params);
}

/** Rule recipients as the notifications service will write them: one row per rule x contact. */
async function addRuleRecipient(kind: 'customer' | 'supplier', parentId: number, contactId: number, rule: [number, string]) {
  await catalogSql(
    `insert into catalog.contact_rule_recipient (company_id, rule_id, rule_name, contact_id, ${kind}_id) values (?, ?, ?, ?, ?)`,
    [demoCompany, rule[0], rule[1], contactId, parentId],
  );
}

async function recipientRowsOf(contactIds: number[]): Promise<number> {
  const [row] = await catalogSql<{ n: number }>(
    `select count(*)::int as n from catalog.contact_rule_recipient where contact_id in (${contactIds.map(() => '?').join(', ')})`,
    contactIds,
  );
  return Number(row!.n);
}

const parents = [
  { kind: 'customer', reader: 'customer', outsider: 'supplier' },
  { kind: 'supplier', reader: 'supplier', outsider: 'customer' },
] as const;

describe.each(parents)('contacts of a $kind', ({ kind, reader, outsider }) => {
  const root = () => `/c/${demoCompany}/${kind}`;
  let parentId: number;
  const base = () => `${root()}/${parentId}/contact`;

  let grant: number;

  beforeAll(async () => {
    parentId = (await ok(api().post(`${root()}/`, { name: `Contact Parent ${kind}` }, tokens.writer))).id;
    // The demo reader is restricted to one demo customer / supplier (demo data): grant it this parent too.
    grant = (await ok(api().post(`/c/${demoCompany}/accessrestriction`, { user_id: ids[reader], [`${kind}_id`]: parentId }, tokens.admin))).id;
    await eventually(async () => ((await api().get(`${root()}/${parentId}/contact`, tokens[reader])).body.Meta.code === 200 ? true : undefined), 20_000, 'the grant to reach the catalog');
  });

  afterAll(async () => {
    expect((await api().delete(`/c/${demoCompany}/accessrestriction/${grant}`, tokens.admin)).body.Meta.code).toBe(200);
  });

  it('creates a contact with every field, reads and lists it', async () => {
    const body = {
      first_name: 'Anna',
      name: 'Berger',
      gender: 'f',
      job_title: 'Einkauf',
      email: 'anna.berger@example.com',
      tel_mobile: '+49 171 1',
      tel_office: '+49 89 2',
      salutation_line: 'Sehr geehrte Frau Berger',
      ext_system_id: 'EXT-1',
    };
    const created = await ok(api().post(`${base()}/`, body, tokens.writer));
    expect(created).toMatchObject({ ...body, main: false, [`${kind}_id`]: parentId });
    const read = await api().get(`${base()}/${created.id}/`, tokens[reader]);
    expect(read.body.Meta.code).toBe(200);
    expect(read.body.Data).toEqual(created);
    const list = await api().get(`${base()}/?q=berger`, tokens.readonly);
    expect(list.body.Data).toMatchObject({
      total: 1,
      page: 1,
      items: [expect.objectContaining({ id: created.id })],
    });
  });

  it('filters, sorts and pages the list on the server', async () => {
    for (const [first, last, email] of [
      ['Carl', 'Zeller', 'c@list.example'],
      ['Bea', 'Adler', 'b@list.example'],
      ['Dora', 'Maurer', 'd@list.example'],
    ]) {
      await ok(api().post(`${base()}/`, { first_name: first, name: last, email }, tokens.writer));
    }
    const byName = await api().get(`${base()}?q=list.example&sort=name`, tokens.admin);
    expect(byName.body.Data.items.map((c: { name: string }) => c.name)).toEqual([
      'Adler',
      'Maurer',
      'Zeller',
    ]);
    const byFirstDesc = await api().get(
      `${base()}?q=list.example&sort=first_name&order=desc&per_page=2&page=2`,
      tokens.admin,
    );
    expect(byFirstDesc.body.Data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(byFirstDesc.body.Data.items.map((c: { first_name: string }) => c.first_name)).toEqual(['Bea']);
    expect((await api().get(`${base()}?sort=password`, tokens.admin)).body.Meta).toMatchObject({
      code: 1000,
      field: 'sort',
    });
  });

  it('updates the fields sent and answers 1000 naming the field for bad input', async () => {
    const created = await ok(api().post(`${base()}/`, { name: 'Patch', email: '' }, tokens.writer));
    const patched = await api().patch(
      `${base()}/${created.id}`,
      { job_title: 'Lager', email: 'patch@example.com' },
      tokens.writer,
    );
    expect(patched.body.Data).toMatchObject({
      name: 'Patch',
      job_title: 'Lager',
      email: 'patch@example.com',
    });
    expect(
      (await api().patch(`${base()}/${created.id}`, { email: 'not-an-address' }, tokens.writer)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'email' });
    expect(
      (await api().post(`${base()}/`, { name: 'X', email: 'a@b' }, tokens.writer)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'email' });
    expect(
      (await api().post(`${base()}/`, { first_name: 'No last name' }, tokens.writer)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'name' });
    expect(
      (await api().patch(`${base()}/${created.id}`, { name: '' }, tokens.writer)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'name' });
    expect(
      (await api().patch(`${base()}/${created.id}`, { gender: 'x' }, tokens.writer)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'gender' });
    expect((await api().get(`${base()}/abc/`, tokens.writer)).body.Meta).toMatchObject({
      code: 1000,
      field: 'contactID',
    });
    const unchanged = await api().get(`${base()}/${created.id}/`, tokens.writer);
    expect(unchanged.body.Data.email).toBe('patch@example.com');
  });

  it('keeps one main contact: setting one clears the other; safe to repeat', async () => {
    const a = await ok(api().post(`${base()}/`, { name: 'Main A' }, tokens.writer));
    const b = await ok(api().post(`${base()}/`, { name: 'Main B' }, tokens.writer));
    expect((await api().get(`${base()}/${a.id}/main`, tokens.writer)).body.Data.main).toBe(true);
    expect((await api().get(`${base()}/${a.id}/main`, tokens.writer)).body.Data.main).toBe(true);
    expect((await api().get(`${base()}/${b.id}/main`, tokens.writer)).body.Data.main).toBe(true);
    const all = await api().get(`${base()}?per_page=200`, tokens.admin);
    const mains = all.body.Data.items
      .filter((c: { main: boolean }) => c.main)
      .map((c: { id: number }) => c.id);
    expect(mains).toEqual([b.id]);
    expect((await api().get(`${base()}/${a.id}/`, tokens.admin)).body.Data.main).toBe(false);
  });

  it('answers the rules naming the contact (none until notification rules exist)', async () => {
    const c = await ok(api().post(`${base()}/`, { name: 'Rules' }, tokens.writer));
    const rules = await api().get(`${base()}/${c.id}/rules`, tokens[reader]);
    expect(rules.body).toMatchObject({ Meta: { code: 200 }, Data: [] });
    expect((await api().get(`${base()}/999999/rules`, tokens[reader])).body.Meta.code).toBe(404);
  });

  it('deletes a contact; afterwards it is unknown', async () => {
    const c = await ok(api().post(`${base()}/`, { name: 'Gone' }, tokens.writer));
    expect((await api().delete(`${base()}/${c.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${base()}/${c.id}/`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().delete(`${base()}/${c.id}`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().patch(`${base()}/${c.id}`, { name: 'x' }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`${base()}/${c.id}/main`, tokens.writer)).body.Meta.code).toBe(404);
  });

  it('answers 404 for unknown parents and for a contact under another parent', async () => {
    expect((await api().get(`${root()}/999999/contact`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().post(`${root()}/999999/contact/`, { name: 'x' }, tokens.admin)).body.Meta.code).toBe(
      404,
    );
    expect((await api().get(`${root()}/999999/changes/`, tokens.admin)).body.Meta.code).toBe(404);
    const c = await ok(api().post(`${base()}/`, { name: 'Elsewhere' }, tokens.writer));
    const sibling = (await ok(api().post(`${root()}/`, { name: `Sibling ${kind}` }, tokens.writer))).id;
    expect((await api().get(`${root()}/${sibling}/contact/${c.id}/`, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(`${root()}/${sibling}/contact/${c.id}`, tokens.admin)).body.Meta.code).toBe(
      404,
    );
  });

  it('lets readers read but not write, keeps the other group out', async () => {
    const c = await ok(api().post(`${base()}/`, { name: 'Roles' }, tokens.writer));
    for (const role of ['readonly', reader]) {
      expect((await api().get(base(), tokens[role])).body.Meta.code).toBe(200);
      expect((await api().get(`${root()}/${parentId}/changes/`, tokens[role])).body.Meta.code).toBe(200);
      expect((await api().post(`${base()}/`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${base()}/${c.id}`, { name: 'Nope' }, tokens[role])).body.Meta.code).toBe(
        1020,
      );
      expect((await api().get(`${base()}/${c.id}/main`, tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${base()}/${c.id}`, tokens[role])).body.Meta.code).toBe(1020);
    }
    expect((await api().get(base(), tokens[outsider])).body.Meta.code).toBe(1020);
    expect((await api().get(`${base()}/${c.id}/`, tokens[outsider])).body.Meta.code).toBe(1020);
    expect((await api().get(`${root()}/${parentId}/changes/`, tokens[outsider])).body.Meta.code).toBe(1020);
  });

  it("gives the other company's admin 1020 on every call, and 404 through their own company", async () => {
    const c = await ok(api().post(`${base()}/`, { name: 'Tenant' }, tokens.writer));
    const t = tokens.other;
    expect((await api().get(base(), t)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base()}/${c.id}/`, t)).body.Meta.code).toBe(1020);
    expect((await api().post(`${base()}/`, { name: 'x' }, t)).body.Meta.code).toBe(1020);
    expect((await api().patch(`${base()}/${c.id}`, { name: 'x' }, t)).body.Meta.code).toBe(1020);
    expect((await api().delete(`${base()}/${c.id}`, t)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base()}/${c.id}/main`, t)).body.Meta.code).toBe(1020);
    expect((await api().get(`${base()}/${c.id}/rules`, t)).body.Meta.code).toBe(1020);
    expect((await api().get(`${root()}/${parentId}/changes/`, t)).body.Meta.code).toBe(1020);
    const theirs = `/c/${otherCompany}/${kind}/${parentId}`;
    expect((await api().get(`${theirs}/contact`, t)).body.Meta.code).toBe(404);
    expect((await api().get(`${theirs}/contact/${c.id}/`, t)).body.Meta.code).toBe(404);
    expect((await api().patch(`${theirs}/contact/${c.id}`, { name: 'Stolen' }, t)).body.Meta.code).toBe(404);
    expect((await api().get(`${theirs}/changes/`, t)).body.Meta.code).toBe(404);
    expect((await api().get(`${base()}/${c.id}/`, tokens.admin)).body.Data.name).toBe('Tenant');
  });

  it(`logs create, edit and delete of the ${kind} and its contacts with action, field, old, new and user`, async () => {
    const parent = await ok(api().post(`${root()}/`, { name: `Logged ${kind}`, city: 'Ulm' }, tokens.writer));
    const changes = async (query = '') =>
      (await api().get(`${root()}/${parent.id}/changes/${query}`, tokens.admin)).body.Data;
    await ok(api().patch(`${root()}/${parent.id}`, { city: 'Graz', name: `Logged ${kind}` }, tokens.admin));
    const contact = await ok(
      api().post(`${root()}/${parent.id}/contact/`, { name: 'Logged', email: 'l@example.com' }, tokens.owner),
    );
    await ok(
      api().patch(
        `${root()}/${parent.id}/contact/${contact.id}`,
        { email: 'new@example.com' },
        tokens.writer,
      ),
    );
    await ok(api().get(`${root()}/${parent.id}/contact/${contact.id}/main`, tokens.writer));
    expect(
      (await api().delete(`${root()}/${parent.id}/contact/${contact.id}`, tokens.admin)).body.Meta.code,
    ).toBe(200);

    const page = await changes();
    const rows = (page.items as Change[]).map((c) => [
      c.entity_kind,
      c.action,
      c.field,
      c.old_value,
      c.new_value,
      c.user_id,
      c.user_name,
    ]);
    // Newest first; an edit that sends an unchanged value logs nothing for it.
    expect(rows).toEqual([
      ['contact', 'D', null, 'Logged', null, ids.admin, names.admin],
      ['contact', 'E', 'main', 'false', 'true', ids.writer, names.writer],
      ['contact', 'E', 'email', 'l@example.com', 'new@example.com', ids.writer, names.writer],
      ['contact', 'C', null, null, 'Logged', ids.owner, names.owner],
      [kind, 'E', 'city', 'Ulm', 'Graz', ids.admin, names.admin],
      [kind, 'C', null, null, `Logged ${kind}`, ids.writer, names.writer],
    ]);
    expect(page.total).toBe(6);
    expect(names.admin.length).toBeGreaterThan(0);

    // Filters: entity kind and id, time range, pages.
    expect((await changes(`?entity_kind=${kind}`)).total).toBe(2);
    const ofContact = await changes(`?entity_kind=contact&entity_id=${contact.id}&per_page=2&page=2`);
    expect(ofContact).toMatchObject({ total: 4, page: 2, per_page: 2 });
    expect(ofContact.items.map((c: Change) => c.field)).toEqual(['email', null]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await changes(`?from=${today}&to=${today}`)).total).toBe(6);
    expect((await changes(`?to=2000-01-01`)).total).toBe(0);
    expect((await changes(`?from=2999-01-01T00:00:00Z`)).total).toBe(0);
    expect(
      (await api().get(`${root()}/${parent.id}/changes/?from=yesterday`, tokens.admin)).body.Meta,
    ).toMatchObject({ code: 1000, field: 'from' });

    // (De)activation is an edit of the active flag.
    const flagName = kind === 'customer' ? 'inactive' : 'active';
    await ok(api().get(`${root()}/${parent.id}/toggleActive?active=0`, tokens.writer));
    expect((await changes('?per_page=1')).items[0]).toMatchObject({
      entity_kind: kind,
      action: 'E',
      field: flagName,
      user_id: ids.writer,
    });
  });

  it(`deletes the contacts with the ${kind} (cascade) and logs the delete`, async () => {
    const parent = await ok(api().post(`${root()}/`, { name: `Cascade ${kind}` }, tokens.writer));
    const contact = await ok(
      api().post(`${root()}/${parent.id}/contact/`, { name: 'Cascaded' }, tokens.writer),
    );
    expect((await api().delete(`${root()}/${parent.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect(
      (await api().get(`${root()}/${parent.id}/contact/${contact.id}/`, tokens.admin)).body.Meta.code,
    ).toBe(404);
    // Recreating nothing: the log outlives the entity, but the parent's changes/ is gone with it (404).
    expect((await api().get(`${root()}/${parent.id}/changes/`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('drops the rule recipients naming a deleted contact, and those of the contacts of a deleted parent', async () => {
    const kept = await ok(api().post(`${base()}/`, { name: 'Recipient kept' }, tokens.writer));
    const gone = await ok(api().post(`${base()}/`, { name: 'Recipient gone' }, tokens.writer));
    for (const c of [kept, gone]) await addRuleRecipient(kind, parentId, c.id, [9001, 'Order mail']);
    await addRuleRecipient(kind, parentId, gone.id, [9002, 'Daily digest']);
    const owner = { customer_id: kind === 'customer' ? parentId : null, supplier_id: kind === 'supplier' ? parentId : null };
    expect((await api().get(`${base()}/${gone.id}/rules`, tokens[reader])).body.Data).toEqual([
      { rule_id: 9002, rule_name: 'Daily digest', ...owner },
      { rule_id: 9001, rule_name: 'Order mail', ...owner },
    ]);
    expect((await api().delete(`${base()}/${gone.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect(await recipientRowsOf([gone.id])).toBe(0);
    expect(await recipientRowsOf([kept.id])).toBe(1);
    expect((await api().get(`${base()}/${kept.id}/rules`, tokens[reader])).body.Data).toHaveLength(1);

    // a deleted customer/supplier: its contacts go (cascade), and so do the rows naming them
    const parent = await ok(api().post(`${root()}/`, { name: `Recipients ${kind}` }, tokens.writer));
    const contacts = [
      await ok(api().post(`${root()}/${parent.id}/contact/`, { name: 'Recipient one' }, tokens.writer)),
      await ok(api().post(`${root()}/${parent.id}/contact/`, { name: 'Recipient two' }, tokens.writer)),
    ];
    for (const c of contacts) await addRuleRecipient(kind, parent.id, c.id, [9003, 'Supply mail']);
    expect(await recipientRowsOf(contacts.map((c) => c.id))).toBe(2);
    expect((await api().delete(`${root()}/${parent.id}`, tokens.writer)).body.Meta.code).toBe(200);
    expect(await recipientRowsOf(contacts.map((c) => c.id))).toBe(0);
    expect(await recipientRowsOf([kept.id])).toBe(1);
  });
});

describe('the change log covers every master-data kind built on MasterDataService', () => {
  it("files a location's create, edit and delete under its customer", async () => {
    const root = `/c/${demoCompany}/customer`;
    const customer = await ok(api().post(`${root}/`, { name: 'Location Log Customer' }, tokens.writer));
    const location = await ok(
      api().post(`${root}/${customer.id}/location/`, { name: 'Halle Log', city: 'Ulm' }, tokens.writer),
    );
    await ok(api().patch(`${root}/${customer.id}/location/${location.id}`, { city: 'Graz' }, tokens.admin));
    expect(
      (await api().delete(`${root}/${customer.id}/location/${location.id}`, tokens.writer)).body.Meta.code,
    ).toBe(200);
    const page = (await api().get(`${root}/${customer.id}/changes/?entity_kind=location`, tokens.readonly))
      .body.Data;
    expect(
      (page.items as Change[]).map((c) => [
        c.entity_id,
        c.action,
        c.field,
        c.old_value,
        c.new_value,
        c.user_id,
      ]),
    ).toEqual([
      [location.id, 'D', null, 'Halle Log', null, ids.writer],
      [location.id, 'E', 'city', 'Ulm', 'Graz', ids.admin],
      [location.id, 'C', null, null, 'Halle Log', ids.writer],
    ]);
  });
});

describe('demo contacts', () => {
  it('gives every active demo customer and supplier contacts with exactly one main contact', async () => {
    for (const kind of ['customer', 'supplier']) {
      const parents = (
        await api().get(
          `/c/${demoCompany}/${kind}?q=${kind === 'customer' ? 'K-1000' : 'L-'}&all=1`,
          tokens.admin,
        )
      ).body.Data.items as Row[];
      expect(parents.length).toBe(3);
      for (const parent of parents) {
        const list = (await api().get(`/c/${demoCompany}/${kind}/${parent.id}/contact`, tokens.admin)).body
          .Data;
        expect(list.total).toBeGreaterThanOrEqual(2);
        expect(list.items.filter((c: { main: boolean }) => c.main)).toHaveLength(1);
      }
    }
  });
});

describe('access restrictions reach contacts and the change log', () => {
  async function restrict(body: Record<string, number>): Promise<number> {
    return (await ok(api().post(`/c/${demoCompany}/accessrestriction`, body, tokens.admin))).id;
  }
  const until = (check: () => Promise<boolean>, what: string) =>
    eventually(async () => ((await check()) ? true : undefined), 20_000, what);

  it('shows a customer user only their customer’s contacts and changes', async () => {
    const base = `/c/${demoCompany}/customer`;
    const mine = await ok(api().post(`${base}/`, { name: 'Restricted Contacts Mine' }, tokens.admin));
    const theirs = await ok(api().post(`${base}/`, { name: 'Restricted Contacts Theirs' }, tokens.admin));
    const hidden = await ok(api().post(`${base}/${theirs.id}/contact/`, { name: 'Hidden' }, tokens.admin));
    await ok(api().post(`${base}/${mine.id}/contact/`, { name: 'Visible' }, tokens.admin));
    const id = await restrict({ user_id: ids.customer, customer_id: mine.id });
    try {
      // The demo customer user is restricted to K-10001 already (demo data): `theirs` stays hidden.
      await until(
        async () => (await api().get(`${base}/${mine.id}/contact`, tokens.customer)).body.Meta.code === 200,
        'the restriction to reach the catalog',
      );
      const own = await api().get(`${base}/${mine.id}/contact`, tokens.customer);
      expect(own.body.Data.items.map((c: { name: string }) => c.name)).toEqual(['Visible']);
      expect(
        (await api().get(`${base}/${theirs.id}/contact/${hidden.id}/`, tokens.customer)).body.Meta.code,
      ).toBe(404);
      expect(
        (await api().get(`${base}/${theirs.id}/contact/${hidden.id}/rules`, tokens.customer)).body.Meta.code,
      ).toBe(404);
      expect((await api().get(`${base}/${theirs.id}/changes/`, tokens.customer)).body.Meta.code).toBe(404);
      expect((await api().get(`${base}/${mine.id}/changes/`, tokens.customer)).body.Data.total).toBe(2);
    } finally {
      expect(
        (await api().delete(`/c/${demoCompany}/accessrestriction/${id}`, tokens.admin)).body.Meta.code,
      ).toBe(200);
    }
    await until(
      async () => (await api().get(`${base}/${mine.id}/contact`, tokens.customer)).body.Meta.code === 404,
      'the customer user to lose the grant again',
    );
    expect((await api().get(`${base}/${theirs.id}/contact`, tokens.admin)).body.Meta.code).toBe(200);
  });

  it('keeps a restricted writer from changing contacts of other suppliers', async () => {
    const base = `/c/${demoCompany}/supplier`;
    const mine = await ok(api().post(`${base}/`, { name: 'Restricted Supplier Mine' }, tokens.admin));
    const theirs = await ok(api().post(`${base}/`, { name: 'Restricted Supplier Theirs' }, tokens.admin));
    const contact = await ok(
      api().post(`${base}/${theirs.id}/contact/`, { name: 'Untouchable' }, tokens.admin),
    );
    const id = await restrict({ user_id: ids.writer, supplier_id: mine.id });
    try {
      await until(
        async () => (await api().get(`${base}/${theirs.id}/contact`, tokens.writer)).body.Meta.code === 404,
        'the restriction to reach the catalog',
      );
      expect(
        (await api().patch(`${base}/${theirs.id}/contact/${contact.id}`, { name: 'x' }, tokens.writer)).body
          .Meta.code,
      ).toBe(404);
      expect(
        (await api().get(`${base}/${theirs.id}/contact/${contact.id}/main`, tokens.writer)).body.Meta.code,
      ).toBe(404);
      expect(
        (await api().delete(`${base}/${theirs.id}/contact/${contact.id}`, tokens.writer)).body.Meta.code,
      ).toBe(404);
      expect(
        (await api().post(`${base}/${theirs.id}/contact/`, { name: 'x' }, tokens.writer)).body.Meta.code,
      ).toBe(404);
      expect(
        (await api().post(`${base}/${mine.id}/contact/`, { name: 'Allowed' }, tokens.writer)).body.Meta.code,
      ).toBe(200);
    } finally {
      expect(
        (await api().delete(`/c/${demoCompany}/accessrestriction/${id}`, tokens.admin)).body.Meta.code,
      ).toBe(200);
    }
    await until(
      async () => (await api().get(`${base}/${theirs.id}/contact`, tokens.writer)).body.Meta.code === 200,
      'the writer to see all again',
    );
  });
});
