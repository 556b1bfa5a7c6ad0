/**
 * Failed sign-ins per client address in a sliding window (the accounts' own lockout after 5 failures is in
 * identity). Only failures count: successful sign-ins and refreshes never use it up. In memory per gateway
 * process, like the request throttle.
 */
export class FailedLoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxAddresses = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the address used up its failures within the window. */
  blocked(address: string): boolean {
    return this.recent(address).length >= this.limit;
  }

  record(address: string): void {
    const times = this.recent(address);
    times.push(this.now());
    // Re-inserted last, so the oldest addresses are the first ones dropped when the map is full.
    this.failures.delete(address);
    this.failures.set(address, times);
    while (this.failures.size > this.maxAddresses) this.failures.delete(this.failures.keys().next().value!);
  }

  private recent(address: string): number[] {
    const since = this.now() - this.windowMs;
    const times = (this.failures.get(address) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(address);
    else this.failures.set(address, times);
    return times;
  }
}
