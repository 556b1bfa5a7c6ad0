import { randomBytes } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { DiscardPolicy, type JetStreamManager } from 'nats';
import { AppError, ProtocolCode } from '@kanban/access';
import { busReplyBucket } from '@kanban/contracts';
import { NatsBus, NatsBusClient, NatsBusServer } from './nats';
import { REPLY_HEADROOM_BYTES } from './reply-spill';

/**
 * Replies larger than one NATS message (docs/architecture.md "Large replies"), against the machine's NATS
 * (127.0.0.1:4222, NATS_URL), each case under a prefix of its own whose reply bucket is removed afterwards.
 */
jest.setTimeout(60_000);

const URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefixes: string[] = [];
const buses: NatsBus[] = [];

/** ~3 MB of JSON with umlauts, emoji, quotes and a line break in its strings. */
function bigPage() {
  const items = Array.from({ length: 1500 }, (_, i) => ({
    id: i,
    name: `Größe ÄÖÜ ß 😀🏷️ "quoted" ${i}\n`,
    template: `<label width="62" height="29"><text>${'Bäcker 🥖 '.repeat(180)}${i}</text></label>`,
  }));
  return { items, total: items.length };
}

async function setup(options: { replySpillBytes?: number } = {}) {
  const prefix = `spec_spill_${process.pid}_${randomBytes(4).toString('hex')}.`;
  prefixes.push(prefix);
  const serverBus = await NatsBus.connect({ url: URL, prefix, name: 'spec-server', requestTimeoutMs: 10_000, ...options });
  const clientBus = await NatsBus.connect({ url: URL, prefix, name: 'spec-client', requestTimeoutMs: 10_000, ...options });
  buses.push(serverBus, clientBus);
  const server = new NatsBusServer(serverBus, 'spec');
  const big = bigPage();
  server.addHandler('spec.big', () => Promise.resolve(big), false);
  server.addHandler('spec.small', (data: unknown) => Promise.resolve({ echo: data, text: 'klein 😀' }), false);
  await new Promise<void>((resolve, reject) => void server.listen((error?: unknown) => (error ? reject(error) : resolve())));
  const client = new NatsBusClient(clientBus);
  const request = <T>(subject: string, data: unknown = {}) => firstValueFrom(client.send<T>(subject, data));
  const jsm = await clientBus.manager();
  const stream = `OBJ_${busReplyBucket(prefix)}`;
  return { prefix, serverBus, clientBus, server, request, big, jsm, stream };
}

const lastSeq = async (jsm: JetStreamManager, stream: string) => (await jsm.streams.info(stream)).state.last_seq;

afterAll(async () => {
  const nats = buses[0];
  if (nats) {
    const jsm = await nats.manager();
    for (const prefix of prefixes) await jsm.streams.delete(`OBJ_${busReplyBucket(prefix)}`).catch(() => undefined);
  }
  for (const bus of buses) await bus.close();
});

describe('replies larger than one NATS message', () => {
  it('come back whole through the reply bucket; small ones do not touch it; a read reply is deleted', async () => {
    const t = await setup();
    const limit = t.clientBus.nc.info!.max_payload;
    expect(t.clientBus.replies.threshold()).toBe(limit - REPLY_HEADROOM_BYTES);

    // small: straight in the message, the bucket is not even created
    expect(await t.request('spec.small', { a: 'Ä' })).toEqual({ echo: { a: 'Ä' }, text: 'klein 😀' });
    await expect(t.jsm.streams.info(t.stream)).rejects.toThrow(/not found/);

    // ~3 MB: more than twice the message limit, identical on arrival
    const size = Buffer.byteLength(JSON.stringify({ ok: true, data: t.big }));
    expect(size).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(await t.request('spec.big')).toEqual(t.big);

    // the object is deleted after the read (its chunks purged, a deleted marker left for the bucket's max_age)
    const os = await t.clientBus.js.views.os(busReplyBucket(t.prefix));
    for (let i = 0; ; i++) {
      const live = (await os.list()).filter((o) => !o.deleted);
      const bytes = (await t.jsm.streams.info(t.stream)).state.bytes;
      if (live.length === 0 && bytes < 4096) break;
      if (i > 50) throw new Error(`the spilled reply was not deleted: ${live.length} objects, ${bytes} bytes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // a small reply after it writes nothing into the bucket
    const seq = await lastSeq(t.jsm, t.stream);
    expect(await t.request('spec.small', 1)).toEqual({ echo: 1, text: 'klein 😀' });
    expect(await lastSeq(t.jsm, t.stream)).toBe(seq);

    // several large replies at once, each its own object
    const many = await Promise.all([1, 2, 3].map(() => t.request('spec.big')));
    for (const answer of many) expect(answer).toEqual(t.big);
  });

  it('answers a clear Unavailable error when the reply cannot be stored, and when a spilled reply is gone', async () => {
    const t = await setup({ replySpillBytes: 64 * 1024 });
    // the bucket's stream exists but takes no more than 8 KB: the put fails
    await t.jsm.streams.add({
      name: t.stream,
      subjects: [`$O.${busReplyBucket(t.prefix)}.C.>`, `$O.${busReplyBucket(t.prefix)}.M.>`],
      max_bytes: 8192,
      discard: DiscardPolicy.New,
      allow_rollup_hdrs: true,
      allow_direct: true,
    });
    const failed = await t.request('spec.big').catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: ProtocolCode.Unavailable, message: expect.stringMatching(/^a reply of \d+ bytes \(larger than a bus message\) could not be stored for its caller$/) });
    // small replies still pass
    expect(await t.request('spec.small', 2)).toEqual({ echo: 2, text: 'klein 😀' });

    const gone = await t.clientBus.replies.take('no-such-object', 5_000).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(AppError);
    expect(gone).toMatchObject({ code: ProtocolCode.Unavailable, message: expect.stringContaining("a large reply could not be read from the bus's reply bucket: it is gone") });
  });

  it('spills at a threshold set for tests', async () => {
    const t = await setup({ replySpillBytes: 100 });
    expect(await t.request('spec.small', 'x'.repeat(200))).toEqual({ echo: 'x'.repeat(200), text: 'klein 😀' });
    expect((await t.jsm.streams.info(t.stream)).state.last_seq).toBeGreaterThan(0);
  });
});
