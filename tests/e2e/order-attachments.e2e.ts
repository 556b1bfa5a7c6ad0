import sharp from 'sharp';
import { BLOB_STORE, type BlobStore, NatsObjectBlobStore, objectStoreBucket } from '@kanban/images';
import { pixelBomb } from '@kanban/testing';
import { ordersSql } from '../support/orders-sql';
import { meta, ok, signInDemo, startSystem, type TestSystem } from '../support/system';

/**
 * An order's attachment and pictures (docs/replenishment.md "Attachments and pictures") in both run modes: upload,
 * replace, download, the checks with code and field, pictures with their sizes and limit, roles, access restrictions,
 * tenancy, the history and the blobs removed on replace and delete (embedded: the folder store; distributed: the NATS
 * object store the gateway uses).
 */
jest.setTimeout(240_000);

let system: TestSystem;
let demo: number;
let other: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const customers: Record<string, number> = {};
let catalogId: number;
/** orders of Maschinenbau Huber (K-10001, the customer user's customer) and a request of Alpen Metallwerke (K-10002: hidden from the customer user) */
let orderA: number;
let orderB: number;
let orderC: number;
let hidden: number;
let place: { customer: number; location: number };

const api = () => system.api;
const at = (order: number, suffix = '') => `/c/${demo}/order/${order}${suffix}`;

let serial = 0;
/** A new order by hand at the location (a fresh item with a rule each time: a rule has one open line at most). */
async function newOrder(customer: number, location: number): Promise<any> {
  const sku = `ATT-${++serial}`;
  const item = ok(await api().post(`/c/${demo}/customer/${customer}/item`, { sku, name: `Attach ${sku}`, catalog_id: catalogId, order_unit: 'PAK' }, tokens.writer));
  ok(await api().post(`/c/${demo}/rules`, { location_id: location, item_id: item.id, threshold: 1, capacity: 100, stock: 50 }, tokens.writer));
  const reply = ok(await api().post(`/c/${demo}/customer/${customer}/location/${location}/order`, { lines: [{ item_id: item.id, quantity: 5 }] }, tokens.writer));
  return reply.orders[0];
}

