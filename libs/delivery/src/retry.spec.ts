import { DAY_MS, giveUpAfterMs, HOUR_MS, MINUTE_MS, nextAttemptDelayMs, retryDelayMs } from './retry';

describe('retry schedules', () => {
  it('mail: five retries within the first hour, then hourly (RFC 5321: at least 30 min apart later)', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 50].map((a) => retryDelayMs('mail', a) / MINUTE_MS);
    expect(delays).toEqual([1, 4, 10, 15, 30, 60, 60, 60]);
    // the attempts start at 0, 1, 5, 15, 30 and 60 minutes
    const starts = delays.slice(0, 5).reduce<number[]>((acc, d) => [...acc, acc[acc.length - 1] + d], [0]);
    expect(starts).toEqual([0, 1, 5, 15, 30, 60]);
  });

  it('files and HTTP: 30 s doubling, capped at one hour', () => {
    for (const channel of ['file', 'http'] as const) {
      expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((a) => retryDelayMs(channel, a) / 1000)).toEqual([
        30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
      ]);
      expect(retryDelayMs(channel, 10_000)).toBe(HOUR_MS);
    }
  });

  it('refuses attempt numbers below 1', () => {
    expect(() => retryDelayMs('mail', 0)).toThrow(RangeError);
    expect(() => retryDelayMs('file', 1.5)).toThrow(RangeError);
  });

  it('mail gives up after the configured 1-5 days (default 5, clamped)', () => {
    expect(giveUpAfterMs('mail')).toBe(5 * DAY_MS);
    expect(giveUpAfterMs('mail', { mailGiveUpAfterMs: 2 * DAY_MS })).toBe(2 * DAY_MS);
    expect(giveUpAfterMs('mail', { mailGiveUpAfterMs: HOUR_MS })).toBe(DAY_MS);
    expect(giveUpAfterMs('mail', { mailGiveUpAfterMs: 9 * DAY_MS })).toBe(5 * DAY_MS);
    expect(giveUpAfterMs('file')).toBe(DAY_MS);
    expect(giveUpAfterMs('http', { httpGiveUpAfterMs: 6 * HOUR_MS })).toBe(6 * HOUR_MS);
  });

  it('nextAttemptDelayMs: null for permanent failures and past the give-up time', () => {
    expect(nextAttemptDelayMs('mail', 1, 0, true)).toBe(MINUTE_MS);
    expect(nextAttemptDelayMs('mail', 1, 0, false)).toBeNull();
    expect(
      nextAttemptDelayMs('mail', 40, 2 * DAY_MS - 30 * MINUTE_MS, true, { mailGiveUpAfterMs: 2 * DAY_MS }),
    ).toBeNull();
    expect(
      nextAttemptDelayMs('mail', 40, 2 * DAY_MS - 60 * MINUTE_MS, true, { mailGiveUpAfterMs: 2 * DAY_MS }),
    ).toBe(HOUR_MS);
    expect(nextAttemptDelayMs('http', 3, 0, true)).toBe(120_000);
    expect(nextAttemptDelayMs('file', 30, DAY_MS - 1000, true)).toBeNull();
  });

  it('a mail schedule counted to the end has every attempt within the give-up time', () => {
    let elapsed = 0;
    let attempt = 1;
    for (;;) {
      const delay = nextAttemptDelayMs('mail', attempt, elapsed, true, { mailGiveUpAfterMs: DAY_MS });
      if (delay === null) break;
      elapsed += delay;
      attempt++;
    }
    expect(elapsed).toBeLessThanOrEqual(DAY_MS);
    // 6 attempts in the first hour, then one per hour for the remaining 23 hours
    expect(attempt).toBe(6 + 23);
  });
});
