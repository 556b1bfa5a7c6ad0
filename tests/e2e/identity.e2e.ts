import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const DEMO_ROLES: Record<string, number> = {
  owner: 6,
  admin: 3,
  writer: 2,
  readonly: 1,
  customer: 4,
  supplier: 5,
};

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['operator', ...Object.keys(DEMO_ROLES)]) {
    const session = await login(system, `${name}@demo.example`);
    tokens[name] = session.token;
    ids[name] = session.user.id;
  }
  const other = await login(system, 'admin@other.example');
  tokens.other = other.token;
  ids.other = other.user.id;
  demoCompany = (await system.api.get('/company', tokens.admin)).body.Data[0].id;
  otherCompany = (await system.api.get('/company', tokens.other)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const webKey = () => ({ 'X-API-Key': system.apiKeys.web });
const appKey = () => ({ 'X-API-Key': system.apiKeys.app });

async function mailTo(address: string, subjectPart: string) {
  return eventually(
    async () => (await system.mails()).reverse().find((m) => m.to.includes(address) && m.subject.includes(subjectPart)),
    15_000,
    `mail "${subjectPart}" to ${address}`,
  );
}

function tokenIn(text: string): string {
  const match = /token=([0-9a-f-]{36}\.[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no token in mail: ${text}`);
  return match[1]!;
}

describe('envelope and protocol', () => {
  it('answers success in the envelope', async () => {
    const answer = await api().get('/health');
    expect(answer.status).toBe(200);
    expect(answer.body.Meta).toEqual({ code: 200, message: '' });
    expect(answer.body.Data.status).toBe('ok');
  });

  it('reports readiness of every service over the bus', async () => {
    const answer = await api().get('/health/ready');
    expect(answer.body.Data.services).toEqual({ identity: true, catalog: true, orders: true, supply: true, notifications: true });
  });

  it('answers malformed JSON with 1000, never a stack trace', async () => {
    const answer = await api().call('POST', '/authenticate', { rawBody: '{"Email": ', headers: webKey() });
    expect(answer.status).toBe(422);
    expect(answer.body.Meta.code).toBe(1000);
    expect(answer.body.Meta.message).toMatch(/malformed JSON/);
    expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.js/);
  });

  it('answers an oversized body with 413 and 1000', async () => {
    const answer = await api().call('POST', '/authenticate', {
      rawBody: JSON.stringify({ Email: 'x@y.z', Password: 'p'.repeat(2_000_000) }),
      headers: webKey(),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.Meta.code).toBe(1000);
    expect(answer.body.Meta.message).toMatch(/too large/);
  });

  it('answers a wrong type with 1000 naming the field', async () => {
    const answer = await api().post('/authenticate', { Email: 5, Password: 'x' }, undefined, webKey());
    expect(answer.body.Meta.code).toBe(1000);
    expect(answer.body.Meta.field).toBe('Email');
    expect(answer.body.Meta.message).toMatch(/Email/);
  });

  it('answers unknown calls with a 404 envelope', async () => {
    const answer = await api().get('/no/such/call', tokens.admin);
    expect(answer.status).toBe(404);
    expect(answer.body.Meta.code).toBe(404);
  });

  it('refuses calls without or with a bad token with 401', async () => {
    expect((await api().get('/company')).status).toBe(401);
    const bad = await api().get('/company', 'not.a.token');
    expect(bad.status).toBe(401);
    expect(bad.body.Meta.code).toBe(401);
  });

  it('serves the OpenAPI document', async () => {
    const response = await fetch(`${system.url}/api/docs/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/authenticate', '/api/c/{companyID}/user']));
    expect((await fetch(`${system.url}/api/docs`)).status).toBe(200);
  });

  it('answers non-API paths with the web app (history fallback)', async () => {
    const response = await fetch(`${system.url}/c/1/customer/2`);
    expect(response.status).toBe(200);
  });
});

