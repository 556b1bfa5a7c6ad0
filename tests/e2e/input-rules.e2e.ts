import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

/**
 * Issue 14, "no 500 for any input": texts that look like SQL are stored as they are (the embedded driver once took a
 * ";" in a value for a second statement), NUL characters and unpaired surrogates are refused by the gateway naming the
 * field, sort keys are checked against their lists (never looked up on Object.prototype), and over-long texts answer
 * 1000 naming the field, with the limit stated in the OpenAPI document.
 */
let system: TestSystem;
let tokens: Record<string, string>;
let demo: number;

beforeAll(async () => {
  system = await startSystem();
  ({ tokens, demo } = await signInDemo(system));
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;

const HOSTILE = [
  'Schraube M8; verzinkt',
  'x;y',
  `O'Brien "quoted"; drop table catalog.customer; --`,
  'a -- b /* c; */',
  '$1 $$ $tag$ ? ?? :name @p',
  'back\\slash\\; C:\\temp\\',
  'Emoji 🔩🚚; Ümläute ß Ø',
  "E'\\x41'; select 1",
];

describe('texts that look like SQL are stored unchanged', () => {
  let customerId: number;

  it.each(HOSTILE)('customer, supplier, location and contact named %j', async (name) => {
    const customer = ok(await api().post(`/c/${demo}/customer/`, { name, description: name }, tokens.writer));
    customerId ??= customer.id;
    expect(customer).toMatchObject({ name, description: name });
    expect(ok(await api().get(`/c/${demo}/customer/${customer.id}/`, tokens.writer))).toMatchObject({ name, description: name });

    const supplier = ok(await api().post(`/c/${demo}/supplier/`, { name }, tokens.writer));
    expect(ok(await api().get(`/c/${demo}/supplier/${supplier.id}/`, tokens.writer)).name).toBe(name);

    const location = ok(await api().post(`/c/${demo}/customer/${customer.id}/location/`, { name, description: name }, tokens.writer));
    expect(ok(await api().get(`/c/${demo}/customer/${customer.id}/location/${location.id}/`, tokens.writer))).toMatchObject({
      name,
      description: name,
    });

    const contact = ok(await api().post(`/c/${demo}/customer/${customer.id}/contact/`, { name, first_name: name, job_title: name }, tokens.writer));
    expect(ok(await api().get(`/c/${demo}/customer/${customer.id}/contact/${contact.id}/`, tokens.writer))).toMatchObject({
      name,
      first_name: name,
      job_title: name,
    });

    // Changed to another such text, and found by a search holding it.
    const renamed = `${name} (2; again)`;
    expect(ok(await api().patch(`/c/${demo}/supplier/${supplier.id}`, { name: renamed }, tokens.writer)).name).toBe(renamed);
    const found = ok(await api().get(`/c/${demo}/supplier/?q=${encodeURIComponent(renamed.slice(0, 100))}`, tokens.writer));
    expect(found.items.map((s: { id: number }) => s.id)).toContain(supplier.id);
  });

  it('keeps a name of exactly the limit', async () => {
    const name = `${'ä'.repeat(199)};`;
    expect(ok(await api().post(`/c/${demo}/customer/`, { name }, tokens.writer)).name).toBe(name);
  });

  it('the demo customer list still reads (nothing was dropped)', async () => {
    expect(ok(await api().get(`/c/${demo}/customer/?all=1&per_page=200`, tokens.writer)).total).toBeGreaterThan(HOSTILE.length);
    expect(customerId).toBeGreaterThan(0);
  });
});

describe('NUL characters and unpaired surrogates', () => {
  it.each([
    ['NUL', 'Schraube\u0000M8'],
    ['unpaired high surrogate', 'Schraube \ud83d'],
    ['unpaired low surrogate', '\udd29 Schraube'],
  ])('%s in a body field answers 1000 naming it, nothing stored', async (_what, bad) => {
    const before = ok(await api().get(`/c/${demo}/customer/?all=1&per_page=1`, tokens.writer)).total;
    const answer = await api().post(`/c/${demo}/customer/`, { name: 'fine', city: bad }, tokens.writer);
    expect(answer.status).toBe(422);
    expect(meta(answer)).toMatchObject({ code: 1000, field: 'city' });
    expect(ok(await api().get(`/c/${demo}/customer/?all=1&per_page=1`, tokens.writer)).total).toBe(before);
  });

  it('in nested fields, field names and the query as well', async () => {
    const customer = ok(await api().post(`/c/${demo}/customer/`, { name: 'Nested checks' }, tokens.writer));
    const values = { token: tokens.admin, body: { values: { industry: 'a\u0000' } } };
    expect(meta(await api().call('PUT', `/c/${demo}/customfields/values/customer/${customer.id}`, values))).toMatchObject({
      code: 1000,
      field: 'values.industry',
    });
    expect(meta(await api().post(`/c/${demo}/customer/`, { name: 'x', '\ud800': 1 }, tokens.writer))).toMatchObject({ code: 1000, field: '\\ud800' });
    expect(meta(await api().get(`/c/${demo}/customer/?q=a%00b`, tokens.writer))).toMatchObject({ code: 1000, field: 'q' });
    expect(meta(await api().get(`/c/${demo}/user?q=%00`, tokens.admin))).toMatchObject({ code: 1000, field: 'q' });
  });

  it('a body nested deeper than 32 levels answers 1000', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const answer = await api().call('POST', `/c/${demo}/customer/`, { token: tokens.writer, rawBody: `{"name":"deep","x":${deep}}` });
    expect(meta(answer)).toMatchObject({ code: 1000, field: expect.stringMatching(/^x(\.0)+$/), message: expect.stringMatching(/nested/) });
  });
});

describe('sort and order parameters', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'password'])('sort=%s answers 1000 naming sort', async (sort) => {
    for (const path of [`/c/${demo}/user`, `/c/${demo}/customer/`, `/c/${demo}/supplier/`]) {
      const answer = await api().get(`${path}?sort=${sort}`, tokens.admin);
      expect({ path, ...meta(answer) }).toMatchObject({ path, code: 1000, field: 'sort' });
    }
  });

  it('known keys still sort', async () => {
    const users = ok(await api().get(`/c/${demo}/user?sort=created_at&order=desc`, tokens.admin));
    expect(users.items.length).toBeGreaterThan(0);
    expect(meta(await api().get(`/c/${demo}/user?order=constructor`, tokens.admin))).toMatchObject({ code: 1000, field: 'order' });
  });
});

