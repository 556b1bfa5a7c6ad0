/**
 * Fuzz suite (issue 14): every call of docs/openapi.json (read at test time, so a new call is fuzzed without new code)
 * with bad bodies, bad ids and bad query parameters, as staff, as another tenant and as lesser roles. Every answer must
 * be the envelope `{Meta:{code,message},Data}` with a catalogue code and its HTTP status, never a 5xx; hostile texts that
 * are valid text are saved and read back unchanged. Order: GET lists and reads, then writes, then the round trip of
 * hostile texts, then the GET calls that change data, the deletes (deepest paths first) and the password change (it
 * signs the writer's sessions out).
 */
import { httpStatusOf, type AnyCode } from '@kanban/access';
import { login, signInDemo, startSystem, type TestSystem } from '../support/system';
import {
  BAD_IDS,
  BAD_QUERY_VALUES,
  CATALOGUE_CODES,
  freeTextProps,
  HOSTILE,
  type Input,
  loadOperations,
  type Operation,
  pool,
  type Schema,
  VALID_HOSTILE,
  withRaw,
  wrongValues,
} from '../support/fuzz';

jest.setTimeout(900_000);

const { operations, resolve } = loadOperations();
const CONCURRENCY = 4;

let system: TestSystem;
let tokens: Record<string, string> = {};
let userIds: Record<string, number> = {};
let demo = 0;
let other = 0;
let targetUserId = 0;
let platformCompanyId = 0;
/** ids valid bodies use (first of each demo list) */
const bodyIds: Record<string, number> = {};

const callsTried = new Set<string>();
let inputsTried = 0;
let answered5xx = 0;
const unresolved = new Set<string>();
/** write calls whose valid body was accepted: the round trip of hostile texts uses those */
const validAccepted = new Set<string>();
const validRefused = new Map<string, string>();

/**
 * The spoiled bodies and query values a call gets: all of them against the distributed run; against the embedded run
 * (PGlite in the test's process, the slower half of the CI time) a fixed half chosen by a hash of call and input, so
 * every kind of input is still tried there on about half of the calls. Bad ids, foreign ids, roles and the round trip
 * of hostile texts are not sampled (README "Tests", fuzz suite).
 */
function sampled<T extends { label: string }>(op: Operation, inputs: T[]): T[] {
  if (system.mode !== 'embedded') return inputs;
  return inputs.filter((input) => {
    let hash = 0;
    for (const ch of `${opName(op)} ${input.label}`) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
    return (hash & 1) === 0 || input.label === 'valid';
  });
}

type Problem = { call: string; input: string; status: number; meta: string };
const opName = (op: Operation) => `${op.method} ${op.path}`;

beforeAll(async () => {
  system = await startSystem(undefined, { demoHistory: true });
  const demoLogins = await signInDemo(system);
  tokens = { ...demoLogins.tokens, operator: (await login(system, 'operator@demo.example')).token };
  userIds = demoLogins.ids;
  demo = demoLogins.demo;
  other = demoLogins.other;
  // The user the user calls change and delete (never a demo login; a customer user, so restrictions fit), and the
  // company the platform calls change.
  // Seats enough for the users the fuzz invites (each valid invitation takes one; a full licence answers 1058).
  const seats = {
    max_users: 10_000,
    max_customers: 10_000,
    max_suppliers: 10_000,
    max_readonly: 10_000,
    max_app_users: 10_000,
  };
  const licence = await system.api.patch(`/platform/companies/${demo}`, { license: seats }, tokens.operator);
  if (licence.body.Meta.code !== 200) throw new Error(`demo licence: ${JSON.stringify(licence.body.Meta)}`);
  const user = await system.api.post(
    `/c/${demo}/user`,
    { email: 'fuzz-target@example.com', role: 4 },
    tokens.admin,
  );
  targetUserId = user.body.Data?.id;
  if (typeof targetUserId !== 'number')
    throw new Error(`fuzz target user: ${JSON.stringify(user.body.Meta)}`);
  const company = await system.api.post(
    '/platform/companies',
    { name: 'Fuzz Platform AG', owner_email: 'fuzz-target@example.com' },
    tokens.operator,
  );
  platformCompanyId = company.body.Data?.id;
  if (typeof platformCompanyId !== 'number')
    throw new Error(`fuzz platform company: ${JSON.stringify(company.body.Meta)}`);
  bodyIds.customer_id = (await firstId(`/c/${demo}/customer`, tokens.admin!))!;
  bodyIds.location_id = (await firstId(
    `/c/${demo}/customer/${bodyIds.customer_id}/location`,
    tokens.admin!,
  ))!;
  bodyIds.item_id = (await firstId(`/c/${demo}/customer/${bodyIds.customer_id}/item`, tokens.admin!))!;
  bodyIds.supplier_id = (await firstId(`/c/${demo}/supplier`, tokens.admin!))!;
  bodyIds.catalog_id = (await firstId(`/c/${demo}/supplier/${bodyIds.supplier_id}/catalog`, tokens.admin!))!;
  bodyIds.user_id = targetUserId;
  for (const [name, id] of Object.entries(bodyIds))
    if (typeof id !== 'number') throw new Error(`no demo id for ${name}`);
});