describe('authentication', () => {
  it('signs in every demo user and answers user, token and refresh_token', async () => {
    for (const email of ['operator', 'owner', 'admin', 'writer', 'readonly', 'customer', 'supplier'].map((n) => `${n}@demo.example`)) {
      const answer = await api().post('/authenticate', { Email: email, Password: 'demo12345' }, undefined, webKey());
      expect(answer.body.Meta.code).toBe(200);
      expect(answer.body.Data.user.email).toBe(email);
      expect(answer.body.Data.token).toEqual(expect.any(String));
      expect(answer.body.Data.refresh_token).toEqual(expect.any(String));
      expect(answer.body.Data.user).not.toHaveProperty('password_hash');
      expect(answer.body.Data.user).not.toHaveProperty('passwordHash');
    }
  });

  it('requires a known client key', async () => {
    const none = await api().post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' });
    expect(none.body.Meta.code).toBe(1020);
    const wrong = await api().post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' }, undefined, { 'X-API-Key': 'nope' });
    expect(wrong.body.Meta.code).toBe(1020);
  });

  it('answers wrong credentials with 1026, for unknown e-mails too', async () => {
    const wrong = await api().post('/authenticate', { Email: 'writer@demo.example', Password: 'wrong-password' }, undefined, webKey());
    expect(wrong.status).toBe(401);
    expect(wrong.body.Meta.code).toBe(1026);
    const unknown = await api().post('/authenticate', { Email: 'nobody@demo.example', Password: 'whatever1' }, undefined, webKey());
    expect(unknown.body.Meta.code).toBe(1026);
    // A success resets the failure count.
    await login(system, 'writer@demo.example');
  });

  it('locks after 5 failures in a row (1028) until a password reset', async () => {
    const invite = await api().post(`/c/${demoCompany}/user`, { email: 'locked@demo.example', role: 2, first_name: 'Lo', last_name: 'Cked' }, tokens.admin);
    expect(invite.body.Meta.code).toBe(200);
    const setup = tokenIn((await mailTo('locked@demo.example', 'invited')).text);
    const registered = await api().post('/register', { token: setup, password: 'first-pass-1', password_confirm: 'first-pass-1', first_name: 'Lo', last_name: 'Cked' });
    expect(registered.body.Meta.code).toBe(200);

    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await api().post('/authenticate', { Email: 'locked@demo.example', Password: 'bad-pass' }, undefined, webKey())).body.Meta.code);
    }
    expect(codes).toEqual([1026, 1026, 1026, 1026, 1028]);
    const correct = await api().post('/authenticate', { Email: 'locked@demo.example', Password: 'first-pass-1' }, undefined, webKey());
    expect(correct.body.Meta.code).toBe(1028);

    expect((await api().post('/resetpass', { Email: 'locked@demo.example' })).body.Meta.code).toBe(200);
    const reset = tokenIn((await mailTo('locked@demo.example', 'Reset')).text);
    const mismatch = await api().post('/resetpass', { token: reset, password: 'new-pass-12', password_confirm: 'other-pass' });
    expect(mismatch.body.Meta).toMatchObject({ code: 1000, field: 'password_confirm', message: 'Passwords are not equal' });
    expect((await api().post('/resetpass', { token: reset, password: 'new-pass-12', password_confirm: 'new-pass-12' })).body.Meta.code).toBe(200);
    const again = await api().post('/resetpass', { token: reset, password: 'new-pass-13', password_confirm: 'new-pass-13' });
    expect(again.body.Meta.code).toBe(1000);
    const after = await api().post('/authenticate', { Email: 'locked@demo.example', Password: 'new-pass-12' }, undefined, webKey());
    expect(after.body.Meta.code).toBe(200);
  });

  it('answers a reset request for an unknown address like a known one', async () => {
    const answer = await api().post('/resetpass', { Email: 'unknown-person@demo.example' });
    expect(answer.body.Meta.code).toBe(200);
  });

  it('rotates refresh tokens; a spent one within the grace window answers the same successor', async () => {
    const first = await login(system, 'readonly@demo.example');
    const second = await api().post('/refresh_token', { RefreshToken: first.refresh_token });
    expect(second.body.Meta.code).toBe(200);
    expect(second.body.Data.refresh_token).not.toBe(first.refresh_token);
    expect((await api().get('/company', second.body.Data.token)).body.Meta.code).toBe(200);

    // Within REFRESH_GRACE_S; after it, reuse revokes the family (tests/e2e/sessions.e2e.ts).
    const again = await api().post('/refresh_token', { RefreshToken: first.refresh_token });
    expect(again.body.Data.refresh_token).toBe(second.body.Data.refresh_token);
    // Another session of the same user is untouched.
    const other = await login(system, 'readonly@demo.example');
    expect((await api().post('/refresh_token', { RefreshToken: other.refresh_token })).body.Meta.code).toBe(200);
  });

  it('answers garbage refresh tokens with 1026', async () => {
    expect((await api().post('/refresh_token', { RefreshToken: 'garbage' })).body.Meta.code).toBe(1026);
    expect((await api().post('/refresh_token', {})).body.Meta).toMatchObject({ code: 1000, field: 'RefreshToken' });
  });

  it('lets only users and customers use the app', async () => {
    const admin = await api().post('/authenticate', { Email: 'admin@demo.example', Password: 'demo12345' }, undefined, appKey());
    expect(admin.body.Meta.code).toBe(200);
    const customer = await api().post('/authenticate', { Email: 'customer@demo.example', Password: 'demo12345' }, undefined, appKey());
    expect(customer.body.Meta.code).toBe(200);
    const supplier = await api().post('/authenticate', { Email: 'supplier@demo.example', Password: 'demo12345' }, undefined, appKey());
    expect(supplier.body.Meta).toMatchObject({ code: 1020, message: 'Only Users and Customers are allowed' });
    const readonly = await api().post('/authenticate', { Email: 'readonly@demo.example', Password: 'demo12345' }, undefined, appKey());
    expect(readonly.body.Meta.code).toBe(1020);
  });
});