function pdf(text = 'Lieferschein'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

function png(width: number, height: number, background = { r: 30, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

function form(field: string, file?: { data: Buffer | string; name: string; type: string }): FormData {
  const body = new FormData();
  body.append('note', 'x');
  if (file) body.append(field, new Blob([file.data], { type: file.type }), file.name);
  return body;
}

const attach = (order: number, data: Buffer, name = 'file.pdf', token = tokens.writer, prefix = at(order)) =>
  api().postForm(`${prefix}/attachment`, form('file', { data, name, type: 'application/octet-stream' }), token);
const addPicture = (order: number, data: Buffer, token = tokens.writer, prefix = at(order)) =>
  api().postForm(`${prefix}/image`, form('image', { data, name: 'bin.png', type: 'image/png' }), token);

/** GET with the token as a browser's fetch would: status, headers and bytes (or the envelope on errors). */
async function fetchBytes(path: string, token: string) {
  const response = await fetch(`${system.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const data = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(data.toString('utf8')) : null;
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), data, code: json?.Meta?.code };
}

/** The bytes under a blob key in the store the gateway uses, or null. */
async function blob(key: string): Promise<Buffer | null> {
  if (system.app) return system.app.get<BlobStore>(BLOB_STORE, { strict: false }).get(key);
  const nc = await system.distributed!.nats.connect();
  try {
    return await new NatsObjectBlobStore(nc, objectStoreBucket(system.distributed!.prefix, 'blobs')).get(key);
  } finally {
    await nc.close();
  }
}

async function attachmentKey(order: number): Promise<string | null> {
  const [row] = await ordersSql<{ attachment_key: string | null }>(system, 'select attachment_key from orders.purchase_order where id = ?', [order]);
  return row?.attachment_key ?? null;
}

async function imageKeys(order: number): Promise<string[]> {
  const rows = await ordersSql<{ blob_key: string }>(system, 'select blob_key from orders.purchase_order_image where order_id = ? order by id', [order]);
  return rows.map((r) => r.blob_key);
}

const history = async (order: number) => ok(await api().get(at(order), tokens.admin)).history.map((e: any) => [e.type, e.text, e.user_id]);
/** the history as message codes and parameters (docs/replenishment.md "Order history") */
const messages = async (order: number) => ok(await api().get(at(order), tokens.admin)).history.map((e: any) => [e.code, e.params]);

beforeAll(async () => {
  system = await startSystem();
  const signedIn = await signInDemo(system);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(ids, signedIn.ids);
  ({ demo, other } = signedIn);
  for (const c of ok(await api().get(`/c/${demo}/customer?all=1&per_page=200`, tokens.admin)).items) customers[c.nr] = c.id;
  const supplier = ok(await api().get(`/c/${demo}/supplier?per_page=200`, tokens.admin)).items[0];
  catalogId = ok(await api().get(`/c/${demo}/supplier/${supplier.id}/catalog`, tokens.admin)).items[0].id;
  const huber = customers['K-10001']!;
  const alpen = customers['K-10002']!;
  const location = ok(await api().post(`/c/${demo}/customer/${huber}/location/`, { name: 'Anhang', take_picture: 2 }, tokens.writer)).id;
  place = { customer: huber, location };
  orderA = (await newOrder(huber, location)).id;
  orderB = (await newOrder(huber, location)).id;
  orderC = (await newOrder(huber, location)).id;
  const alpenLocation = ok(await api().post(`/c/${demo}/customer/${alpen}/location/`, { name: 'Anhang Alpen' }, tokens.writer)).id;
  const request = await newOrder(alpen, alpenLocation);
  expect(request.status).toBe('request');
  hidden = request.id;
}, 240_000);

afterAll(async () => {
  await system?.close();
});

describe('attachment', () => {
  let firstKey: string;

  it('attaches a PDF (judged by its content): the order answers name, type, size, address and uploader; a U event; the bytes in the store', async () => {
    const bytes = pdf();
    const order = ok(await attach(orderA, bytes, 'Lieferschein Müller.pdf'));
    expect(order.attachment).toEqual({
      name: 'Lieferschein Müller.pdf',
      mime: 'application/pdf',
      size: bytes.length,
      url: `/api/c/${demo}/order/${orderA}/attachment`,
      uploaded_at: expect.any(String),
      uploaded_by: ids.writer,
    });
    expect(ok(await api().get(at(orderA), tokens.readonly)).attachment).toEqual(order.attachment);
    expect(await history(orderA)).toContainEqual(['U', 'attachment added: Lieferschein Müller.pdf', ids.writer]);
    firstKey = (await attachmentKey(orderA))!;
    expect(firstKey).toMatch(/^order-files\/[0-9a-f]{32}$/);
    expect((await blob(firstKey))?.equals(bytes)).toBe(true);
  });

  it('streams it with its type and file name', async () => {
    const answer = await fetchBytes(`/api${at(orderA, '/attachment')}`, tokens.readonly);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.disposition).toBe(`attachment; filename="Lieferschein M_ller.pdf"; filename*=UTF-8''Lieferschein%20M%C3%BCller.pdf`);
    expect(answer.data.equals(pdf())).toBe(true);
    // the same at customer and location level
    expect((await fetchBytes(`/api/c/${demo}/customer/${place.customer}/order/${orderA}/attachment`, tokens.customer)).data.equals(pdf())).toBe(true);
    expect((await fetchBytes(`/api/c/${demo}/customer/${place.customer}/location/${place.location}/order/${orderA}/attachment`, tokens.customer)).status).toBe(200);
    // an order of another customer or location in the path is not found
    expect((await fetchBytes(`/api/c/${demo}/customer/${customers['K-10002']}/order/${orderA}/attachment`, tokens.admin)).code).toBe(404);
  });

  it('replaces it with a picture (scaled inside 3840x2160, the extension of the stored format) and removes the old bytes', async () => {
    const order = ok(await attach(orderA, await png(5000, 3000), 'scan.heic'));
    expect(order.attachment).toMatchObject({ name: 'scan.png', mime: 'image/png', uploaded_by: ids.writer });
    const key = (await attachmentKey(orderA))!;
    expect(key).not.toBe(firstKey);
    expect(await blob(firstKey)).toBeNull();
    const answer = await fetchBytes(`/api${at(orderA, '/attachment')}`, tokens.admin);
    expect(answer.type).toBe('image/png');
    expect(answer.data.length).toBe(order.attachment.size);
    expect(await sharp(answer.data).metadata()).toMatchObject({ format: 'png', width: 3600, height: 2160 });
    expect(await history(orderA)).toContainEqual(['U', 'attachment added: scan.png (replaces Lieferschein Müller.pdf)', ids.writer]);
    expect(await messages(orderA)).toContainEqual(['attachment_added', { name: 'scan.png', replaced: 'Lieferschein Müller.pdf' }]);
  });

  it('refuses text (1000), no file (1013), more than 10 MB (1000) and a pixel bomb (1000), naming the field file; the attachment stays', async () => {
    const before = ok(await api().get(at(orderA), tokens.admin)).attachment;
    expect(meta(await attach(orderA, Buffer.from('just some text, not a PDF'), 'notes.pdf'))).toMatchObject({ code: 1000, field: 'file' });
    expect(meta(await attach(orderA, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg'))).toMatchObject({ code: 1000, field: 'file' });
    expect(meta(await api().postForm(`${at(orderA)}/attachment`, form('file'), tokens.writer))).toMatchObject({ code: 1013, field: 'file' });
    expect(meta(await api().postForm(`${at(orderA)}/attachment`, form('other', { data: pdf(), name: 'a.pdf', type: 'application/pdf' }), tokens.writer))).toMatchObject({
      code: 1013,
      field: 'file',
    });
    const large = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = meta(await attach(orderA, large, 'big.pdf'));
    expect(tooLarge).toMatchObject({ code: 1000, field: 'file' });
    expect(tooLarge.message).toMatch(/larger than 10 MB/);
    const bomb = meta(await attach(orderA, pixelBomb(), 'bomb.png'));
    expect(bomb).toMatchObject({ code: 1000, field: 'file' });
    expect(bomb.message).toMatch(/megapixels/);
    expect(meta(await api().postForm(`/c/${demo}/order/abc/attachment`, form('file', { data: pdf(), name: 'a.pdf', type: 'application/pdf' }), tokens.writer))).toMatchObject({
      code: 1000,
      field: 'orderID',
    });
    expect(ok(await api().get(at(orderA), tokens.admin)).attachment).toEqual(before);
  });

  it('deletes it and its bytes (404 after); a U event', async () => {
    const key = (await attachmentKey(orderA))!;
    expect(await blob(key)).not.toBeNull();
    const order = ok(await api().delete(at(orderA, '/attachment'), tokens.admin));
    expect(order.attachment).toBeNull();
    expect(await attachmentKey(orderA)).toBeNull();
    expect(await blob(key)).toBeNull();
    expect(await history(orderA)).toContainEqual(['U', 'attachment removed: scan.png', ids.admin]);
    expect(await messages(orderA)).toContainEqual(['attachment_removed', { name: 'scan.png' }]);
    expect(meta(await api().delete(at(orderA, '/attachment'), tokens.admin)).code).toBe(404);
    expect((await fetchBytes(`/api${at(orderA, '/attachment')}`, tokens.admin)).code).toBe(404);
    expect(ok(await api().get(`/c/${demo}/order?days=1&per_page=200`, tokens.admin)).items.find((o: any) => o.id === orderA).attachment).toBeNull();
  });
});

describe('pictures', () => {
  const added: any[] = [];

  it('adds pictures (scaled inside 3840x2160) at every level; the order lists them oldest first with their addresses', async () => {
    const levels = [at(orderB), `/c/${demo}/customer/${place.customer}/order/${orderB}`, `/c/${demo}/customer/${place.customer}/location/${place.location}/order/${orderB}`];
    for (const [i, prefix] of levels.entries()) {
      const image = ok(await addPicture(orderB, await png(i === 0 ? 4000 : 600, i === 0 ? 3000 : 400), tokens.customer, prefix));
      added.push(image);
    }
    expect(added[0]).toEqual({
      id: expect.any(Number),
      url: `/api/c/${demo}/order/${orderB}/image/${added[0].id}`,
      mime: 'image/png',
      width: 2880,
      height: 2160,
      created_at: expect.any(String),
      created_by: ids.customer,
    });
    const order = ok(await api().get(at(orderB), tokens.readonly));
    expect(order.images.map((i: any) => i.id)).toEqual(added.map((i) => i.id));
    expect(order.images[1]).toMatchObject({ width: 600, height: 400 });
    // lists carry them too
    const listed = ok(await api().get(`/c/${demo}/customer/${place.customer}/order?per_page=200`, tokens.customer)).items.find((o: any) => o.id === orderB);
    expect(listed.images.map((i: any) => i.id)).toEqual(added.map((i) => i.id));
    expect((await history(orderB)).filter((e: any[]) => e[1].startsWith('picture added'))).toHaveLength(3);
    const keys = await imageKeys(orderB);
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatch(/^order-images\/[0-9a-f]{32}$/);
      expect(await blob(key)).not.toBeNull();
    }
  });

  it('answers a picture fitted like the other images: no size or 20 and less give 128, others snap to the allowed sizes', async () => {
    const url = added[0].url as string;
    expect((await fetchBytes(`${url}?size=abc`, tokens.readonly)).code).toBe(1000);
    const cases: [string, number, number][] = [
      ['', 128, 96],
      ['?size=20', 128, 96],
      ['?size=400', 512, 384],
      ['?size=99999', 2880, 2160],
    ];
    for (const [query, width, height] of cases) {
      const answer = await fetchBytes(`${url}${query}`, tokens.readonly);
      expect([query, answer.status, answer.type]).toEqual([query, 200, 'image/png']);
      expect(await sharp(answer.data).metadata()).toMatchObject({ width, height });
    }
    // at customer level too; a picture of another order is not found through this one
    expect((await fetchBytes(`/api/c/${demo}/customer/${place.customer}/order/${orderB}/image/${added[1].id}?size=64`, tokens.customer)).status).toBe(200);
    expect((await fetchBytes(`/api${at(orderC, `/image/${added[1].id}`)}`, tokens.admin)).code).toBe(404);
  });

  it('refuses not a picture and no file (1013), a pixel bomb (1000), more than 5 pictures (1000), naming the field image', async () => {
    expect(meta(await addPicture(orderB, pdf()))).toMatchObject({ code: 1013, field: 'image' });
    expect(meta(await api().postForm(`${at(orderB)}/image`, form('image'), tokens.writer))).toMatchObject({ code: 1013, field: 'image' });
    expect(meta(await addPicture(orderB, pixelBomb()))).toMatchObject({ code: 1000, field: 'image' });
    added.push(ok(await addPicture(orderB, await png(50, 50))));
    added.push(ok(await addPicture(orderB, await png(60, 50))));
    const sixth = meta(await addPicture(orderB, await png(70, 50)));
    expect(sixth).toMatchObject({ code: 1000, field: 'image' });
    expect(sixth.message).toMatch(/at most 5/);
    expect(await imageKeys(orderB)).toHaveLength(5);
    expect(ok(await api().get(at(orderB), tokens.admin)).images).toHaveLength(5);
  });

  it('deletes a picture and its bytes; a U event; 404 after', async () => {
    const victim = added[1];
    const [key] = (await ordersSql<{ blob_key: string }>(system, 'select blob_key from orders.purchase_order_image where id = ?', [victim.id])).map((r) => r.blob_key);
    expect(await blob(key!)).not.toBeNull();
    const order = ok(await api().delete(at(orderB, `/image/${victim.id}`), tokens.customer));
    expect(order.images.map((i: any) => i.id)).toEqual(added.filter((i) => i.id !== victim.id).map((i) => i.id));
    expect(await blob(key!)).toBeNull();
    expect(await history(orderB)).toContainEqual(['U', `picture removed (${victim.id})`, ids.customer]);
    expect(await messages(orderB)).toContainEqual(['picture_removed', { image_id: victim.id }]);
    expect(meta(await api().delete(at(orderB, `/image/${victim.id}`), tokens.customer)).code).toBe(404);
    expect((await fetchBytes(`/api${at(orderB, `/image/${victim.id}`)}`, tokens.admin)).code).toBe(404);
    // a sixth fits again
    ok(await addPicture(orderB, await png(80, 50)));
  });
});

describe('who', () => {
  it('read-only users read, but adding and removing answers 1020', async () => {
    ok(await attach(orderC, pdf('C'), 'c.pdf'));
    const picture = ok(await addPicture(orderC, await png(100, 100)));
    expect((await fetchBytes(`/api${at(orderC, '/attachment')}`, tokens.readonly)).status).toBe(200);
    expect((await fetchBytes(`/api${picture.url.slice(4)}`, tokens.readonly)).status).toBe(200);
    expect(meta(await attach(orderC, pdf(), 'r.pdf', tokens.readonly)).code).toBe(1020);
    expect(meta(await addPicture(orderC, await png(10, 10), tokens.readonly)).code).toBe(1020);
    expect(meta(await api().delete(at(orderC, '/attachment'), tokens.readonly)).code).toBe(1020);
    expect(meta(await api().delete(at(orderC, `/image/${picture.id}`), tokens.readonly)).code).toBe(1020);
    expect(ok(await api().get(at(orderC), tokens.admin))).toMatchObject({ attachment: { name: 'c.pdf' }, images: [{ id: picture.id }] });
  });

  it('owners, admins, writers and customer users add and remove', async () => {
    for (const name of ['owner', 'admin', 'writer', 'customer']) {
      expect([name, ok(await attach(orderC, pdf(name), `${name}.pdf`, tokens[name])).attachment.uploaded_by]).toEqual([name, ids[name]]);
    }
    expect(ok(await api().delete(at(orderC, '/attachment'), tokens.customer)).attachment).toBeNull();
  });

  it('suppliers and other companies answer 1020; another company\'s address does not find the order', async () => {
    for (const token of [tokens.supplier, tokens.other]) {
      expect((await fetchBytes(`/api${at(orderB, `/image/${ok(await api().get(at(orderB), tokens.admin)).images[0].id}`)}`, token)).code).toBe(1020);
      expect(meta(await attach(orderC, pdf(), 's.pdf', token)).code).toBe(1020);
      expect(meta(await addPicture(orderC, await png(10, 10), token)).code).toBe(1020);
      expect(meta(await api().delete(at(orderB, '/attachment'), token)).code).toBe(1020);
    }
    expect(meta(await api().postForm(`/c/${other}/order/${orderC}/attachment`, form('file', { data: pdf(), name: 'o.pdf', type: 'application/pdf' }), tokens.other)).code).toBe(404);
    expect((await fetchBytes(`/api/c/${other}/order/${orderB}/image/1`, tokens.other)).code).toBe(404);
  });

  it('a customer user\'s restrictions hide other customers\' orders (404), waiting requests take files from staff', async () => {
    expect(ok(await attach(hidden, pdf('request'), 'anfrage.pdf', tokens.admin)).status).toBe('request');
    const picture = ok(await addPicture(hidden, await png(100, 80), tokens.writer));
    const request = ok(await api().get(`/c/${demo}/request/${hidden}`, tokens.admin));
    expect(request).toMatchObject({ status: 'request', attachment: { name: 'anfrage.pdf' }, images: [{ id: picture.id }] });
    expect(meta(await attach(hidden, pdf(), 'x.pdf', tokens.customer)).code).toBe(404);
    expect(meta(await addPicture(hidden, await png(10, 10), tokens.customer)).code).toBe(404);
    expect((await fetchBytes(`/api${at(hidden, '/attachment')}`, tokens.customer)).code).toBe(404);
    expect((await fetchBytes(`/api${at(hidden, `/image/${picture.id}`)}`, tokens.customer)).code).toBe(404);
    expect(meta(await api().delete(at(hidden, '/attachment'), tokens.customer)).code).toBe(404);
    expect(meta(await api().delete(at(hidden, `/image/${picture.id}`), tokens.customer)).code).toBe(404);
    // nothing changed
    expect(ok(await api().get(at(hidden), tokens.admin))).toMatchObject({ attachment: { name: 'anfrage.pdf' }, images: [{ id: picture.id }] });
  });

  it('a location with take_picture 2 takes orders without a picture; the picture follows the order', async () => {
    const location = ok(await api().get(`/c/${demo}/customer/${place.customer}/location/${place.location}`, tokens.admin));
    expect(location.take_picture).toBe(2);
    const order = await newOrder(place.customer, place.location);
    expect(order.images).toEqual([]);
    const picture = ok(await addPicture(order.id, await png(320, 240), tokens.customer, `/c/${demo}/customer/${place.customer}/location/${place.location}/order/${order.id}`));
    expect(ok(await api().get(at(order.id), tokens.customer)).images).toEqual([picture]);
  });
});
