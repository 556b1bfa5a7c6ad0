import { eventually } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

let system: TestSystem;
let demo: number;
let other: number;
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
  demo = (await system.api.get('/company', tokens.admin)).body.Data[0].id;
  other = (await system.api.get('/company', tokens.other)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;
const put = (path: string, body: unknown, token: string) => system.api.call('PUT', path, { token, body });
const c = (path: string, company = demo) => `/c/${company}/${path}`;

async function ok<T = any>(answer: Promise<{ body: { Meta: { code: number }; Data: T } }>): Promise<T> {
  const { body } = await answer;
  if (body.Meta.code !== 200) throw new Error(`expected 200, got ${JSON.stringify(body.Meta)}`);
  return body.Data;
}

describe('units', () => {
  it('lists the demo units with filter, sort and pages; the other company has its own', async () => {
    const all = await ok(api().get(c('unit?sort=code&per_page=200'), tokens.readonly));
    expect(all.items.map((u: { code: string }) => u.code)).toEqual(['BAG', 'BOX', 'KGM', 'LTR', 'MTR', 'PAK', 'PAR', 'PCE', 'ROL']);
    const desc = await ok(api().get(c('unit?sort=name&order=desc&per_page=2&page=2'), tokens.customer));
    expect(desc).toMatchObject({ total: 9, page: 2, per_page: 2 });
    expect(desc.items.map((u: { name: string }) => u.name)).toEqual(['Pair', 'Pack']);
    const filtered = await ok(api().get(c('unit?q=karton'), tokens.admin));
    expect(filtered.items.map((u: { code: string }) => u.code)).toEqual(['BOX']);
    const others = await ok(api().get(c('unit', other), tokens.other));
    expect(others.items.map((u: { code: string }) => u.code)).toEqual(['KGM', 'PCE']);
  });

  it('creates, reads, updates and deletes a unit', async () => {
    const created = await ok(api().post(c('unit/'), { code: ' crt ', name: 'Crate', description: 'Kiste' }, tokens.writer));
    expect(created).toMatchObject({ code: 'crt', name: 'Crate', description: 'Kiste' });
    expect(await ok(api().get(c(`unit/${created.id}`), tokens.readonly))).toEqual(created);
    const changed = await ok(api().patch(c(`unit/${created.id}`), { name: 'Wooden crate' }, tokens.writer));
    expect(changed).toMatchObject({ code: 'crt', name: 'Wooden crate', description: 'Kiste' });
    expect((await api().delete(c(`unit/${created.id}`), tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(c(`unit/${created.id}`), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(c(`unit/${created.id}`), tokens.writer)).body.Meta.code).toBe(404);
  });

  it('answers 1059 for a code taken in the company, but not for one of another company', async () => {
    expect((await api().post(c('unit/'), { code: 'KGM', name: 'Again' }, tokens.writer)).body.Meta).toMatchObject({ code: 1059, field: 'code' });
    const mine = await ok(api().post(c('unit/'), { code: 'drum', name: 'Drum' }, tokens.writer));
    expect((await api().patch(c(`unit/${mine.id}`), { code: 'PCE' }, tokens.writer)).body.Meta).toMatchObject({ code: 1059, field: 'code' });
    const theirs = await ok(api().post(c('unit/', other), { code: 'drum', name: 'Fass' }, tokens.other));
    expect(theirs.code).toBe('drum');
  });

  it('answers 1007 for deleting a unit the demo items use, or changing its code', async () => {
    const pce = (await ok(api().get(c('unit?q=PCE'), tokens.admin))).items.find((u: { code: string }) => u.code === 'PCE');
    const deleted = await api().delete(c(`unit/${pce.id}`), tokens.writer);
    expect(deleted.body.Meta.code).toBe(1007);
    expect(deleted.body.Meta.message).toMatch(/\d+ items/);
    expect((await api().patch(c(`unit/${pce.id}`), { code: 'STK' }, tokens.writer)).body.Meta.code).toBe(1007);
    expect(await ok(api().patch(c(`unit/${pce.id}`), { description: 'Stück' }, tokens.writer))).toMatchObject({ code: 'PCE', description: 'Stück' });
    expect((await api().get(c(`unit/${pce.id}`), tokens.admin)).body.Data.code).toBe('PCE');
    // an unused unit goes
    const kgm = (await ok(api().get(c('unit?q=KGM'), tokens.admin))).items[0];
    expect((await api().delete(c(`unit/${kgm.id}`), tokens.writer)).body.Meta.code).toBe(200);
  });

  it('answers 1000 naming the field for bad input', async () => {
    expect((await api().post(c('unit/'), { name: 'No code' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'code' });
    expect((await api().post(c('unit/'), { code: 'a b', name: 'Spaced' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'code' });
    expect((await api().post(c('unit/'), { code: 'x1' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().patch(c('unit/1'), { name: '' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().get(c('unit?sort=toString'), tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'sort' });
    expect((await api().get(c('unit/abc'), tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'id' });
  });

  it('lets readers read but not change (1020), and keeps other companies out (1020)', async () => {
    const unit = (await ok(api().get(c('unit?q=PCE'), tokens.admin))).items[0];
    expect((await api().post(c('unit/'), { code: 'ro', name: 'Nope' }, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().patch(c(`unit/${unit.id}`), { name: 'Nope' }, tokens.customer)).body.Meta.code).toBe(1020);
    expect((await api().delete(c(`unit/${unit.id}`), tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().get(c('unit'), tokens.supplier)).body.Meta.code).toBe(1020);
    for (const answer of [
      api().get(c('unit'), tokens.other),
      api().get(c(`unit/${unit.id}`), tokens.other),
      api().post(c('unit/'), { code: 'x', name: 'x' }, tokens.other),
      api().patch(c(`unit/${unit.id}`), { name: 'x' }, tokens.other),
      api().delete(c(`unit/${unit.id}`), tokens.other),
    ])
      expect((await answer).body.Meta.code).toBe(1020);
    // Another company's id through one's own company is unknown.
    const theirs = (await ok(api().get(c('unit?q=KGM', other), tokens.other))).items[0];
    expect((await api().get(c(`unit/${theirs.id}`), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().delete(c(`unit/${theirs.id}`), tokens.admin)).body.Meta.code).toBe(404);
  });
});

describe('storage types', () => {
  it('lists the demo storage types, filtered, sorted and paged', async () => {
    const all = await ok(api().get(c('storagetype'), tokens.readonly));
    expect(all.items.map((t: { name: string }) => t.name)).toEqual(['Bin rack', 'Cabinet', 'Pallet rack', 'Shelf rack']);
    const page = await ok(api().get(c('storagetype?order=desc&per_page=1&page=2'), tokens.customer));
    expect(page).toMatchObject({ total: 4, items: [expect.objectContaining({ name: 'Pallet rack' })] });
    expect((await ok(api().get(c('storagetype?q=lockable'), tokens.admin))).items.map((t: { name: string }) => t.name)).toEqual(['Cabinet']);
    expect((await ok(api().get(c('storagetype', other), tokens.other))).total).toBe(1);
  });

  it('creates, reads, updates and deletes a storage type; checks input and access', async () => {
    const created = await ok(api().post(c('storagetype/'), { name: 'Drawer unit', description: 'Schubladenschrank' }, tokens.writer));
    expect(await ok(api().get(c(`storagetype/${created.id}`), tokens.readonly))).toEqual(created);
    expect(await ok(api().patch(c(`storagetype/${created.id}`), { description: 'drawers' }, tokens.writer))).toMatchObject({ name: 'Drawer unit', description: 'drawers' });
    expect((await api().post(c('storagetype/'), { description: 'no name' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().patch(c(`storagetype/${created.id}`), { name: ' ' }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
    expect((await api().post(c('storagetype/'), { name: 'x' }, tokens.readonly)).body.Meta.code).toBe(1020);
    for (const answer of [
      api().get(c('storagetype'), tokens.other),
      api().get(c(`storagetype/${created.id}`), tokens.other),
      api().post(c('storagetype/'), { name: 'x' }, tokens.other),
      api().patch(c(`storagetype/${created.id}`), { name: 'x' }, tokens.other),
      api().delete(c(`storagetype/${created.id}`), tokens.other),
    ])
      expect((await answer).body.Meta.code).toBe(1020);
    expect((await api().delete(c(`storagetype/${created.id}`), tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(c(`storagetype/${created.id}`), tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().patch(c(`storagetype/${created.id}`), { name: 'x' }, tokens.writer)).body.Meta.code).toBe(404);
  });
});

describe('custom fields', () => {
  it('lists the demo definitions, by kind, filtered and sorted', async () => {
    const all = await ok(api().get(c('customfields?sort=key'), tokens.readonly));
    expect(all.items.map((f: { key: string }) => f.key)).toEqual(['audit_date', 'hazardous', 'industry', 'rating']);
    const customer = await ok(api().get(c('customfields?entity=customer'), tokens.customer));
    expect(customer.items.map((f: { key: string; type: string }) => [f.key, f.type])).toEqual([
      ['industry', 'select'],
      ['audit_date', 'date'],
    ]);
    expect((await ok(api().get(c('customfields?q=hazard'), tokens.supplier))).items[0]).toMatchObject({ entity: 'item', type: 'boolean', options: [] });
    expect((await ok(api().get(c('customfields', other), tokens.other))).total).toBe(0);
    expect((await api().get(c('customfields?entity=order'), tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'entity' });
  });

  it('creates, reads, updates and deletes a definition', async () => {
    const created = await ok(
      api().post(c('customfields/'), { entity: 'location', key: 'gate', label: 'Gate', type: 'select', options: ['A', 'B'], required: true, sort: 5 }, tokens.writer),
    );
    expect(created).toMatchObject({ entity: 'location', key: 'gate', label: 'Gate', type: 'select', options: ['A', 'B'], required: true, sort: 5 });
    expect(await ok(api().get(c(`customfields/${created.id}`), tokens.readonly))).toEqual(created);
    const changed = await ok(api().patch(c(`customfields/${created.id}`), { label: 'Dock gate', options: ['A', 'B', 'C'], required: false }, tokens.writer));
    expect(changed).toMatchObject({ key: 'gate', label: 'Dock gate', options: ['A', 'B', 'C'], required: false });
    const text = await ok(api().patch(c(`customfields/${created.id}`), { type: 'text' }, tokens.writer));
    expect(text).toMatchObject({ type: 'text', options: [] });
    expect((await api().delete(c(`customfields/${created.id}`), tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(c(`customfields/${created.id}`), tokens.writer)).body.Meta.code).toBe(404);
  });

  it('validates definitions (1000 with the field) and keeps keys unique per kind (1059)', async () => {
    const post = (body: Record<string, unknown>) => api().post(c('customfields/'), body, tokens.writer);
    expect((await post({ key: 'a', label: 'A', type: 'text' })).body.Meta).toMatchObject({ code: 1000, field: 'entity' });
    expect((await post({ entity: 'order', key: 'a', label: 'A', type: 'text' })).body.Meta).toMatchObject({ code: 1000, field: 'entity' });
    expect((await post({ entity: 'item', key: 'Bad Key', label: 'A', type: 'text' })).body.Meta).toMatchObject({ code: 1000, field: 'key' });
    expect((await post({ entity: 'item', key: 'a', label: '', type: 'text' })).body.Meta).toMatchObject({ code: 1000, field: 'label' });
    expect((await post({ entity: 'item', key: 'a', label: 'A', type: 'color' })).body.Meta).toMatchObject({ code: 1000, field: 'type' });
    expect((await post({ entity: 'item', key: 'a', label: 'A', type: 'select' })).body.Meta).toMatchObject({ code: 1000, field: 'options' });
    expect((await post({ entity: 'item', key: 'a', label: 'A', type: 'select', options: ['x', 'x'] })).body.Meta).toMatchObject({ code: 1000, field: 'options' });
    expect((await post({ entity: 'item', key: 'a', label: 'A', type: 'text', sort: -1 })).body.Meta).toMatchObject({ code: 1000, field: 'sort' });
    expect((await post({ entity: 'item', key: 'a', label: 'A', type: 'text', required: 'yes' })).body.Meta).toMatchObject({ code: 1000, field: 'required' });
    expect((await post({ entity: 'customer', key: 'industry', label: 'Again', type: 'text' })).body.Meta).toMatchObject({ code: 1059, field: 'key' });
    // the same key for another kind is fine
    const same = await ok(post({ entity: 'location', key: 'industry', label: 'Industry', type: 'text' }));
    expect(same.entity).toBe('location');
  });

  it('keeps readers and other companies out of changes (1020)', async () => {
    const field = (await ok(api().get(c('customfields?q=industry&entity=customer'), tokens.admin))).items[0];
    expect((await api().post(c('customfields/'), { entity: 'item', key: 'r', label: 'R', type: 'text' }, tokens.readonly)).body.Meta.code).toBe(1020);
    expect((await api().patch(c(`customfields/${field.id}`), { label: 'x' }, tokens.customer)).body.Meta.code).toBe(1020);
    expect((await api().delete(c(`customfields/${field.id}`), tokens.supplier)).body.Meta.code).toBe(1020);
    for (const answer of [
      api().get(c('customfields'), tokens.other),
      api().get(c(`customfields/${field.id}`), tokens.other),
      api().post(c('customfields/'), { entity: 'item', key: 'o', label: 'O', type: 'text' }, tokens.other),
      api().patch(c(`customfields/${field.id}`), { label: 'x' }, tokens.other),
      api().delete(c(`customfields/${field.id}`), tokens.other),
      api().get(c('customfields/values/customer/1'), tokens.other),
      put(c('customfields/values/customer/1'), { values: {} }, tokens.other),
    ])
      expect((await answer).body.Meta.code).toBe(1020);
    const theirs = await ok(api().post(c('customfields/', other), { entity: 'item', key: 'o', label: 'O', type: 'text' }, tokens.other));
    expect((await api().get(c(`customfields/${theirs.id}`), tokens.admin)).body.Meta.code).toBe(404);
  });
});

describe('custom field values', () => {
  let customerId: number;
  let supplierId: number;
  const values = (kind: string, id: number) => c(`customfields/values/${kind}/${id}`);

  beforeAll(async () => {
    customerId = (await ok(api().get(c('customer?q=K-10001'), tokens.admin))).items[0].id;
    supplierId = (await ok(api().get(c('supplier?q=L-100'), tokens.admin))).items[0].id;
    await ok(api().post(c('customfields/'), { entity: 'customer', key: 'visits', label: 'Visits per year', type: 'number', sort: 30 }, tokens.admin));
    await ok(api().post(c('customfields/'), { entity: 'customer', key: 'vip', label: 'VIP', type: 'boolean', sort: 40 }, tokens.admin));
    await ok(api().post(c('customfields/'), { entity: 'customer', key: 'note', label: 'Note', type: 'text', required: true, sort: 50 }, tokens.admin));
  });

  it('reads every definition of the kind with no values yet', async () => {
    const read = await ok(api().get(values('customer', customerId), tokens.readonly));
    expect(read).toMatchObject({ entity: 'customer', entity_id: customerId });
    expect(read.fields.map((f: { key: string; value: unknown }) => [f.key, f.value])).toEqual([
      ['industry', null],
      ['audit_date', null],
      ['visits', null],
      ['vip', null],
      ['note', null],
    ]);
  });

  it('writes values of every type and reads them back; a left-out key clears its value', async () => {
    const body = { values: { industry: 'Machinery', audit_date: '2026-03-31', visits: 12, vip: true, note: ' Ring twice ' } };
    const written = await ok(put(values('customer', customerId), body, tokens.writer));
    const byKey = Object.fromEntries(written.fields.map((f: { key: string; value: unknown }) => [f.key, f.value]));
    expect(byKey).toEqual({ industry: 'Machinery', audit_date: '2026-03-31', visits: 12, vip: true, note: 'Ring twice' });
    expect(await ok(api().get(values('customer', customerId), tokens.customer))).toEqual(written);
    const cleared = await ok(put(values('customer', customerId), { values: { note: 'x', vip: false, industry: '' } }, tokens.writer));
    expect(Object.fromEntries(cleared.fields.map((f: { key: string; value: unknown }) => [f.key, f.value]))).toEqual({
      industry: null,
      audit_date: null,
      visits: null,
      vip: false,
      note: 'x',
    });
  });

  it('checks values against the definitions: type, options, required, unknown keys (1000 with values.<key>); nothing is written then', async () => {
    const before = await ok(api().get(values('customer', customerId), tokens.admin));
    const bad = async (v: Record<string, unknown>, field: string) => {
      const answer = await put(values('customer', customerId), { values: { note: 'ok', ...v } }, tokens.writer);
      expect(answer.body.Meta).toMatchObject({ code: 1000, field });
    };
    await bad({ visits: 'twelve' }, 'values.visits');
    await bad({ visits: 3, vip: 'yes' }, 'values.vip');
    await bad({ audit_date: '2026-02-30' }, 'values.audit_date');
    await bad({ audit_date: '31.03.2026' }, 'values.audit_date');
    await bad({ industry: 'Bakery' }, 'values.industry');
    await bad({ note: '' }, 'values.note');
    await bad({ colour: 'red' }, 'values.colour');
    const all = await put(values('customer', customerId), { values: { visits: 'x', note: null } }, tokens.writer);
    expect(all.body.Data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['values.note', 'values.visits']);
    expect((await put(values('customer', customerId), { values: [] }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'values' });
    expect((await put(values('customer', customerId), {}, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'values' });
    expect(await ok(api().get(values('customer', customerId), tokens.admin))).toEqual(before);
  });

  it('answers 404 for unknown records and kinds nobody registered yet, 1000 for unknown kinds, 1020 for the wrong group', async () => {
    expect((await api().get(values('customer', 999999), tokens.admin)).body.Meta.code).toBe(404);
    expect((await put(values('customer', 999999), { values: {} }, tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(values('order', customerId), tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'entity' });
    expect((await api().get(values('customer', customerId), tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(values('supplier', supplierId), tokens.customer)).body.Meta.code).toBe(1020);
    expect((await put(values('customer', customerId), { values: { note: 'x' } }, tokens.readonly)).body.Meta.code).toBe(1020);
    const theirCustomer = (await ok(api().get(c('customer', other), tokens.other))).items[0];
    expect((await api().get(values('customer', theirCustomer.id), tokens.admin)).body.Meta.code).toBe(404);
  });

  it('stores supplier values readable by the supplier group', async () => {
    const written = await ok(put(values('supplier', supplierId), { values: { rating: 4.5 } }, tokens.writer));
    expect(written.fields).toEqual([expect.objectContaining({ key: 'rating', type: 'number', value: 4.5 })]);
    expect(await ok(api().get(values('supplier', supplierId), tokens.supplier))).toEqual(written);
  });

  it('answers 1002 when a definition change or delete would lose values, and goes on when confirmed', async () => {
    const field = (await ok(api().get(c('customfields?entity=customer&q=visits'), tokens.admin))).items[0];
    await ok(put(values('customer', customerId), { values: { visits: 7, note: 'n' } }, tokens.writer));
    // number -> text: 7 is no text
    expect((await api().patch(c(`customfields/${field.id}`), { type: 'text' }, tokens.writer)).body.Meta.code).toBe(1002);
    expect((await ok(api().get(c(`customfields/${field.id}`), tokens.admin))).type).toBe('number');
    expect((await api().patch(c(`customfields/${field.id}`), { label: 'Visits' }, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().delete(c(`customfields/${field.id}`), tokens.writer)).body.Meta.code).toBe(1002);
    expect((await api().get(c(`customfields/${field.id}`), tokens.admin)).body.Meta.code).toBe(200);
    expect((await api().delete(c(`customfields/${field.id}?confirm=1`), tokens.writer)).body.Meta.code).toBe(200);
    const after = await ok(api().get(values('customer', customerId), tokens.admin));
    expect(after.fields.map((f: { key: string }) => f.key)).not.toContain('visits');
    const select = (await ok(api().get(c('customfields?entity=customer&q=industry'), tokens.admin))).items[0];
    await ok(put(values('customer', customerId), { values: { industry: 'Electronics', note: 'n' } }, tokens.writer));
    expect((await api().patch(c(`customfields/${select.id}`), { options: ['Automotive', 'Machinery'] }, tokens.writer)).body.Meta.code).toBe(1002);
    expect(await ok(api().patch(c(`customfields/${select.id}?confirm=1`), { options: ['Automotive', 'Machinery'] }, tokens.writer))).toMatchObject({
      options: ['Automotive', 'Machinery'],
    });
    const industry = (await ok(api().get(values('customer', customerId), tokens.admin))).fields.find((f: { key: string }) => f.key === 'industry');
    expect(industry.value).toBeNull();
  });

  it('stores location values (checked against the location fields) for visible locations only', async () => {
    const field = await ok(api().post(c('customfields/'), { entity: 'location', key: 'dock', label: 'Dock', type: 'select', options: ['D1', 'D2'], required: true }, tokens.admin));
    const locations = await ok(api().get(c(`customer/${customerId}/location?all=1`), tokens.admin));
    const locationId = locations.items[0].id as number;
    expect((await put(values('location', locationId), { values: {} }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'values.dock' });
    expect((await put(values('location', locationId), { values: { dock: 'D3' } }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'values.dock' });
    const written = await ok(put(values('location', locationId), { values: { dock: 'D2' } }, tokens.writer));
    // (an earlier test defined the location field `industry` too)
    expect(written.fields).toContainEqual(expect.objectContaining({ field_id: field.id, key: 'dock', value: 'D2' }));
    expect(written.fields.find((f: { key: string }) => f.key === 'industry')).toMatchObject({ value: null });
    expect(await ok(api().get(values('location', locationId), tokens.customer))).toEqual(written);
    expect((await api().get(values('location', 999999), tokens.admin)).body.Meta.code).toBe(404);
    expect((await api().get(values('contact', 999999), tokens.admin)).body.Meta.code).toBe(404);
  });

  it('follows access restrictions: a restricted customer user sees only their customer', async () => {
    const others = await ok(api().get(c('customer?q=K-10002'), tokens.admin));
    const otherCustomer = others.items[0].id as number;
    // The demo customer user is restricted to K-10001 (demo data).
    await eventually(
      async () => ((await api().get(values('customer', otherCustomer), tokens.customer)).body.Meta.code === 404 ? true : undefined),
      20_000,
      'the restriction to reach the catalog',
    );
    expect((await api().get(values('customer', customerId), tokens.customer)).body.Meta.code).toBe(200);
    expect((await api().get(values('customer', otherCustomer), tokens.readonly)).body.Meta.code).toBe(200);
  });
});

describe('company data', () => {
  it('lets the owner and the admin edit every field; others get 1020; bad input 1000', async () => {
    const body = {
      name: 'Demo Kanban GmbH',
      nr: 'C-1',
      extended: 'Zentrale',
      street: 'Lindenweg 5',
      postal: '80331',
      city: 'München',
      state: 'Bayern',
      country_iso: 'DE',
      timezone: 'Europe/Vienna',
    };
    const before = await ok(api().get(c(''), tokens.owner));
    try {
      expect(await ok(api().patch(c(''), body, tokens.admin))).toMatchObject(body);
      expect(await ok(api().get(c(''), tokens.readonly))).toMatchObject(body);
      expect(await ok(api().patch(c(''), { name: before.name }, tokens.owner))).toMatchObject({ name: before.name, city: 'München' });
      expect((await api().patch(c(''), { name: 'x' }, tokens.writer)).body.Meta.code).toBe(1020);
      expect((await api().patch(c(''), { name: 'x' }, tokens.other)).body.Meta.code).toBe(1020);
      expect((await api().patch(c(''), { name: '' }, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'name' });
      expect((await api().patch(c(''), { country_iso: 'XX' }, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'country_iso' });
      expect((await api().patch(c(''), { timezone: 'not a zone' }, tokens.admin)).body.Meta).toMatchObject({ code: 1000, field: 'timezone' });
    } finally {
      const { id: _id, user_role: _r, user_app: _a, images: _i, created_at: _c, ...restore } = before;
      await ok(api().patch(c(''), restore, tokens.owner));
    }
  });
});