describe('registration and confirmation', () => {
  it('opens a company for a new user after e-mail confirmation', async () => {
    const mismatch = await api().post('/register', {
      email: 'new-owner@shop.example', password: 'secret-123', password_confirm: 'secret-124', first_name: 'Nina', last_name: 'New', company_name: 'Nina GmbH',
    });
    expect(mismatch.body.Meta).toMatchObject({ code: 1000, message: 'Passwords are not equal' });
    const short = await api().post('/register', {
      email: 'new-owner@shop.example', password: 'short', password_confirm: 'short', first_name: 'Nina', last_name: 'New', company_name: 'Nina GmbH',
    });
    expect(short.body.Meta).toMatchObject({ code: 1000, field: 'password' });
    const registered = await api().post('/register', {
      email: 'new-owner@shop.example', password: 'secret-123', password_confirm: 'secret-123', first_name: 'Nina', last_name: 'New', company_name: 'Nina GmbH',
    });
    expect(registered.body.Data).toMatchObject({ confirmation_required: true });

    const early = await api().post('/authenticate', { Email: 'new-owner@shop.example', Password: 'secret-123' }, undefined, webKey());
    expect(early.body.Meta.code).toBe(1020);

    const token = tokenIn((await mailTo('new-owner@shop.example', 'Confirm')).text);
    expect((await api().post('/confirm', { token })).body.Meta.code).toBe(200);
    const session = await login(system, 'new-owner@shop.example', 'secret-123');
    const companies = (await api().get('/company', session.token)).body.Data;
    expect(companies).toEqual([expect.objectContaining({ name: 'Nina GmbH', user_role: 6 })]);

    const duplicate = await api().post('/register', {
      email: 'NEW-owner@shop.example', password: 'secret-123', password_confirm: 'secret-123', first_name: 'N', last_name: 'N', company_name: 'X',
    });
    expect(duplicate.body.Meta.code).toBe(1001);
    expect((await api().post('/confirm', { token: 'bad' })).body.Meta.code).toBe(1000);
  });
});

