import { InProcessBroadcasts } from './broadcasts';
import { ReadCache } from './read-cache';

const LIST = 'catalog.item.list';
const CREATE = 'catalog.item.create';
const CHANGED = 'cache.catalog.changed';

function setup(ttlMs = 30_000, maxEntries = 100) {
  let now = Date.parse('2026-11-23T10:00:00Z');
  const cache = new ReadCache({ subjects: [LIST], changedSubject: CHANGED, ttlMs, maxEntries }, () => now);
  const broadcasts = new InProcessBroadcasts();
  cache.listen(broadcasts);
  const payload = (companyId: number) => ({ caller: { companyId, userId: 7, role: 3 }, query: {} });
  /** A read as the gateway makes it: tracked bus requests, kept if allowed; answers the body and whether it was a hit. */
  const read = async (company: number, key: string, subjects: string[] = [LIST], body = 'answer', during?: () => void) => {
    const kept = cache.lookup(company, key);
    if (kept !== undefined) return { body: kept, hit: true };
    const stamp = cache.stamp(company);
    const { result, track } = cache.track(async () => {
      for (const subject of subjects) await cache.request(subject, payload(company), () => Promise.resolve(null));
      during?.();
      return body;
    });
    const answer = await result;
    return { body: answer, hit: false, kept: cache.keep(key, stamp, track, answer) };
  };
  return { cache, broadcasts, read, payload, advance: (ms: number) => (now += ms) };
}

describe('ReadCache', () => {
  it('keeps an answer of cacheable reads and answers the same key from it', async () => {
    const t = setup();
    expect(await t.read(1, 'k')).toMatchObject({ hit: false, kept: true });
    expect(await t.read(1, 'k')).toEqual({ body: 'answer', hit: true });
    expect(await t.read(1, 'other key')).toMatchObject({ hit: false });
    expect(await t.read(2, 'k')).toMatchObject({ hit: false });
    expect(t.cache.hits).toBe(1);
  });

  it('does not keep reads that asked anything else, or nothing at all', async () => {
    const t = setup();
    expect(await t.read(1, 'a', [LIST, 'identity.user.list'])).toMatchObject({ kept: false });
    expect(await t.read(1, 'b', [])).toMatchObject({ kept: false });
    expect(await t.read(1, 'c', [CREATE])).toMatchObject({ kept: false });
    expect(t.cache.size).toBe(0);
  });

  it("drops a company's answers on the service's notice, not other companies'", async () => {
    const t = setup();
    await t.read(1, 'k');
    await t.read(2, 'k');
    t.broadcasts.publish(CHANGED, { company_id: 1 });
    expect(await t.read(1, 'k')).toMatchObject({ hit: false });
    expect(await t.read(2, 'k')).toMatchObject({ hit: true });
  });

  it('drops every answer on a notice without a company', async () => {
    const t = setup();
    await t.read(1, 'k');
    await t.read(2, 'k');
    t.broadcasts.publish(CHANGED, { company_id: null });
    expect(await t.read(1, 'k')).toMatchObject({ hit: false });
    expect(await t.read(2, 'k')).toMatchObject({ hit: false });
  });

  it("drops a company's answers when another request of the service passes for it (own writes), not for other services", async () => {
    const t = setup();
    await t.read(1, 'k');
    await t.cache.request('identity.user.update', t.payload(1), () => Promise.resolve(null));
    expect(await t.read(1, 'k')).toMatchObject({ hit: true });
    await t.cache.request(CREATE, t.payload(1), () => Promise.resolve(null));
    expect(await t.read(1, 'k')).toMatchObject({ hit: false });
  });

  it('never keeps an answer read while a change was announced', async () => {
    const t = setup();
    const raced = await t.read(1, 'k', [LIST], 'before the change', () => t.broadcasts.publish(CHANGED, { company_id: 1 }));
    expect(raced).toMatchObject({ kept: false });
    expect(await t.read(1, 'k')).toMatchObject({ hit: false, kept: true });
  });

  it('expires answers after the time to live and turns over at midnight', async () => {
    const t = setup(1000);
    await t.read(1, 'k');
    t.advance(999);
    expect(await t.read(1, 'k')).toMatchObject({ hit: true });
    t.advance(2);
    expect(await t.read(1, 'k')).toMatchObject({ hit: false });

    const day = setup(3_600_000);
    day.advance(13 * 3_600_000 + 59 * 60_000); // 23:59 UTC
    await day.read(1, 'k');
    day.advance(2 * 60_000); // 00:01 the next day: date-dependent answers (contract end, paused) are read again
    expect(await day.read(1, 'k')).toMatchObject({ hit: false });
  });

  it('keeps at most maxEntries answers, the least recently used going first', async () => {
    const t = setup(30_000, 2);
    await t.read(1, 'a');
    await t.read(1, 'b');
    await t.read(1, 'a'); // a used again
    await t.read(1, 'c'); // b goes
    expect(t.cache.size).toBe(2);
    expect(await t.read(1, 'a')).toMatchObject({ hit: true });
    expect(await t.read(1, 'b')).toMatchObject({ hit: false });
  });

  it('keeps nothing with a time to live of 0', async () => {
    const t = setup(0);
    expect(await t.read(1, 'k')).toMatchObject({ kept: false });
    expect(await t.read(1, 'k')).toMatchObject({ hit: false });
  });
});
