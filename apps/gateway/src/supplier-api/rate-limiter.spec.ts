import { TokenBuckets } from './rate-limiter';

describe('TokenBuckets', () => {
  it('lets perMinute calls through at once, then one a second (per minute / 60), each key on its own', () => {
    let now = 1_000_000;
    const buckets = new TokenBuckets(60, () => now);
    for (let i = 0; i < 60; i++) expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(1);
    expect(buckets.take('b')).toBe(0);
    now += 1000;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(1);
    now += 120_000;
    for (let i = 0; i < 60; i++) expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBeGreaterThan(0);
  });

  it('says how long to wait with a slow rate', () => {
    let now = 0;
    const buckets = new TokenBuckets(2, () => now);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(30);
    now += 15_000;
    expect(buckets.take('a')).toBe(15);
  });

  it('forgets the least recently used keys beyond its size', () => {
    const buckets = new TokenBuckets(1, () => 0, 2);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('b')).toBe(0);
    expect(buckets.take('c')).toBe(0);
    expect(buckets.take('a')).toBe(0); // forgotten: a full bucket again
    expect(buckets.take('c')).toBeGreaterThan(0);
  });
});