describe('profile', () => {
  it('lists the companies of the caller with the role', async () => {
    const answer = await api().get('/company', tokens.writer);
    expect(answer.body.Data).toEqual([expect.objectContaining({ id: demoCompany, name: 'Demo Distribution GmbH', user_role: 2, user_app: false })]);
    expect((await api().get('/company', tokens.other)).body.Data).toEqual([expect.objectContaining({ id: otherCompany, user_role: 3 })]);
  });

  it('tells each member whether the app is granted to them', async () => {
    expect((await api().get('/company', tokens.admin)).body.Data).toEqual([expect.objectContaining({ id: demoCompany, user_app: true })]);
    expect((await api().get(`/c/${demoCompany}`, tokens.admin)).body.Data).toMatchObject({ id: demoCompany, user_app: true });
    expect((await api().get(`/c/${demoCompany}`, tokens.writer)).body.Data).toMatchObject({ id: demoCompany, user_app: false });
  });

  it('counts app usage per kind', async () => {
    expect((await api().get('/user/appusage', tokens.admin)).body.Data).toEqual({ user: 1, customer: 0, supplier: 0, readonly: 0, allowed: true });
    expect((await api().get('/user/appusage', tokens.supplier)).body.Data).toMatchObject({ supplier: 1, allowed: false });
  });

  it('updates the own profile and validates initials', async () => {
    const tooLong = await api().post('/auth/user/update', { initials: 'ABC' }, tokens.customer);
    expect(tooLong.body.Meta).toMatchObject({ code: 1000, field: 'initials' });
    const emptyName = await api().post('/auth/user/update', { first_name: '' }, tokens.customer);
    expect(emptyName.body.Meta).toMatchObject({ code: 1000, field: 'first_name' });
    const updated = await api().post('/auth/user/update', { initials: 'CC', pref_language: 'de', data: { shortcuts: ['dashboard', 'orders'] } }, tokens.customer);
    expect(updated.body.Data).toMatchObject({ initials: 'CC', pref_language: 'de', data: { shortcuts: ['dashboard', 'orders'] } });
    const patched = await api().patch(`/user/${ids.customer}`, { job_title: 'Buyer' }, tokens.customer);
    expect(patched.body.Data).toMatchObject({ job_title: 'Buyer', initials: 'CC', email: 'customer@demo.example' });
    const email = await api().patch(`/user/${ids.customer}`, { email: 'hacker@x.example' }, tokens.customer);
    expect(email.body.Data.email).toBe('customer@demo.example');
    expect((await api().patch(`/user/${ids.admin}`, { job_title: 'x' }, tokens.customer)).body.Meta.code).toBe(1020);
    expect((await api().patch('/user/abc', { job_title: 'x' }, tokens.customer)).body.Meta).toMatchObject({ code: 1000, field: 'userID' });
  });

  it('changes the password with the spec messages and signs out other sessions', async () => {
    const invite = await api().post(`/c/${demoCompany}/user`, { email: 'changer@demo.example', role: 2 }, tokens.admin);
    expect(invite.body.Meta.code).toBe(200);
    const setup = tokenIn((await mailTo('changer@demo.example', 'invited')).text);
    await api().post('/register', { token: setup, password: 'changer-1', password_confirm: 'changer-1', first_name: 'Chan', last_name: 'Ger' });
    const a = await login(system, 'changer@demo.example', 'changer-1');
    const b = await login(system, 'changer@demo.example', 'changer-1');

    expect((await api().post('/user/changepass', { current_password: 'changer-1', password: 'short', password_confirm: 'short' }, a.token)).body.Meta).toMatchObject({ code: 1000, field: 'password' });
    expect((await api().post('/user/changepass', { current_password: 'changer-1', password: 'long-enough', password_confirm: '' }, a.token)).body.Meta).toMatchObject({
      code: 1000,
      message: 'Password confirm is required',
    });
    expect((await api().post('/user/changepass', { current_password: 'changer-1', password: 'long-enough', password_confirm: 'different1' }, a.token)).body.Meta).toMatchObject({
      code: 1000,
      message: 'Passwords do not match',
    });
    expect((await api().post('/user/changepass', { current_password: 'changer-1', password: 'long-enough', password_confirm: 'long-enough' }, a.token)).body.Meta.code).toBe(200);
    expect((await api().post('/authenticate', { Email: 'changer@demo.example', Password: 'changer-1' }, undefined, webKey())).body.Meta.code).toBe(1026);
    await login(system, 'changer@demo.example', 'long-enough');
    expect((await api().post('/refresh_token', { RefreshToken: b.refresh_token })).body.Meta.code).toBe(1026);
    expect((await api().post('/refresh_token', { RefreshToken: a.refresh_token })).body.Meta.code).toBe(200);
  });
});

