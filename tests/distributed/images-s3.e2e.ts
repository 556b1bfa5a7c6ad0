import sharp from 'sharp';
import { S3BlobStore } from '@kanban/images';
import { startS3Server, type S3TestServer, waitReady } from '@kanban/testing';
import { login, startSystem, type TestSystem } from '../support/system';

jest.setTimeout(180_000);

/** The distributed gateway with BLOB_STORE=s3 keeps entity images in an S3-compatible store (s3rver here, MinIO in production). */
describe('entity images in an S3-compatible store (distributed)', () => {
  let system: TestSystem;
  let s3: S3TestServer;
  let bucket: S3BlobStore;

  beforeAll(async () => {
    s3 = await startS3Server();
    system = await startSystem('distributed');
    const handles = system.distributed!;
    const env = {
      BLOB_STORE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'kanban-images',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_CREATE_BUCKET: 'true',
    };
    await handles.kill('gateway', 'SIGTERM');
    await handles.start('gateway', env);
    await waitReady(system.api, handles.processes);
    bucket = new S3BlobStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'kanban-images',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      createBucket: false,
    });
  });

  afterAll(async () => {
    bucket?.close();
    await system?.close();
    await s3?.stop();
  });

  it('uploads a customer image through the gateway into the bucket, serves it and removes it with the customer', async () => {
    const token = (await login(system, 'writer@demo.example')).token;
    const company = (await system.api.get('/company', token)).body.Data[0].id as number;
    const customer = (await system.api.post(`/c/${company}/customer/`, { name: 'S3 Image Customer' }, token)).body.Data.id as number;
    const body = new FormData();
    body.append('customer_id', String(customer));
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 128, b: 64 } } }).jpeg().toBuffer();
    body.append('image', new Blob([picture], { type: 'image/jpeg' }), 'logo.jpg');
    const answer = await system.api.postForm(`/c/${company}/image/`, body, token);
    expect(answer.body.Meta.code).toBe(200);
    const key = (answer.body.Data.url as string).split('/').pop()!;

    const stored = await bucket.get(`images/${key}`);
    expect(stored && (await sharp(stored).metadata())).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    const served = await fetch(`${system.url}${answer.body.Data.url}?size=100`);
    expect(served.status).toBe(200);
    // 100 snaps up to 128; the variant is kept in the bucket beside the image
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 128, height: 96 });
    expect(await bucket.get(`variants/images/${key}/128`)).not.toBeNull();

    expect((await system.api.delete(`/c/${company}/customer/${customer}`, token)).body.Meta.code).toBe(1002);
    expect((await system.api.delete(`/c/${company}/customer/${customer}?confirm=1`, token)).body.Meta.code).toBe(200);
    expect(await bucket.get(`images/${key}`)).toBeNull();
    expect(await bucket.get(`variants/images/${key}/128`)).toBeNull();
    expect((await fetch(`${system.url}${answer.body.Data.url}`)).status).toBe(404);
  });
});
