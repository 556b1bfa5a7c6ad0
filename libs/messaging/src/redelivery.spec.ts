import { redeliveryDelayMs } from './nats';

describe('redeliveryDelayMs', () => {
  it('waits 5 s after the first delivery and doubles up to 10 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(redeliveryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000]);
    expect(redeliveryDelayMs(1000)).toBe(600_000);
    expect(redeliveryDelayMs(0)).toBe(5_000);
  });
});