describe('company', () => {
  it('shows the company to every member and lets owners edit it', async () => {
    for (const role of Object.keys(DEMO_ROLES)) {
      const answer = await api().get(`/c/${demoCompany}`, tokens[role]);
      expect(answer.body.Data).toMatchObject({ id: demoCompany, user_role: DEMO_ROLES[role] });
    }
    expect((await api().patch(`/c/${demoCompany}`, { city: 'Ulm' }, tokens.writer)).body.Meta.code).toBe(1020);
    expect((await api().patch(`/c/${demoCompany}`, { country_iso: 'XX' }, tokens.owner)).body.Meta).toMatchObject({ code: 1000, field: 'country_iso' });
    const edited = await api().patch(`/c/${demoCompany}`, { city: 'Stuttgart-Vaihingen', country_iso: 'DE' }, tokens.owner);
    expect(edited.body.Data).toMatchObject({ city: 'Stuttgart-Vaihingen' });
  });

  it('sends support requests by mail and requires subject and message', async () => {
    const missing = await api().post(`/c/${demoCompany}/support`, { subject: 'Help' }, tokens.customer);
    expect(missing.body.Meta).toMatchObject({ code: 1000, field: 'message' });
    const sent = await api().post(`/c/${demoCompany}/support`, { subject: 'Scanner broken', message: 'Line 1\nLine 2' }, tokens.supplier);
    expect(sent.body.Data.id).toEqual(expect.any(Number));
    const mail = await mailTo('support@kanban.example', 'Scanner broken');
    expect(mail.text).toContain('Line 1\nLine 2');
    expect(mail.text).toContain('supplier@demo.example');
  });

  it('shows licence statistics to owners only', async () => {
    const stats = await api().get(`/c/${demoCompany}/licensestats`, tokens.owner);
    expect(stats.body.Data.kinds).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'supplier', used: 1, limit: 50 })]));
    expect((await api().get(`/c/${demoCompany}/licensestats`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().get(`/c/${demoCompany}/licensestats`, tokens.writer)).body.Meta.code).toBe(1020);
  });
});

