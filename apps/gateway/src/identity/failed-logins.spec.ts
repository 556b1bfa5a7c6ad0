import { FailedLoginLimiter } from './failed-logins';

describe('FailedLoginLimiter', () => {
  it('blocks an address after the limit of failures within the window, others stay open', () => {
    let now = 1_000_000;
    const limiter = new FailedLoginLimiter(3, 60_000, 100, () => now);
    for (let i = 0; i < 2; i++) limiter.record('10.0.0.1');
    expect(limiter.blocked('10.0.0.1')).toBe(false);
    limiter.record('10.0.0.1');
    expect(limiter.blocked('10.0.0.1')).toBe(true);
    expect(limiter.blocked('10.0.0.2')).toBe(false);
    now += 60_001;
    expect(limiter.blocked('10.0.0.1')).toBe(false);
  });

  it('forgets failures older than the window one by one', () => {
    let now = 0;
    const limiter = new FailedLoginLimiter(2, 10_000, 100, () => now);
    limiter.record('a');
    now = 6_000;
    limiter.record('a');
    expect(limiter.blocked('a')).toBe(true);
    now = 10_001;
    expect(limiter.blocked('a')).toBe(false);
    limiter.record('a');
    expect(limiter.blocked('a')).toBe(true);
  });

  it('keeps at most maxAddresses addresses, dropping the oldest', () => {
    const limiter = new FailedLoginLimiter(1, 60_000, 2, () => 5);
    limiter.record('a');
    limiter.record('b');
    limiter.record('c');
    expect(limiter.blocked('a')).toBe(false);
    expect(limiter.blocked('b')).toBe(true);
    expect(limiter.blocked('c')).toBe(true);
  });
});
