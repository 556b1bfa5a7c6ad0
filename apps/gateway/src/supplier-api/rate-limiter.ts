/**
 * A token bucket per key (the supplier API's rate limit per client, docs/supplier-api.md): `perMinute` calls a
 * minute on average, bursts up to `perMinute`. In process: each gateway replica counts on its own.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes a token: 0 when allowed, else the seconds until the next token (Retry-After). */
  take(key: string): number {
    const now = this.now();
    const rate = this.perMinute / 60_000;
    const held = this.buckets.get(key);
    const tokens = held ? Math.min(this.perMinute, held.tokens + (now - held.at) * rate) : this.perMinute;
    if (tokens >= 1) {
      this.buckets.delete(key); // re-inserted last: the map's order is the order of use
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / rate / 1000));
  }
}
