import sharp from 'sharp';
import { eventually, pixelBomb } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

let system: TestSystem;
let demoCompany: number;
let otherCompany: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  system = await startSystem();
  for (const name of ['admin', 'writer', 'readonly', 'customer', 'supplier']) {
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
const images = (company = demoCompany) => `/c/${company}/image`;

interface Image {
  id: number;
  url: string;
  selected: boolean;
  selected_label: boolean;
  customer_id: number | null;
  supplier_id: number | null;
  width: number;
  height: number;
  content_type: string;
}

function png(width: number, height: number, background = { r: 200, g: 30, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

function form(fields: Record<string, string | number>, file?: { data: Buffer | string; name: string; type: string }, field = 'image'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  if (file) body.append(field, new Blob([file.data], { type: file.type }), file.name);
  return body;
}

async function upload(fields: Record<string, string | number>, data?: Buffer, token = tokens.writer) {
  return api().postForm(`${images()}/`, form(fields, data ? { data, name: 'picture.png', type: 'image/png' } : undefined), token);
}

async function uploaded(fields: Record<string, string | number>, data?: Buffer): Promise<Image> {
  const answer = await upload(fields, data ?? (await png(300, 200)));
  if (answer.body.Meta.code !== 200) throw new Error(`upload failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data as Image;
}

async function createCustomer(name: string): Promise<number> {
  const answer = await api().post(`/c/${demoCompany}/customer/`, { name }, tokens.writer);
  if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data.id as number;
}

async function createSupplier(name: string): Promise<number> {
  const answer = await api().post(`/c/${demoCompany}/supplier/`, { name }, tokens.writer);
  if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
  return answer.body.Data.id as number;
}

async function listOf(query: string, token = tokens.writer): Promise<Image[]> {
  const answer = await api().get(`${images()}?${query}`, token);
  expect(answer.body.Meta.code).toBe(200);
  return answer.body.Data as Image[];
}

/** GET an image address as a browser's <img> would. */
async function fetchImage(url: string) {
  const response = await fetch(`${system.url}${url}`);
  const data = Buffer.from(await response.arrayBuffer());
  return { status: response.status, meta: response.ok ? await sharp(data).metadata() : undefined };
}

const flags = (list: Image[]) => list.map((i) => [i.id, i.selected, i.selected_label]);

describe('entity images: upload', () => {
  it('stores an image of a customer scaled inside 3840x2160, selected as its first, and shows it in the customer', async () => {
    const customerId = await createCustomer('Image Customer One');
    const image = await uploaded({ customer_id: customerId }, await png(5000, 3000));
    expect(image).toMatchObject({ customer_id: customerId, supplier_id: null, selected: true, selected_label: false, width: 3600, height: 2160, content_type: 'image/png' });
    expect(image.url).toMatch(/^\/api\/image\/[0-9a-f]{32}$/);
    expect((await fetchImage(`${image.url}?size=5000`)).meta).toMatchObject({ width: 3600, height: 2160 });
    // Sizes of 20 or less, or none, give 128.
    for (const query of ['', '?size=', '?size=20', '?size=3']) expect((await fetchImage(`${image.url}${query}`)).meta).toMatchObject({ width: 128, height: 77 });
    expect((await fetchImage(`${image.url}?size=64`)).meta).toMatchObject({ width: 64 });

    const customer = (await api().get(`/c/${demoCompany}/customer/${customerId}/`, tokens.readonly)).body.Data;
    expect(customer.images).toEqual([{ id: image.id, url: image.url, selected: true, selected_label: false }]);
    const listed = (await api().get(`/c/${demoCompany}/customer?q=Image Customer One`, tokens.readonly)).body.Data.items;
    expect(listed[0].images).toEqual([{ id: image.id, url: image.url, selected: true, selected_label: false }]);
  });

  it('keeps one selected and one label-selected image per entity, with the options of the upload and PATCH', async () => {
    const customerId = await createCustomer('Image Customer Two');
    const first = await uploaded({ customer_id: customerId });
    const second = await uploaded({ customer_id: customerId, selected_label: 1 });
    expect([first.selected, second.selected, second.selected_label]).toEqual([true, false, true]);
    const third = await uploaded({ customer_id: customerId, selected: 'true', selected_label: 'true' });
    expect(flags(await listOf(`customer_id=${customerId}`))).toEqual([
      [third.id, true, true],
      [first.id, false, false],
      [second.id, false, false],
    ]);

    const patched = await api().patch(`${images()}/`, { id: first.id, selected: true }, tokens.writer);
    expect(patched.body.Data).toMatchObject({ id: first.id, selected: true });
    expect((await api().patch(`${images()}/`, { id: second.id, selected_label: true }, tokens.writer)).body.Meta.code).toBe(200);
    expect(flags(await listOf(`customer_id=${customerId}`))).toEqual([
      [first.id, true, false],
      [second.id, false, true],
      [third.id, false, false],
    ]);
    expect((await api().patch(`${images()}/`, { id: first.id, selected: false }, tokens.writer)).body.Data.selected).toBe(false);
    expect((await listOf(`customer_id=${customerId}`)).filter((i) => i.selected)).toEqual([]);

    // Another entity's images keep their flags.
    const otherId = await createCustomer('Image Customer Three');
    const elsewhere = await uploaded({ customer_id: otherId, selected_label: 1 });
    expect(elsewhere).toMatchObject({ selected: true, selected_label: true });
    expect((await listOf(`customer_id=${customerId}`)).find((i) => i.id === second.id)?.selected_label).toBe(true);
  });

  it('replaces the bytes of an image with image_id and releases the old ones', async () => {
    const customerId = await createCustomer('Image Customer Replace');
    const image = await uploaded({ customer_id: customerId });
    const replaced = await uploaded({ customer_id: customerId, image_id: image.id }, await png(640, 480, { r: 0, g: 0, b: 255 }));
    expect(replaced).toMatchObject({ id: image.id, selected: true, width: 640, height: 480 });
    expect(replaced.url).not.toBe(image.url);
    expect((await fetchImage(image.url)).status).toBe(404);
    expect((await fetchImage(replaced.url)).status).toBe(200);
    // image_id of another entity's image: 404.
    const otherId = await createCustomer('Image Customer Replace Other');
    expect((await upload({ customer_id: otherId, image_id: image.id }, await png(20, 20))).body.Meta.code).toBe(404);
  });

  it('stores supplier images for the supplier group', async () => {
    const supplierId = await createSupplier('Image Supplier');
    const image = await uploaded({ supplier_id: supplierId });
    expect(image).toMatchObject({ supplier_id: supplierId, customer_id: null, selected: true });
    expect((await api().get(`/c/${demoCompany}/supplier/${supplierId}/`, tokens.readonly)).body.Data.images).toEqual([
      { id: image.id, url: image.url, selected: true, selected_label: false },
    ]);
    expect((await listOf(`supplier_id=${supplierId}`, tokens.readonly)).map((i) => i.id)).toEqual([image.id]);
    // The demo supplier user (restricted to L-100) reads the images of that supplier only.
    const l100 = (await api().get(`/c/${demoCompany}/supplier?q=L-100`, tokens.admin)).body.Data.items[0].id as number;
    const demoImage = await uploaded({ supplier_id: l100, selected: 0 });
    expect((await listOf(`supplier_id=${l100}`, tokens.supplier)).map((i) => i.id)).toContain(demoImage.id);
    expect((await api().get(`/c/${demoCompany}/supplier/${l100}/`, tokens.supplier)).body.Data.images.map((i: Image) => i.id)).toContain(demoImage.id);
    expect((await api().get(`${images()}?supplier_id=${supplierId}`, tokens.supplier)).body.Meta.code).toBe(404);
    expect((await api().post(`${images()}/delete`, { ids: [demoImage.id] }, tokens.writer)).body.Meta.code).toBe(200);
    // A supplier user may not read customer images, a customer user not supplier images.
    const customerId = await createCustomer('Image Customer Groups');
    await uploaded({ customer_id: customerId });
    expect((await api().get(`${images()}?customer_id=${customerId}`, tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().get(`${images()}?supplier_id=${supplierId}`, tokens.customer)).body.Meta.code).toBe(1020);
  });
});

describe('entity images: locations', () => {
  it('stores location images, shows them in the location and asks before deleting a location with images', async () => {
    const customerId = await createCustomer('Image Location Customer');
    const base = `/c/${demoCompany}/customer/${customerId}/location`;
    const created = await api().post(`${base}/`, { name: 'Image Hall' }, tokens.writer);
    expect(created.body.Meta.code).toBe(200);
    const locationId = created.body.Data.id as number;
    const image = await uploaded({ location_id: locationId });
    expect(image).toMatchObject({ location_id: locationId, customer_id: null, selected: true });
    expect((await api().get(`${base}/${locationId}`, tokens.readonly)).body.Data.images).toEqual([
      { id: image.id, url: image.url, selected: true, selected_label: false },
    ]);
    expect((await listOf(`location_id=${locationId}`, tokens.readonly)).map((i) => i.id)).toEqual([image.id]);
    // The demo customer user is restricted to another customer (K-10001).
    expect((await api().get(`${images()}?location_id=${locationId}`, tokens.customer)).body.Meta.code).toBe(404);
    expect((await api().get(`${images()}?location_id=${locationId}`, tokens.supplier)).body.Meta.code).toBe(1020);
    expect((await api().delete(`${base}/${locationId}`, tokens.writer)).body.Meta.code).toBe(1002);
    expect((await api().delete(`${base}/${locationId}?confirm=1`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await fetchImage(image.url)).status).toBe(404);
  });
});

describe('entity images: items', () => {
  const customers: Record<string, number> = {};
  const catalogs: Record<string, number> = {};
  const items = (customerId: number) => `/c/${demoCompany}/customer/${customerId}/item`;

  beforeAll(async () => {
    for (const c of (await api().get(`/c/${demoCompany}/customer?all=1`, tokens.admin)).body.Data.items) customers[c.nr] = c.id;
    for (const s of (await api().get(`/c/${demoCompany}/supplier?all=1`, tokens.admin)).body.Data.items) {
      const first = (await api().get(`/c/${demoCompany}/supplier/${s.id}/catalog`, tokens.admin)).body.Data.items[0];
      if (first) catalogs[s.nr] = first.id;
    }
  });

  async function newItem(customerId: number, body: Record<string, unknown>): Promise<{ id: number; supplier_id: number | null }> {
    const answer = await api().post(items(customerId), body, tokens.writer);
    if (answer.body.Meta.code !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body.Meta)}`);
    return answer.body.Data;
  }

  it('stores item images with one selected and one label image, shown in the item on every side', async () => {
    const cu = customers['K-10001']!;
    const item = await newItem(cu, { sku: 'IMG-ITEM-1', name: 'Pictured hex screw', catalog_id: catalogs['L-100'] });
    const first = await uploaded({ item_id: item.id });
    expect(first).toMatchObject({ item_id: item.id, customer_id: null, supplier_id: null, location_id: null, selected: true, selected_label: false });
    const second = await uploaded({ item_id: item.id, selected_label: 1 });
    expect(second).toMatchObject({ selected: false, selected_label: true });
    const refs = [
      { id: first.id, url: first.url, selected: true, selected_label: false },
      { id: second.id, url: second.url, selected: false, selected_label: true },
    ];
    expect((await api().get(`${items(cu)}/${item.id}/`, tokens.readonly)).body.Data.images).toEqual(refs);
    expect((await api().get(`${items(cu)}?q=IMG-ITEM-1`, tokens.customer)).body.Data.items[0].images).toEqual(refs);
    expect((await api().get(`/c/${demoCompany}/item_search?q=IMG-ITEM-1`, tokens.readonly)).body.Data.items[0].images).toEqual(refs);
    expect((await api().get(`/c/${demoCompany}/supplier/${item.supplier_id}/item/${item.id}`, tokens.supplier)).body.Data.images).toEqual(refs);

    // The selection moves with PATCH; the list answers the selected image first.
    expect((await api().patch(`${images()}/`, { id: second.id, selected: true }, tokens.writer)).body.Data).toMatchObject({ selected: true, selected_label: true });
    expect(flags(await listOf(`item_id=${item.id}`, tokens.readonly))).toEqual([
      [second.id, true, true],
      [first.id, false, false],
    ]);
    // Deleting the selected image passes the flag on.
    expect((await api().post(`${images()}/delete`, { ids: [second.id] }, tokens.writer)).body.Data.deleted).toEqual([second.id]);
    expect(flags(await listOf(`item_id=${item.id}`, tokens.customer))).toEqual([[first.id, true, false]]);
    expect((await fetchImage(second.url)).status).toBe(404);
  });

  it('answers 1002 when an item with images is deleted, and deletes both when confirmed', async () => {
    const cu = customers['K-10002']!;
    const item = await newItem(cu, { sku: 'IMG-ITEM-GONE', name: 'Pictured gloves' });
    const image = await uploaded({ item_id: item.id });
    const refused = await api().delete(`${items(cu)}/${item.id}`, tokens.writer);
    expect(refused.body.Meta.code).toBe(1002);
    expect((await api().get(`${items(cu)}/${item.id}/`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await fetchImage(image.url)).status).toBe(200);
    expect((await api().delete(`${items(cu)}/${item.id}?confirm=x`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'confirm' });
    expect((await api().delete(`${items(cu)}/${item.id}?confirm=1`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`${items(cu)}/${item.id}/`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await fetchImage(image.url)).status).toBe(404);
    // Without images no confirmation is needed.
    const plain = await newItem(cu, { sku: 'IMG-ITEM-PLAIN', name: 'Plain item' });
    expect((await api().delete(`${items(cu)}/${plain.id}`, tokens.writer)).body.Meta.code).toBe(200);
  });

  it("follows the item's access: restricted customer and supplier users, suppliers only for catalog items, 1020 for writes and other companies", async () => {
    // customer@demo.example is restricted to K-10001, supplier@demo.example to L-100 (demo data).
    const own = await newItem(customers['K-10001']!, { sku: 'IMG-ACC-OWN', name: 'Own item', catalog_id: catalogs['L-100'] });
    const loose = await newItem(customers['K-10001']!, { sku: 'IMG-ACC-LOOSE', name: 'Item without catalog' });
    const foreign = await newItem(customers['K-10002']!, { sku: 'IMG-ACC-FOREIGN', name: 'Other customer item', catalog_id: catalogs['L-200'] });
    for (const item of [own, loose, foreign]) await uploaded({ item_id: item.id });
    const code = async (item: { id: number }, token: string | undefined) => (await api().get(`${images()}?item_id=${item.id}`, token)).body.Meta.code;

    expect(await code(own, tokens.customer)).toBe(200);
    expect(await code(loose, tokens.customer)).toBe(200);
    expect(await code(foreign, tokens.customer)).toBe(404);
    expect(await code(own, tokens.supplier)).toBe(200);
    expect(await code(loose, tokens.supplier)).toBe(404);
    expect(await code(foreign, tokens.supplier)).toBe(404);
    for (const item of [own, loose, foreign]) expect(await code(item, tokens.readonly)).toBe(200);

    const mine = (await listOf(`item_id=${own.id}`))[0]!;
    const picture = await png(30, 30);
    for (const reader of ['readonly', 'customer', 'supplier']) {
      expect((await upload({ item_id: own.id }, picture, tokens[reader])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${images()}/`, { id: mine.id, selected_label: true }, tokens[reader])).body.Meta.code).toBe(1020);
      expect((await api().post(`${images()}/delete`, { ids: [mine.id] }, tokens[reader])).body.Meta.code).toBe(1020);
      expect((await api().delete(`${items(customers['K-10001']!)}/${own.id}?confirm=1`, tokens[reader])).body.Meta.code).toBe(1020);
    }
    const other = tokens.other!;
    expect((await upload({ item_id: own.id }, picture, other)).body.Meta.code).toBe(1020);
    expect(await code(own, other)).toBe(1020);
    expect((await api().patch(`${images()}/`, { id: mine.id, selected: true }, other)).body.Meta.code).toBe(1020);
    expect((await api().post(`${images()}/delete`, { ids: [mine.id] }, other)).body.Meta.code).toBe(1020);
    // Through their own company the item is unknown.
    expect((await api().get(`${images(otherCompany)}?item_id=${own.id}`, other)).body.Meta.code).toBe(404);
    const theirs = await api().postForm(`${images(otherCompany)}/`, form({ item_id: own.id }, { data: picture, name: 'a.png', type: 'image/png' }), other);
    expect(theirs.body.Meta.code).toBe(404);
    expect((await listOf(`item_id=${own.id}`)).map((i) => i.id)).toEqual([mine.id]);
    expect((await upload({ item_id: 99_999_999 }, picture)).body.Meta.code).toBe(404);
  });
});

describe('entity images: bad input', () => {
  let customerId: number;
  beforeAll(async () => {
    customerId = await createCustomer('Image Customer Errors');
  });

  it('answers 1013 without a file, for a file in another field, and for a file that is not an image by its content', async () => {
    const cases: [string, FormData][] = [
      ['no file', form({ customer_id: customerId })],
      ['other field', form({ customer_id: customerId }, { data: await png(50, 50), name: 'a.png', type: 'image/png' }, 'file')],
      ['text named png', form({ customer_id: customerId }, { data: 'not really a png', name: 'fake.png', type: 'image/png' })],
      ['pdf named jpg', form({ customer_id: customerId }, { data: '%PDF-1.4\n%...\n', name: 'photo.jpg', type: 'image/jpeg' })],
    ];
    for (const [what, body] of cases) {
      const answer = await api().postForm(`${images()}/`, body, tokens.writer);
      expect([what, answer.status, answer.body.Meta.code, answer.body.Meta.field]).toEqual([what, 422, 1013, 'image']);
    }
    // A real picture with a misleading name and type is accepted: the content decides.
    const named = form({ customer_id: customerId }, { data: await png(30, 30), name: 'notes.txt', type: 'text/plain' });
    expect((await api().postForm(`${images()}/`, named, tokens.writer)).body.Data).toMatchObject({ width: 30, content_type: 'image/png' });
  });

  it('refuses a pixel bomb and a file above the upload limit with 1000 naming the field', async () => {
    const bomb = await upload({ customer_id: customerId }, pixelBomb());
    expect(bomb.body.Meta).toMatchObject({ code: 1000, field: 'image' });
    expect(bomb.body.Meta.message).toMatch(/megapixels/);
    const huge = await upload({ customer_id: customerId }, Buffer.alloc(21 * 1024 * 1024, 1));
    expect(huge.body.Meta).toMatchObject({ code: 1000, field: 'image' });
    expect(huge.body.Meta.message).toMatch(/larger than 20 MB/);
  });

  it('needs exactly one entity id and valid options', async () => {
    const picture = await png(40, 40);
    expect((await upload({}, picture)).body.Meta).toMatchObject({ code: 1000, field: 'customer_id' });
    expect((await upload({ customer_id: customerId, supplier_id: 1 }, picture)).body.Meta).toMatchObject({ code: 1000, field: 'supplier_id' });
    expect((await upload({ customer_id: 'abc' }, picture)).body.Meta).toMatchObject({ code: 1000, field: 'customer_id' });
    expect((await upload({ customer_id: customerId, selected: 'maybe' }, picture)).body.Meta).toMatchObject({ code: 1000, field: 'selected' });
    expect((await upload({ storage_id: 5 }, picture)).body.Meta).toMatchObject({ code: 1000, field: 'storage_id' });
    expect((await api().patch(`${images()}/`, { selected: true }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'id' });
    expect((await api().post(`${images()}/delete`, { ids: [] }, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'ids' });
    expect((await api().get(`${images()}`, tokens.writer)).body.Meta).toMatchObject({ code: 1000, field: 'customer_id' });
    expect((await listOf(`customer_id=${customerId}`)).length).toBe(1);
  });

  it('answers 404 for an unknown entity, another company\'s entity and unknown images', async () => {
    const theirs = (await api().get(`/c/${otherCompany}/customer?all=1`, tokens.other)).body.Data.items[0].id as number;
    const picture = await png(40, 40);
    expect((await upload({ customer_id: theirs }, picture)).body.Meta.code).toBe(404);
    expect((await upload({ customer_id: 99_999_999 }, picture)).body.Meta.code).toBe(404);
    expect((await api().get(`${images()}?customer_id=${theirs}`, tokens.writer)).body.Meta.code).toBe(404);
    const theirImage = await api().postForm(`${images(otherCompany)}/`, form({ customer_id: theirs }, { data: picture, name: 'a.png', type: 'image/png' }), tokens.other);
    expect(theirImage.body.Meta.code).toBe(200);
    const theirId = theirImage.body.Data.id as number;
    expect((await api().patch(`${images()}/`, { id: theirId, selected: true }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().post(`${images()}/delete`, { ids: [theirId] }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await api().get(`${images(otherCompany)}?customer_id=${theirs}`, tokens.other)).body.Data.map((i: Image) => i.id)).toEqual([theirId]);
  });

  it('answers 1020 to the other company\'s admin on every call, and to readers on changes', async () => {
    const mine = await uploaded({ customer_id: customerId });
    const picture = await png(40, 40);
    const other = tokens.other!;
    expect((await api().postForm(`${images()}/`, form({ customer_id: customerId }, { data: picture, name: 'a.png', type: 'image/png' }), other)).body.Meta.code).toBe(1020);
    expect((await api().get(`${images()}?customer_id=${customerId}`, other)).body.Meta.code).toBe(1020);
    expect((await api().patch(`${images()}/`, { id: mine.id, selected: true }, other)).body.Meta.code).toBe(1020);
    expect((await api().post(`${images()}/delete`, { ids: [mine.id] }, other)).body.Meta.code).toBe(1020);
    for (const reader of ['readonly', 'customer', 'supplier']) {
      expect((await upload({ customer_id: customerId }, picture, tokens[reader])).body.Meta.code).toBe(1020);
      expect((await api().patch(`${images()}/`, { id: mine.id, selected: true }, tokens[reader])).body.Meta.code).toBe(1020);
      expect((await api().post(`${images()}/delete`, { ids: [mine.id] }, tokens[reader])).body.Meta.code).toBe(1020);
    }
    expect((await listOf(`customer_id=${customerId}`, tokens.readonly)).map((i) => i.id)).toContain(mine.id);
  });

  it('follows access restrictions: a restricted user gets 404 for the other customers\' images', async () => {
    const allowed = await createCustomer('Image Restricted Allowed');
    const hidden = await createCustomer('Image Restricted Hidden');
    const hiddenImage = await uploaded({ customer_id: hidden });
    const restriction = await api().post(`/c/${demoCompany}/accessrestriction`, { user_id: ids.writer, customer_id: allowed }, tokens.admin);
    expect(restriction.body.Meta.code).toBe(200);
    try {
      await eventually(async () => ((await api().get(`${images()}?customer_id=${hidden}`, tokens.writer)).body.Meta.code === 404 ? true : undefined), 20_000, 'the restriction to apply');
      expect((await upload({ customer_id: hidden }, await png(20, 20))).body.Meta.code).toBe(404);
      expect((await api().post(`${images()}/delete`, { ids: [hiddenImage.id] }, tokens.writer)).body.Meta.code).toBe(404);
      expect((await upload({ customer_id: allowed }, await png(20, 20))).body.Meta.code).toBe(200);
    } finally {
      expect((await api().delete(`/c/${demoCompany}/accessrestriction/${restriction.body.Data.id}`, tokens.admin)).body.Meta.code).toBe(200);
    }
    await eventually(async () => ((await api().get(`${images()}?customer_id=${hidden}`, tokens.writer)).body.Meta.code === 200 ? true : undefined), 20_000, 'the restriction to go');
  });
});

describe('entity images: delete', () => {
  it('deletes images by id, all or none, passing the selection on', async () => {
    const customerId = await createCustomer('Image Customer Delete');
    const a = await uploaded({ customer_id: customerId });
    const b = await uploaded({ customer_id: customerId });
    const c = await uploaded({ customer_id: customerId });
    expect((await api().post(`${images()}/delete`, { ids: [b.id, 99_999_999] }, tokens.writer)).body.Meta.code).toBe(404);
    expect((await listOf(`customer_id=${customerId}`)).length).toBe(3);
    const answer = await api().post(`${images()}/delete`, { ids: [a.id, b.id] }, tokens.writer);
    expect(answer.body.Data.deleted).toEqual([a.id, b.id]);
    expect(flags(await listOf(`customer_id=${customerId}`))).toEqual([[c.id, true, false]]);
    expect((await fetchImage(a.url)).status).toBe(404);
    expect((await fetchImage(c.url)).status).toBe(200);
  });

  it('answers 1002 when a customer or supplier with images is deleted, and deletes both when confirmed', async () => {
    const customerId = await createCustomer('Image Customer Gone');
    const image = await uploaded({ customer_id: customerId });
    const refused = await api().delete(`/c/${demoCompany}/customer/${customerId}`, tokens.writer);
    expect(refused.body.Meta.code).toBe(1002);
    expect((await api().get(`/c/${demoCompany}/customer/${customerId}/`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().delete(`/c/${demoCompany}/customer/${customerId}?confirm=1`, tokens.writer)).body.Meta.code).toBe(200);
    expect((await api().get(`/c/${demoCompany}/customer/${customerId}/`, tokens.writer)).body.Meta.code).toBe(404);
    expect((await fetchImage(image.url)).status).toBe(404);

    const supplierId = await createSupplier('Image Supplier Gone');
    await uploaded({ supplier_id: supplierId });
    expect((await api().delete(`/c/${demoCompany}/supplier/${supplierId}`, tokens.writer)).body.Meta.code).toBe(1002);
    expect((await api().delete(`/c/${demoCompany}/supplier/${supplierId}?confirm=true`, tokens.writer)).body.Meta.code).toBe(200);

    // Without images no confirmation is needed.
    const plain = await createCustomer('Image Customer Plain');
    expect((await api().delete(`/c/${demoCompany}/customer/${plain}`, tokens.writer)).body.Meta.code).toBe(200);
  });
});