afterAll(async () => {
  process.stdout.write(
    `\nfuzz (${system?.mode}): ${callsTried.size} calls × ${inputsTried} inputs tried, ${answered5xx} answered 5xx` +
      (unresolved.size ? `; path parameters without a real id (1 used): ${[...unresolved].join(', ')}` : '') +
      '\n' +
      `fuzz (${system?.mode}): valid bodies refused (their calls' checks go deeper with a better one): ` +
      `${[...validRefused].map(([call, meta]) => `${call} ${meta}`).join('; ') || 'none'}\n`,
  );
  await system?.close();
});

// ---------------------------------------------------------------- sending and checking

/** Sends one input and checks the answer: the envelope, a catalogue code, its HTTP status, no 5xx. */
async function send(
  op: Operation,
  input: string,
  url: string,
  token: string | undefined,
  problems: Problem[],
  body?: { body?: unknown; raw?: string },
): Promise<{ status: number; code?: number; data?: any; meta?: unknown }> {
  callsTried.add(opName(op));
  inputsTried++;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (op.headers.includes('X-API-Key')) headers['X-API-Key'] = system.apiKeys.web;
  let text: string | undefined;
  if (body?.raw !== undefined) text = body.raw;
  else if (body && 'body' in body) text = JSON.stringify(body.body);
  if (text !== undefined) headers['content-type'] = 'application/json';
  const problem = (status: number, meta: string) =>
    problems.push({ call: opName(op), input, status, meta: meta.slice(0, 300) });
  let response: Response;
  try {
    response = await fetch(`${system.url}/api${url}`, { method: op.method, headers, body: text });
  } catch (error) {
    problem(0, `request failed: ${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`);
    return { status: 0 };
  }
  // 1056 is an outside server's own refusal (server verify: its 502 is the catalogue's status, not a failure of ours)
  const outsideServer = (meta: { code?: unknown } | undefined) => response.status === 502 && meta?.code === 1056;
  if (response.status >= 500) answered5xx++;
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 200 && !type.includes('json')) {
    // A document (PDF, image) as the answer of a successful call.
    await response.arrayBuffer();
    return { status: 200, code: 200 };
  }
  const answer = await response.text();
  let envelope: any;
  try {
    envelope = JSON.parse(answer);
  } catch {
    problem(response.status, `not JSON: ${answer.slice(0, 200)}`);
    return { status: response.status };
  }
  const meta = envelope?.Meta;
  if (typeof meta?.code !== 'number' || typeof meta?.message !== 'string' || !('Data' in envelope)) {
    problem(response.status, `not the envelope: ${answer.slice(0, 200)}`);
  } else if (!CATALOGUE_CODES.has(meta.code)) {
    problem(response.status, `code outside the catalogue: ${JSON.stringify(meta)}`);
  } else if (response.status >= 500 && !outsideServer(meta)) {
    problem(response.status, JSON.stringify(meta));
  } else if (
    response.status !== httpStatusOf(meta.code as AnyCode) &&
    !(response.status === 413 && meta.code === 1000)
  ) {
    problem(response.status, `HTTP status does not fit the code: ${JSON.stringify(meta)}`);
  }
  return { status: response.status, code: meta?.code, data: envelope?.Data, meta };
}