describe('company users and access restrictions', () => {
  it('lists users for the user group with filter, sort and paging', async () => {
    const all = await api().get(`/c/${demoCompany}/user?sort=email&order=asc&per_page=3&page=1`, tokens.writer);
    expect(all.body.Meta.code).toBe(200);
    expect(all.body.Data.items).toHaveLength(3);
    expect(all.body.Data.total).toBeGreaterThanOrEqual(6);
    const emails = all.body.Data.items.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    const search = await api().get(`/c/${demoCompany}/user?q=supplier`, tokens.admin);
    expect(search.body.Data.items.map((u: { email: string }) => u.email)).toEqual(['supplier@demo.example']);
    expect((await api().get(`/c/${demoCompany}/user`, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().get(`/c/${demoCompany}/user`, tokens.customer)).body.Meta.code).toBe(1020);
    expect((await api().get(`/c/${demoCompany}/user?per_page=0`, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'per_page' });
  });

  it('invites, edits, resends and removes users', async () => {
    const created = await api().post(`/c/${demoCompany}/user`, { email: 'Invitee@Demo.example', role: 4, first_name: 'In', last_name: 'Vitee', app: true }, tokens.admin);
    expect(created.body.Data).toMatchObject({ email: 'invitee@demo.example', role: 4, app: true, invitation_pending: true });
    const userId = created.body.Data.id as number;
    await mailTo('invitee@demo.example', 'invited');
    expect((await api().post(`/c/${demoCompany}/user`, { email: 'invitee@demo.example', role: 2 }, tokens.admin)).body.Meta.code).toBe(1001);
    expect((await api().post(`/c/${demoCompany}/user`, { email: 'x@demo.example', role: 9 }, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'role' });
    expect((await api().post(`/c/${demoCompany}/user`, { email: 'x@demo.example', role: 2 }, tokens.writer)).body.Meta.code).toBe(1020);

    expect((await api().get(`/c/${demoCompany}/user/${userId}`, tokens.writer)).body.Data).toMatchObject({ id: userId, role: 4 });
    const toSupplier = await api().patch(`/c/${demoCompany}/user/${userId}`, { role: 5 }, tokens.admin);
    expect(toSupplier.body.Meta).toMatchObject({ code: 1000, message: 'Only Users and Customers are allowed', field: 'app' });
    const edited = await api().patch(`/c/${demoCompany}/user/${userId}`, { role: 5, app: false, job_title: 'Sales' }, tokens.admin);
    expect(edited.body.Data).toMatchObject({ role: 5, app: false, job_title: 'Sales' });
    expect((await api().patch(`/c/${demoCompany}/user/${userId}`, { role: 2 }, tokens.writer)).body.Meta.code).toBe(1020);

    expect((await api().get(`/c/${demoCompany}/user/${userId}/resend`, tokens.admin)).body.Meta.code).toBe(200);
    await eventually(async () => ((await system.mails()).filter((m) => m.to.includes('invitee@demo.example')).length >= 2 ? true : undefined));
    expect((await api().get(`/c/${demoCompany}/user/${ids.writer}/resend`, tokens.admin)).body.Meta.code).toBe(1000);

    expect((await api().delete(`/c/${demoCompany}/user/${ids.admin}`, tokens.admin)).body.Meta.code).toBe(1000);
    expect((await api().delete(`/c/${demoCompany}/user/${userId}`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().get(`/c/${demoCompany}/user/${userId}`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('stores access restrictions and filters users with them', async () => {
    const add = (body: object, token = tokens.admin) => api().post(`/c/${demoCompany}/accessrestriction`, body, token);
    // Restrictions point to real customers and suppliers of the company (checked against the catalog).
    // The demo data restricts the customer user to the first customer and the supplier user to the first supplier.
    const [c11, c12] = (await api().get(`/c/${demoCompany}/customer?sort=nr`, tokens.admin)).body.Data.items.map((c: { id: number }) => c.id);
    const [s31, s32] = (await api().get(`/c/${demoCompany}/supplier?sort=nr`, tokens.admin)).body.Data.items.map((c: { id: number }) => c.id);
    expect((await api().get(`/c/${demoCompany}/user/${ids.customer}/customer`, tokens.writer)).body.Data).toEqual([expect.objectContaining({ customer_id: c11 })]);
    const customer = await add({ user_id: ids.customer, customer_id: c12 });
    expect(customer.body.Data).toMatchObject({ user_id: ids.customer, customer_id: c12, location_id: null });
    const [l21] = (await api().get(`/c/${demoCompany}/customer/${c11}/location?sort=nr`, tokens.admin)).body.Data.items.map((l: { id: number }) => l.id);
    expect((await add({ user_id: ids.customer, location_id: 999_999 })).body.Meta.code).toBe(1000);
    await add({ user_id: ids.customer, location_id: l21 });
    await add({ user_id: ids.supplier, supplier_id: s32 });
    expect((await add({ user_id: ids.customer, customer_id: c11 })).body.Meta.code).toBe(1059);
    expect((await add({ user_id: ids.supplier, supplier_id: s31 })).body.Meta.code).toBe(1059);
    expect((await add({ user_id: ids.customer })).body.Meta.code).toBe(1000);
    expect((await add({ user_id: ids.customer, customer_id: 1, supplier_id: 2 })).body.Meta.code).toBe(1000);
    expect((await add({ user_id: ids.other, customer_id: c11 })).body.Meta.code).toBe(404);
    expect((await add({ user_id: ids.customer, customer_id: c12 }, tokens.writer)).body.Meta.code).toBe(1020);

    expect((await api().get(`/c/${demoCompany}/user/${ids.customer}/customer`, tokens.writer)).body.Data).toEqual([
      expect.objectContaining({ customer_id: c11 }),
      expect.objectContaining({ customer_id: c12 }),
    ]);
    expect((await api().get(`/c/${demoCompany}/user/${ids.customer}/location`, tokens.writer)).body.Data).toEqual([expect.objectContaining({ location_id: l21 })]);
    expect((await api().get(`/c/${demoCompany}/user/${ids.supplier}/supplier`, tokens.writer)).body.Data).toEqual([
      expect.objectContaining({ supplier_id: s31 }),
      expect.objectContaining({ supplier_id: s32 }),
    ]);
    const restricted = await api().get(`/c/${demoCompany}/user?restricted=1`, tokens.admin);
    const byEmail = Object.fromEntries(restricted.body.Data.items.map((u: { email: string; access_restrictions: number }) => [u.email, u.access_restrictions]));
    expect(byEmail).toEqual({ 'customer@demo.example': 3, 'supplier@demo.example': 2 });

    const id = customer.body.Data.id as number;
    expect((await api().delete(`/c/${demoCompany}/accessrestriction/${id}`, tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().delete(`/c/${demoCompany}/accessrestriction/${id}`, tokens.admin)).body.Meta.code).toBe(404);
  });

  it('enforces licence limits with 1058', async () => {
    const readonlyUsed = (await api().get(`/c/${demoCompany}/licensestats`, tokens.owner)).body.Data.kinds.find((k: { kind: string }) => k.kind === 'readonly').used as number;
    const limited = await api().patch(`/platform/companies/${demoCompany}`, { license: { max_readonly: readonlyUsed } }, tokens.operator);
    expect(limited.body.Data.license.max_readonly).toBe(readonlyUsed);
    const over = await api().post(`/c/${demoCompany}/user`, { email: 'one-too-many@demo.example', role: 1 }, tokens.admin);
    expect(over.body.Meta.code).toBe(1058);
    await api().patch(`/platform/companies/${demoCompany}`, { license: { max_readonly: 25 } }, tokens.operator);
    expect((await api().post(`/c/${demoCompany}/user`, { email: 'one-too-many@demo.example', role: 1 }, tokens.admin)).body.Meta.code).toBe(200);
  });
});

describe('platform operator', () => {
  it('creates companies and sets licence limits', async () => {
    const created = await api().post('/platform/companies', { name: 'Fresh Tenant AG', license: { max_users: 3 }, owner_email: 'writer@demo.example' }, tokens.operator);
    expect(created.body.Data).toMatchObject({ name: 'Fresh Tenant AG', license: expect.objectContaining({ max_users: 3 }), user_count: 1 });
    const list = await api().get('/platform/companies', tokens.operator);
    expect(list.body.Data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Demo Distribution GmbH', 'Other Industrial Supply AG', 'Fresh Tenant AG']));
    expect((await api().post('/platform/companies', { name: '' }, tokens.operator)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    for (const role of ['owner', 'admin']) {
      expect((await api().get('/platform/companies', tokens[role])).body.Meta.code).toBe(1020);
      expect((await api().post('/platform/companies', { name: 'X' }, tokens[role])).body.Meta.code).toBe(1020);
    }
    // A new membership shows after the next token refresh.
    const writer = await login(system, 'writer@demo.example');
    const companies = (await api().get('/company', writer.token)).body.Data.map((c: { name: string }) => c.name);
    expect(companies).toEqual(expect.arrayContaining(['Fresh Tenant AG', 'Demo Distribution GmbH']));
  });
});

describe('role groups (spec 6)', () => {
  const matrix: { call: () => [string, string, object?]; allowed: string[] }[] = [
    { call: () => ['GET', `/c/${demoCompany}`], allowed: ['owner', 'admin', 'writer', 'readonly', 'customer', 'supplier'] },
    { call: () => ['PATCH', `/c/${demoCompany}`, { state: 'BW' }], allowed: ['owner', 'admin'] },
    { call: () => ['GET', `/c/${demoCompany}/licensestats`], allowed: ['owner', 'admin'] },
    { call: () => ['GET', `/c/${demoCompany}/user`], allowed: ['owner', 'admin', 'writer'] },
    { call: () => ['GET', `/c/${demoCompany}/user/${ids.writer}/customer`], allowed: ['owner', 'admin', 'writer'] },
    { call: () => ['PATCH', `/c/${demoCompany}/user/${ids.readonly}`, { job_title: 'Reader' }], allowed: ['admin'] },
    { call: () => ['POST', `/c/${demoCompany}/accessrestriction`, { user_id: ids.readonly }], allowed: ['admin'] },
  ];

  it.each(matrix.map((m, i) => [i, m] as const))('call %i passes exactly its group', async (_i, { call, allowed }) => {
    const [method, path, body] = call();
    for (const role of Object.keys(DEMO_ROLES)) {
      const answer = await api().call(method, path, { token: tokens[role], body });
      if (allowed.includes(role)) expect([role, answer.body.Meta.code]).not.toEqual([role, 1020]);
      else expect([role, answer.body.Meta.code]).toEqual([role, 1020]);
    }
  });
});

describe('tenant isolation', () => {
  it('answers 1020 to the other company admin on every company call of the demo company', async () => {
    const c = `/c/${demoCompany}`;
    const calls: [string, string, object?][] = [
      ['GET', c],
      ['PATCH', c, { city: 'Bern' }],
      ['POST', `${c}/support`, { subject: 's', message: 'm' }],
      ['POST', `${c}/accessrestriction`, { user_id: ids.writer, customer_id: 1 }],
      ['DELETE', `${c}/accessrestriction/1`],
      ['GET', `${c}/licensestats`],
      ['GET', `${c}/user`],
      ['POST', `${c}/user`, { email: 'intruder@other.example', role: 2 }],
      ['GET', `${c}/user/${ids.writer}`],
      ['PATCH', `${c}/user/${ids.writer}`, { role: 3 }],
      ['DELETE', `${c}/user/${ids.writer}`],
      ['GET', `${c}/user/${ids.writer}/customer`],
      ['GET', `${c}/user/${ids.writer}/location`],
      ['GET', `${c}/user/${ids.writer}/supplier`],
      ['GET', `${c}/user/${ids.writer}/resend`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api().call(method, path, { token: tokens.other, body });
      expect([method, path, answer.status, answer.body.Meta.code]).toEqual([method, path, 403, 1020]);
    }
    // And nothing changed: the writer is still there with role 2.
    expect((await api().get(`${c}/user/${ids.writer}`, tokens.admin)).body.Data.role).toBe(2);
  });

  it('answers 1020 for a company id that is not a membership', async () => {
    expect((await api().get(`/c/${otherCompany}`, tokens.admin)).body.Meta.code).toBe(1020);
    expect((await api().get('/c/999999', tokens.admin)).body.Meta.code).toBe(1020);
    expect((await api().get('/c/abc', tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'companyID' });
  });
});