describe('numbers and nulls', () => {
  it.each([1e308, 1_000_001, 2 ** 53])('page %d answers 1000 naming page (lists, statistics details)', async (page) => {
    const details = await api().post(`/c/${demo}/stats/orders/details`, { page }, tokens.admin);
    expect({ status: details.status, ...meta(details) }).toMatchObject({ status: 422, code: 1000, field: 'page' });
    const list = await api().get(`/c/${demo}/customer/?page=${page}`, tokens.writer);
    expect(meta(list)).toMatchObject({ code: 1000, field: 'page' });
  });

  it('the last page allowed answers an empty page', async () => {
    const list = ok(await api().get(`/c/${demo}/customer/?page=1000000`, tokens.writer));
    expect(list.items).toEqual([]);
  });

  it('null for a name that cannot be empty answers 1000 naming it (a new user: was 500)', async () => {
    for (const field of ['first_name', 'last_name']) {
      const answer = await api().post(`/c/${demo}/user`, { email: `null-${field}@input-rules.example`, role: 2, [field]: null }, tokens.admin);
      expect({ status: answer.status, ...meta(answer) }).toMatchObject({ status: 422, code: 1000, field });
    }
  });

  it('the location report refuses a missing location with the envelope', async () => {
    const customers = ok(await api().get(`/c/${demo}/customer/?per_page=1`, tokens.writer));
    const answer = await api().post(`/c/${demo}/customer/${customers.items[0].id}/report/location`, { location_id: null }, tokens.admin);
    expect(meta(answer)).toMatchObject({ code: 1000, field: 'location_id' });
  });
});

describe('maximum lengths', () => {
  it.each([
    ['customer name', `/c/${'{demo}'}/customer/`, { name: 'x'.repeat(201) }, 'name'],
    ['customer description', `/c/${'{demo}'}/customer/`, { name: 'ok', description: 'x'.repeat(2001) }, 'description'],
    ['supplier name', `/c/${'{demo}'}/supplier/`, { name: 'y'.repeat(5000) }, 'name'],
  ])('an over-long %s answers 1000 naming the field', async (_what, path, body, field) => {
    const answer = await api().post(path.replace('{demo}', String(demo)), body, tokens.writer);
    expect(meta(answer)).toMatchObject({ code: 1000, field });
  });

  it('the OpenAPI document states the limits', async () => {
    const response = await fetch(`${system.url}/api/docs/openapi.json`);
    const document = (await response.json()) as { components: { schemas: Record<string, { properties: Record<string, { maxLength?: number }> }> } };
    const schemas = document.components.schemas;
    expect(schemas.CustomerCreateDto!.properties.name!.maxLength).toBe(200);
    expect(schemas.CustomerCreateDto!.properties.description!.maxLength).toBe(2000);
    expect(schemas.ContactCreateDto!.properties.email!.maxLength).toBe(254);
  });
});
