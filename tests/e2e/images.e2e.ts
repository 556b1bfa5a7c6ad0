import sharp from 'sharp';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(120_000);

let system: TestSystem;
let writer: { token: string; id: number };
let adminToken: string;
let companyId: number;

beforeAll(async () => {
  system = await startSystem();
  const session = await login(system, 'writer@demo.example');
  writer = { token: session.token, id: session.user.id };
  adminToken = (await login(system, 'admin@demo.example')).token;
  companyId = (await system.api.get('/company', adminToken)).body.Data[0].id;
});

afterAll(async () => {
  await system?.close();
});

const api = () => system.api;

function form(file?: { data: Buffer | string; name: string; type: string }, field = 'file'): FormData {
  const body = new FormData();
  body.append('note', 'profile image');
  if (file) body.append(field, new Blob([file.data], { type: file.type }), file.name);
  return body;
}

function png(width: number, height: number, background = { r: 200, g: 30, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

/** GET an image address as a browser's <img> would: no Authorization header. */
async function fetchImage(url: string) {
  const response = await fetch(`${system.url}${url}`);
  const data = Buffer.from(await response.arrayBuffer());
  const meta = response.ok ? await sharp(data).metadata() : undefined;
  return { response, data, meta };
}

const IMAGE_URL = /^\/api\/image\/[0-9a-f]{32}$/;

describe('profile image', () => {
  let firstUrl: string;

  it('stores an upload scaled down to fit inside 3840x2160 and points the user at it', async () => {
    const answer = await api().postForm('/image/', form({ data: await png(5000, 3000), name: 'big.png', type: 'image/png' }), writer.token);
    expect(answer.body.Meta).toEqual({ code: 200, message: '' });
    const user = answer.body.Data;
    expect(user.id).toBe(writer.id);
    expect(user.img.url).toMatch(IMAGE_URL);
    expect(user.image_id).toEqual(expect.any(Number));
    firstUrl = user.img.url;

    const me = (await api().get('/user/me', writer.token)).body.Data;
    expect(me.img).toEqual({ url: firstUrl });
    expect(me.image_id).toBe(user.image_id);

    const { response, meta } = await fetchImage(`${firstUrl}?size=3840`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    expect(meta).toMatchObject({ format: 'png', width: 3600, height: 2160 });
  });

  it('serves sizes fitted inside NxN, snapped up to the allowed sizes; 20 or less, or none, gives 128', async () => {
    for (const [query, width, height] of [
      ['', 128, 77],
      ['?size=10', 128, 77],
      ['?size=20', 128, 77],
      ['?size=', 128, 77],
      ['?size=300', 384, 230],
      ['?size=384', 384, 230],
      ['?size=21', 32, 19],
      ['?size=99999', 3600, 2160],
    ] as const) {
      const { response, meta } = await fetchImage(`${firstUrl}${query}`);
      expect([query, response.status, meta?.width, meta?.height]).toEqual([query, 200, width, height]);
    }
  });

  it('shows the image in logins and company user lists', async () => {
    const session = await login(system, 'writer@demo.example');
    expect(session.user).toMatchObject({ img: { url: firstUrl } });
    const list = (await api().get(`/c/${companyId}/user?per_page=200`, adminToken)).body.Data;
    expect(list.items.find((u: { id: number }) => u.id === writer.id).img).toEqual({ url: firstUrl });
    const one = (await api().get(`/c/${companyId}/user/${writer.id}/`, adminToken)).body.Data;
    expect(one.img).toEqual({ url: firstUrl });
  });

  it('replaces the image with a new upload and forgets the old one', async () => {
    const answer = await api().postForm('/image/', form({ data: await png(640, 480, { r: 0, g: 0, b: 255 }), name: 'b.png', type: 'image/png' }), writer.token);
    expect(answer.body.Meta.code).toBe(200);
    const url = answer.body.Data.img.url as string;
    expect(url).toMatch(IMAGE_URL);
    expect(url).not.toBe(firstUrl);
    expect((await fetchImage(`${url}?size=768`)).meta).toMatchObject({ width: 640, height: 480 });
    const old = await fetchImage(firstUrl);
    expect(old.response.status).toBe(404);
    firstUrl = url;
  });

  it('keeps exactly one of two uploads sent at once', async () => {
    const [a, b] = await Promise.all(
      [10, 250].map(async (red) =>
        api().postForm('/image/', form({ data: await png(120, 90, { r: red, g: 0, b: 0 }), name: 'x.png', type: 'image/png' }), writer.token),
      ),
    );
    const urls = [a!.body.Data.img.url as string, b!.body.Data.img.url as string];
    const current = (await api().get('/user/me', writer.token)).body.Data.img.url as string;
    expect(urls).toContain(current);
    const statuses = await Promise.all(urls.map(async (url) => (await fetchImage(url)).response.status));
    expect(statuses.sort()).toEqual([200, 404]);
    expect((await fetchImage(firstUrl)).response.status).toBe(404);
    firstUrl = current;
  });

  it('answers 1013 without a file, for a file in another field and for a file that is not an image', async () => {
    const cases: [string, FormData | undefined][] = [
      ['no file', form()],
      ['other field', form({ data: await png(50, 50), name: 'a.png', type: 'image/png' }, 'image')],
      ['text file', form({ data: 'hello, this is text\n', name: 'notes.txt', type: 'text/plain' })],
      ['text named png', form({ data: 'not really a png', name: 'fake.png', type: 'image/png' })],
    ];
    for (const [what, body] of cases) {
      const answer = await api().postForm('/image/', body!, writer.token);
      expect([what, answer.status, answer.body.Meta.code]).toEqual([what, 422, 1013]);
      expect(answer.body.Meta.message).toMatch(/no image submitted/);
    }
    const json = await api().post('/image/', { file: 'x' }, writer.token);
    expect(json.body.Meta.code).toBe(1013);
    // Nothing changed.
    expect((await api().get('/user/me', writer.token)).body.Data.img).toEqual({ url: firstUrl });
  });

  it('refuses a file above the upload limit with 1000 naming the field', async () => {
    const answer = await api().postForm('/image/', form({ data: Buffer.alloc(21 * 1024 * 1024, 1), name: 'huge.png', type: 'image/png' }), writer.token);
    expect(answer.body.Meta).toMatchObject({ code: 1000, field: 'file' });
    expect(answer.body.Meta.message).toMatch(/larger than 20 MB/);
  });

  it('needs a signed-in user to upload', async () => {
    const answer = await api().postForm('/image/', form({ data: await png(50, 50), name: 'a.png', type: 'image/png' }));
    expect(answer.status).toBe(401);
  });

  it('answers an unknown or malformed key with a 404 envelope', async () => {
    for (const key of ['0123456789abcdef0123456789abcdef', 'nope', '..%2F..%2Fetc%2Fpasswd']) {
      const answer = await api().get(`/image/${key}`);
      expect([key, answer.status, answer.body.Meta.code]).toEqual([key, 404, 404]);
    }
  });

  it('keeps image_id when a form sends it back unchanged and refuses another id', async () => {
    const me = (await api().get('/user/me', writer.token)).body.Data;
    const same = await api().post('/auth/user/update', { first_name: 'Walter', image_id: me.image_id }, writer.token);
    expect(same.body.Meta.code).toBe(200);
    expect(same.body.Data).toMatchObject({ first_name: 'Walter', image_id: me.image_id, img: { url: firstUrl } });
    const other = await api().post('/auth/user/update', { image_id: me.image_id + 1000 }, writer.token);
    expect(other.body.Meta).toMatchObject({ code: 1000, field: 'image_id' });
  });

  it('removes the image with image_id null in auth/user/update', async () => {
    const answer = await api().post('/auth/user/update', { last_name: 'Writer', image_id: null }, writer.token);
    expect(answer.body.Meta.code).toBe(200);
    expect(answer.body.Data).toMatchObject({ last_name: 'Writer', img: null, image_id: null });
    expect((await api().get('/user/me', writer.token)).body.Data).toMatchObject({ img: null, image_id: null });
    expect((await fetchImage(firstUrl)).response.status).toBe(404);
    // Removing again is harmless.
    expect((await api().post('/auth/user/update', { image_id: null }, writer.token)).body.Data.img).toBeNull();
  });
});