function report(problems: Problem[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const p of problems) {
    const key = `${p.call} ${p.status} ${p.meta}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`${p.call} [${p.input}] -> ${p.status} ${p.meta}`);
  }
  return `${problems.length} bad answers (${lines.length} distinct):\n${lines.slice(0, 60).join('\n')}`;
}

function expectNoProblems(problems: Problem[]) {
  if (problems.length) throw new Error(report(problems));
}

// ---------------------------------------------------------------- path parameters

const idCache = new Map<string, number | undefined>();
/** ids created by the fuzz's own POSTs, by collection URL: the deletes take these, never the demo data */
const created = new Map<string, number[]>();

/** The first id a GET list answers (`Data.items[]` or `Data[]`), cached. */
async function firstId(url: string, token: string): Promise<number | undefined> {
  const key = `${token.slice(-12)} ${url}`;
  if (idCache.has(key)) return idCache.get(key);
  const response = await fetch(`${system.url}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  const data = response.ok ? ((await response.json()) as { Data: any }).Data : undefined;
  const rows: any[] = Array.isArray(data) ? data : Array.isArray(data?.items) ? data.items : [];
  const id = rows.find((row) => typeof row?.id === 'number')?.id as number | undefined;
  idCache.set(key, id);
  return id;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/** Path parameters that are not "the id of the first row of the list above": a small table. */
async function specialParam(
  name: string,
  op: Operation,
  company: number,
  token: string,
): Promise<string | undefined> {
  if (name === 'userID')
    return String(
      op.path.startsWith('/user/') ? userIds.writer : company === demo ? targetUserId : userIds.other,
    );
  if (name === 'companyId') return String(platformCompanyId);
  if (name === 'requestID') return String((await firstId(`/c/${company}/requests`, token)) ?? 1);
  if (name === 'entity') return 'customer';
  if (name === 'entityID') return String((await firstId(`/c/${company}/customer`, token)) ?? 1);
  if (name === 'pos' || name === 'imageID') return '1';
  if (name === 'key') return '0123456789abcdef0123456789abcdef';
  return undefined;
}

/**
 * Real values for the path parameters of `op` in `company`, found through the GET lists (see specialParam); with
 * `preferCreated` the last one is what the fuzz's own POSTs created there, when they did.
 */
async function resolvePath(
  op: Operation,
  company: number,
  token: string,
  preferCreated: boolean,
): Promise<Record<string, string>> {
  const values: Record<string, string> = { companyID: String(company) };
  const segments = op.path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const name = /^\{(\w+)\}$/.exec(segments[i]!)?.[1];
    if (!name || name === 'companyID') continue;
    const special = await specialParam(name, op, company, token);
    if (special !== undefined) {
      values[name] = special;
      continue;
    }
    const collection = fill(segments.slice(0, i).join('/'), values);
    const mine = created.get(collection);
    const last = !segments.slice(i + 1).some((segment) => segment.startsWith('{'));
    let id = preferCreated && last && mine?.length ? mine[mine.length - 1] : await firstId(collection, token);
    // A customer or supplier below another list (the supplier's assortment per customer): one of the company's.
    if (id === undefined && (name === 'customerID' || name === 'supplierID'))
      id = await firstId(`/c/${company}/${name.slice(0, -2)}`, token);
    if (id === undefined) unresolved.add(`${name} (${company === demo ? 'demo' : 'other'}: ${collection})`);
    values[name] = String(id ?? 1);
  }
  return values;
}

/** The token a call is tried with as staff: the admin; the platform's calls as operator; the own profile as writer. */
function staffToken(op: Operation): string | undefined {
  if (/^\/(authenticate|refresh_token|resetpass|register|confirm)$/.test(op.path)) return undefined;
  if (op.path.startsWith('/platform')) return tokens.operator;
  if (op.path.startsWith('/user/') || op.path.startsWith('/auth/user')) return tokens.writer;
  return tokens.admin;
}

const tenantScoped = (op: Operation) => op.path.startsWith('/c/') || op.path.startsWith('/v2/c/');

// ---------------------------------------------------------------- bodies

let counter = 0;

/** Values valid bodies need beyond their schema types. */
function namedValue(name: string): unknown {
  switch (name) {
    case 'owner_email':
      return 'fuzz-target@example.com';
    case 'email':
      return `fuzz-${++counter}@example.com`;
    case 'Email':
      return 'nobody@fuzz.example';
    case 'Password':
      return 'not-the-password';
    case 'password':
    case 'password_confirm':
    case 'current_password':
      return 'demo12345';
    case 'RefreshToken':
    case 'token':
      return '00000000-0000-0000-0000-000000000000.fuzz';
    case 'role':
      return 2;
    case 'capacity':
      return 10;
    case 'quantity':
    case 'stock':
      return 1;
    case 'values':
      return {};
    case 'ids':
      return [];
    default:
      return bodyIds[name];
  }
}

/** A valid value for a schema: required properties only, fresh texts (numbers, names and keys stay unique). */
function validValue(schema: Schema | undefined, name = ''): unknown {
  const named = namedValue(name);
  if (named !== undefined) return named;
  const s = resolve(schema);
  if (!s) return {};
  if (s.enum) return s.enum.find((v) => v !== '') ?? s.enum[0];
  switch (s.type) {
    case 'string':
      return `fuzz_${++counter}`.slice(0, s.maxLength ?? 100);
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return resolve(s.items)?.type === 'object' ? [validValue(s.items)] : [];
    case undefined:
    default: {
      const body: Record<string, unknown> = {};
      for (const prop of s.required ?? []) body[prop] = validValue(s.properties?.[prop], prop);
      return body;
    }
  }
}

/** What a valid body needs beyond its required properties, by call. */
const VALID_EXTRAS: Record<string, () => Record<string, unknown>> = {
  'POST /c/{companyID}/accessrestriction': () => ({ customer_id: bodyIds.customer_id }),
  'POST /c/{companyID}/user': () => ({ role: 2 }),
  'POST /platform/companies': () => ({ name: `Fuzz ${++counter} AG` }),
  'PATCH /c/{companyID}/customer/{customerID}/location/{locationID}/delivery': () => ({
    delivery_days: ['monday'],
  }),
  'POST /v2/c/{companyID}/journal/acknowledge': () => ({ all: true }),
  'POST /resetpass': () => ({ Email: 'nobody@fuzz.example' }),
  'POST /register': () => ({ email: `fuzz-${++counter}@example.com`, company_name: `Fuzz ${counter} GmbH` }),
  // a server nobody listens on (port 1 of loopback): its verify answers 1056 at once
  'POST /c/{companyID}/server': () => ({ host: '127.0.0.1', port: 1 }),
  // an e-mail rule needs a subject or an e-mail template; a recipient its address (docs/notification-rules.md)
  'POST /c/{companyID}/customer/{customerID}/notificationrule': () => ({ subject: 'Fuzz {{order.id}}' }),
  'POST /c/{companyID}/customer/{customerID}/location/{locationID}/notificationrule': () => ({ subject: 'Fuzz {{order.id}}' }),
  'POST /c/{companyID}/supplier/{supplierID}/notificationrule': () => ({ subject: 'Fuzz {{order.id}}' }),
  'POST /c/{companyID}/customer/{customerID}/notificationrule/{ruleID}/recipient': () => ({ kind: 'email', email: `fuzz-${++counter}@example.com` }),
  'POST /c/{companyID}/customer/{customerID}/location/{locationID}/notificationrule/{ruleID}/recipient': () => ({ kind: 'email', email: `fuzz-${++counter}@example.com` }),
  'POST /c/{companyID}/supplier/{supplierID}/notificationrule/{ruleID}/recipient': () => ({ kind: 'email', email: `fuzz-${++counter}@example.com` }),
};

const validBody = (op: Operation) => ({
  ...(validValue(op.body) as Record<string, unknown>),
  ...VALID_EXTRAS[opName(op)]?.(),
});

/** The bad (and one valid) bodies for a write call. */
function bodyInputs(op: Operation): Input[] {
  const inputs: Input[] = [{ label: 'valid', body: validBody(op) }];
  inputs.push({ label: 'no body' }, { label: '{}', body: {} });
  for (const raw of ['null', '[]', '"text"', '42', '{', '{"a":1,}', '{"a":"\\ud800"}'])
    inputs.push({ label: `raw ${raw}`, raw });
  const props = resolve(op.body)?.properties ?? {};
  const required = resolve(op.body)?.required ?? [];
  inputs.push({ label: 'extra field', body: { ...validBody(op), fuzz_extra: 'x' } });
  const proto = JSON.stringify(validBody(op));
  const join = (pair: string) => (proto === '{}' ? `{${pair}}` : `{${pair},${proto.slice(1)}`);
  inputs.push({ label: '__proto__ key', raw: join('"__proto__":{"role":6,"operator":true,"companyId":1}') });
  inputs.push({ label: 'constructor key', raw: join('"constructor":{"prototype":{"polluted":1}}') });
  inputs.push({
    label: 'prototype keys',
    body: { ...validBody(op), prototype: 1, toString: 'x', hasOwnProperty: 'x', valueOf: 1 },
  });
  for (const [name, schema] of Object.entries(props)) {
    if (required.includes(name)) {
      const body = validBody(op);
      delete body[name];
      inputs.push({ label: `${name} missing`, body });
    }
    for (const wrong of wrongValues(resolve(schema) ?? {})) {
      const body = validBody(op);
      inputs.push(
        wrong.raw !== undefined
          ? { label: `${name}: ${wrong.label}`, raw: withRaw(body, name, wrong.raw) }
          : { label: `${name}: ${wrong.label}`, body: { ...body, [name]: wrong.value } },
      );
    }
    if (resolve(schema)?.type === 'string')
      inputs.push({
        label: `${name}: __proto__ inside`,
        raw: withRaw(validBody(op), name, '{"__proto__":{"x":1}}'),
      });
  }
  const texts = Object.entries(props)
    .filter(([, s]) => resolve(s)?.type === 'string')
    .map(([name]) => name);
  if (texts.length) {
    const hostile = Object.entries(HOSTILE);
    for (const [label, text] of hostile) {
      const body = validBody(op);
      for (const name of texts) body[name] = text;
      inputs.push({ label: `every text: ${label}`, body });
    }
  }
  return inputs;
}

/** Bad values for each path parameter (the others real), and another tenant's ids. */
async function idInputs(
  op: Operation,
  values: Record<string, string>,
  foreign: Record<string, string> | undefined,
) {
  const out: { label: string; url: string }[] = [];
  for (const name of op.pathParams) {
    for (const bad of BAD_IDS)
      out.push({ label: `${name}=${bad}`, url: fill(op.path, { ...values, [name]: bad }) });
    if (foreign && name !== 'companyID' && foreign[name] && foreign[name] !== values[name]) {
      out.push({
        label: `${name} of the other tenant`,
        url: fill(op.path, { ...values, [name]: foreign[name]! }),
      });
    }
  }
  if (foreign && op.pathParams.length > 1)
    out.push({
      label: 'every id of the other tenant',
      url: fill(op.path, { ...foreign, companyID: String(demo) }),
    });
  return out;
}

function queryInputs(op: Operation): { label: string; query: string }[] {
  const out: { label: string; query: string }[] = [];
  const enc = encodeText;
  for (const name of op.query) {
    // Texts looked up by key or matched as patterns get the hostile texts and the array forms.
    const text = ['q', 'sort', 'order', 'filter', 'match'].includes(name);
    const values = [...BAD_QUERY_VALUES, ...(text ? Object.values(HOSTILE) : ['a;b', "'", '%'])];
    for (const value of values)
      out.push({ label: `${name}=${JSON.stringify(value).slice(0, 40)}`, query: `${name}=${enc(value)}` });
    if (!text) continue;
    out.push({ label: `${name} twice`, query: `${name}=a&${name}=b` });
    out.push({ label: `${name}[]`, query: `${name}[]=x` });
    out.push({ label: `${name}[__proto__]`, query: `${name}[__proto__]=x` });
    out.push({ label: `${name}[constructor][prototype]`, query: `${name}[constructor][prototype]=x` });
  }
  if (op.query.length) {
    out.push({ label: '__proto__[polluted]', query: '__proto__[polluted]=1' });
    out.push({ label: 'constructor[prototype][polluted]', query: 'constructor[prototype][polluted]=1' });
  }
  return out;
}

/** encodeURIComponent, except that a lone surrogate is sent as the three bytes UTF-8 would give it (not valid UTF-8). */
function encodeText(text: string): string {
  return text.replace(/[\s\S]/gu, (ch) => {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(ch);
  });
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

// ---------------------------------------------------------------- phases

const isWrite = (op: Operation) => op.method !== 'GET';
const isLast = (op: Operation) => op.path === '/user/changepass';
const depth = (op: Operation) => op.path.split('/').length;
/** GET calls that change data (switches, a rule's run, a mail sent again): tried after the round trip, with the deletes */
const changesState = (op: Operation) =>
  op.method === 'GET' && /\/(toggleActive|toggleSubscription|execute|resend)$/.test(op.path);

/** One GET call: bad query parameters, bad ids and the other tenant's ids, the other tenant and lesser roles. */
async function fuzzGet(op: Operation, problems: Problem[]) {
  const token = staffToken(op);
  const values = await resolvePath(op, demo, token ?? tokens.admin!, false);
  const url = fill(op.path, values);
  const foreign = tenantScoped(op) ? await resolvePath(op, other, tokens.other!, false) : undefined;
  const jobs: { label: string; url: string; token?: string }[] = [];
  for (const q of sampled(op, queryInputs(op))) jobs.push({ label: q.label, url: withQuery(url, q.query), token });
  for (const bad of await idInputs(op, values, foreign)) jobs.push({ ...bad, token });
  if (tenantScoped(op)) {
    jobs.push({ label: 'as the other tenant', url, token: tokens.other });
    jobs.push({ label: 'as customer', url, token: tokens.customer });
    jobs.push({ label: 'as supplier', url, token: tokens.supplier });
  }
  await pool(jobs, CONCURRENCY, async (job) => {
    await send(op, job.label, job.url, job.token, problems);
  });
}

describe('fuzz', () => {
  it('GET calls: bad query parameters, bad ids, another tenant', async () => {
    const problems: Problem[] = [];
    for (const op of operations.filter((o) => o.method === 'GET' && !changesState(o)))
      await fuzzGet(op, problems);
    expectNoProblems(problems);
  });

  it('writes (POST, PATCH, PUT): bad bodies, bad ids, bad query parameters, as another tenant and lesser roles', async () => {
    const problems: Problem[] = [];
    for (const op of operations.filter((o) => isWrite(o) && o.method !== 'DELETE' && !isLast(o)))
      await fuzzWrite(op, problems);
    expectNoProblems(problems);
  });

  it('hostile texts that are valid text are saved and read back unchanged', async () => {
    const problems: Problem[] = [];
    const covered = new Set<string>();
    const getPaths = new Set(operations.filter((o) => o.method === 'GET').map((o) => o.path));
    for (const post of operations.filter((o) => o.method === 'POST' && o.body && !o.multipart)) {
      const detail = [...getPaths].find(
        (p) => p.startsWith(`${post.path}/{`) && p.split('/').length === depth(post) + 1,
      );
      const texts = freeTextProps(post.body, resolve);
      if (!detail || !texts.length || !validAccepted.has(opName(post))) continue;
      const patch = operations.find((o) => o.method === 'PATCH' && o.path === detail);
      const token = staffToken(post)!;
      const values = await resolvePath(post, demo, token, false);
      const collection = fill(post.path, values);
      let k = 0;
      for (const [label, hostile] of Object.entries(VALID_HOSTILE)) {
        k++;
        const body = validBody(post);
        const sent: Record<string, string> = {};
        const maxLength = (name: string) =>
          resolve(resolve(post.body)?.properties?.[name])?.maxLength ?? Infinity;
        for (const name of texts) {
          const text = `${hostile} ${String.fromCharCode(96 + k)}`;
          if (text.length <= maxLength(name)) sent[name] = body[name] = text;
        }
        const answer = await send(post, `round trip: ${label}`, collection, token, problems, { body });
        if (answer.code !== 200) {
          problems.push({
            call: opName(post),
            input: `round trip: ${label}`,
            status: answer.status,
            meta: `valid text refused: ${JSON.stringify(answer.meta)}`,
          });
          continue;
        }
        const id = answer.data?.id as number;
        const url = `${collection}/${id}`;
        const readBack = async (what: string, expected: Record<string, string>) => {
          const read = await send(
            { ...post, method: 'GET', path: detail },
            `${what}: ${label}`,
            url,
            token,
            problems,
          );
          let compared = 0;
          for (const [name, value] of Object.entries(expected)) {
            if (!read.data || !(name in read.data)) continue;
            compared++;
            if (read.data[name] !== value) {
              problems.push({
                call: opName(post),
                input: `${what}: ${label}`,
                status: read.status,
                meta: `${name} read back as ${JSON.stringify(read.data[name])}, sent ${JSON.stringify(value)}`,
              });
            }
          }
          if (compared === 0)
            problems.push({
              call: `GET ${detail}`,
              input: `${what}: ${label}`,
              status: read.status,
              meta: 'no text sent was read back',
            });
          else covered.add(post.path);
        };
        await readBack('created', sent);
        if (patch) {
          const change: Record<string, string> = {};
          for (const name of Object.keys(sent)) {
            const text = `${hostile} ${String.fromCharCode(64 + k)}`;
            if (text.length <= maxLength(name)) change[name] = text;
          }
          const changed = await send(patch, `round trip: ${label}`, url, token, problems, { body: change });
          if (changed.code !== 200)
            problems.push({
              call: opName(patch),
              input: `round trip: ${label}`,
              status: changed.status,
              meta: `valid text refused: ${JSON.stringify(changed.meta)}`,
            });
          else await readBack('changed', change);
        }
      }
    }
    // The main entities must have been covered (a renamed path or a broken valid body must not pass silently).
    const main = [
      '/c/{companyID}/customer',
      '/c/{companyID}/supplier',
      '/c/{companyID}/customer/{customerID}/location',
      '/c/{companyID}/customer/{customerID}/contact',
      '/c/{companyID}/supplier/{supplierID}/contact',
      '/c/{companyID}/customer/{customerID}/item',
      '/c/{companyID}/unit',
      '/c/{companyID}/storagetype',
      '/c/{companyID}/sensor',
      '/c/{companyID}/customfields',
      '/c/{companyID}/supplier/{supplierID}/catalog',
    ];
    expectNoProblems(problems);
    expect(
      main
        .filter((path) => !covered.has(path))
        .map((path) => `${path}: valid POST ${validRefused.get(`POST ${path}`) ?? 'accepted'}`),
    ).toEqual([]);
  });

  it('GET calls that change data, then the deletes (deepest paths first), the password change last', async () => {
    const problems: Problem[] = [];
    for (const op of operations.filter(changesState)) await fuzzGet(op, problems);
    const deletes = operations.filter((o) => o.method === 'DELETE').sort((a, b) => depth(b) - depth(a));
    for (const op of [...deletes, ...operations.filter(isLast)]) await fuzzWrite(op, problems);
    expectNoProblems(problems);
  });
});

/** One write call: its bad bodies (valid path), bad ids and foreign ids (valid body), lesser roles, query values. */
async function fuzzWrite(op: Operation, problems: Problem[]) {
  const token = staffToken(op);
  const destructive = op.method === 'DELETE';
  const values = await resolvePath(op, demo, token ?? tokens.admin!, destructive);
  const url = fill(op.path, values);
  const foreign = tenantScoped(op) ? await resolvePath(op, other, tokens.other!, false) : undefined;
  const hasBody = !!op.body;
  const valid = () => (hasBody ? { body: validBody(op) } : undefined);
  const jobs: { label: string; url: string; token?: string; body?: { body?: unknown; raw?: string } }[] = [];
  for (const bad of await idInputs(op, values, foreign)) jobs.push({ ...bad, token, body: valid() });
  if (tenantScoped(op)) {
    jobs.push({ label: 'as the other tenant', url, token: tokens.other, body: valid() });
    jobs.push({ label: 'as read-only', url, token: tokens.readonly, body: valid() });
    jobs.push({ label: 'as customer', url, token: tokens.customer, body: valid() });
    jobs.push({ label: 'as supplier', url, token: tokens.supplier, body: valid() });
  }
  jobs.push({ label: 'no token', url, body: valid() });
  for (const q of sampled(op, queryInputs(op)))
    jobs.push({ label: q.label, url: withQuery(url, q.query), token, body: valid() });
  const bodies = hasBody ? sampled(op, bodyInputs(op)) : [];
  for (const input of bodies.filter((i) => i.label !== 'valid')) {
    jobs.push({
      label: input.label,
      url,
      token,
      body: input.raw !== undefined ? { raw: input.raw } : 'body' in input ? { body: input.body } : undefined,
    });
  }
  const remember = (answer: { code?: number; data?: any }) => {
    if (op.method === 'POST' && answer.code === 200 && typeof answer.data?.id === 'number') {
      created.set(url, [...(created.get(url) ?? []), answer.data.id]);
    }
  };
  await pool(jobs, destructive ? 1 : CONCURRENCY, async (job) => {
    const answer = await send(op, job.label, job.url, job.token, problems, job.body);
    if (job.url === url && job.token === token) remember(answer);
  });
  // The valid call last (a delete removes what the others tried on); what it creates is what the deletes take.
  const answer = await send(op, 'valid', url, token, problems, valid());
  if (answer.code === 200) validAccepted.add(opName(op));
  else validRefused.set(opName(op), JSON.stringify(answer.meta));
  remember(answer);
  if (destructive && op.query.includes('confirm'))
    await send(op, 'valid, confirmed', withQuery(url, 'confirm=1'), token, problems);
}
