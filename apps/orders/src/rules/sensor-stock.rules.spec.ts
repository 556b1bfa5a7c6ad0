import type { BinMeasurement } from '@kanban/contracts';
import { bandOf, decideSensorStock, levelOf, respectingCount, type SensorState, settle, stockOf, withinNoise } from './sensor-stock.rules';

const T0 = Date.parse('2026-11-27T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

function m(seconds: number, pieces: number | null, extra: Partial<BinMeasurement> = {}): BinMeasurement {
  return {
    bin_id: 1,
    storage_id: 2,
    location_id: 3,
    rule_id: 4,
    sensor_id: 5,
    sensor_name: 'Waage',
    storage_name: 'Regal',
    bin: 'R1-1',
    read_at: at(seconds),
    value: 0,
    pieces,
    fill: null,
    dead_time_seconds: 0,
    fault: null,
    journal: false,
    ...extra,
  };
}

function state(seconds: number, level: number, extra: Partial<SensorState> = {}): SensorState {
  return { read_at: new Date(at(seconds)), level, moved_at: null, held: null, held_at: null, ...extra };
}

describe('sensor stock: levels', () => {
  it('takes the catalog’s pieces, or a distance’s fill × the rule’s capacity', () => {
    expect(levelOf({ pieces: 12.4, fill: null }, 50)).toBe(12.4);
    expect(levelOf({ pieces: null, fill: 0.5 }, 50)).toBe(25);
    expect(levelOf({ pieces: null, fill: null }, 50)).toBeNull();
  });

  it('rounds a weight or count to the nearest piece and a distance down', () => {
    expect(stockOf(46.98, false)).toBe(47);
    expect(stockOf(47.4, false)).toBe(47);
    expect(stockOf(24.9, true)).toBe(24);
    expect(stockOf(24.9999999, true)).toBe(25);
  });
});

describe('sensor stock: decisions', () => {
  it('applies the first reading of the rule’s sensor', () => {
    expect(decideSensorStock(null, m(0, 15), 20)).toMatchObject({ kind: 'apply', stock: 15, state: { level: 15 } });
  });

  it('never moves back to an older (or the same) reading', () => {
    expect(decideSensorStock(state(10, 15), m(5, 3), 20)).toEqual({ kind: 'skip' });
    expect(decideSensorStock(state(10, 15), m(10, 3), 20)).toEqual({ kind: 'skip' });
  });

  it('skips a faulty reading without a level', () => {
    expect(decideSensorStock(state(0, 15), m(10, null, { fault: 'negative' }), 20)).toEqual({ kind: 'skip' });
  });

  it('keeps noise (half a piece or less) out of the stock, but one piece taken counts', () => {
    expect(decideSensorStock(state(0, 15), m(10, 15.5), 20)).toMatchObject({ kind: 'noise', state: { level: 15 } });
    expect(decideSensorStock(state(0, 15), m(10, 14.6), 20).kind).toBe('noise');
    expect(decideSensorStock(state(0, 15), m(10, 14.05), 20)).toMatchObject({ kind: 'apply', stock: 14 });
    expect(decideSensorStock(state(0, 15), m(10, 16.2), 20)).toMatchObject({ kind: 'apply', stock: 16 });
  });

  it('holds a movement for the dead time and applies the newest reading after it', () => {
    const dead = { dead_time_seconds: 30 };
    const moved = decideSensorStock(state(0, 15), m(10, 9.3, dead), 20);
    expect(moved).toMatchObject({ kind: 'hold', state: { level: 15, held: 9.3 } });
    // wobbling while the hand is in the bin: still held, the newest one kept
    const wobble = decideSensorStock(moved.kind === 'hold' ? moved.state : null, m(25, 11.2, dead), 20);
    expect(wobble).toMatchObject({ kind: 'hold', state: { level: 15, held: 11.2, moved_at: new Date(at(10)) } });
    const held = wobble.kind === 'hold' ? wobble.state : null;
    // the dead time passed without another reading: the newest held one is applied
    expect(settle(held!, 30, false, new Date(at(39)), 0.5)).toBeNull();
    expect(settle(held!, 30, false, new Date(at(40)), 0.5)).toMatchObject({ kind: 'apply', stock: 11, state: { level: 11.2, moved_at: null, held: null } });
    // or the next reading after the dead time decides
    expect(decideSensorStock(held, m(45, 10, dead), 20)).toMatchObject({ kind: 'apply', stock: 10, state: { level: 10, moved_at: null } });
  });

  it('drops a held movement that came back within noise', () => {
    const held = state(20, 15, { moved_at: new Date(at(10)), held: 9, held_at: new Date(at(20)) });
    expect(decideSensorStock(held, m(45, 15.2, { dead_time_seconds: 30 }), 20)).toMatchObject({ kind: 'noise', state: { level: 15, held: null, moved_at: null } });
    expect(settle({ ...held, held: 15.3 }, 30, false, new Date(at(60)), 0.5)).toMatchObject({ kind: 'noise', state: { held: null } });
  });

  it('applies a distance as fill × capacity, rounded down', () => {
    expect(decideSensorStock(null, m(0, null, { fill: 0.499 }), 50)).toMatchObject({ kind: 'apply', stock: 24 });
  });
});

describe('sensor stock: the bin’s noise band', () => {
  it('is the bin’s band, or half a piece for a measurement announced before bins had one', () => {
    expect(bandOf({ noise_band: 3 })).toBe(3);
    expect(bandOf({ noise_band: 0 })).toBe(0);
    expect(bandOf({})).toBe(0.5);
  });

  it('counts a move of at most the band as noise, however the arithmetic rounds', () => {
    expect(withinNoise(14.6, 15, 0.4)).toBe(true); // 14.6 − 15 is −0.4000000000000004
    expect(withinNoise(14.59, 15, 0.4)).toBe(false);
    expect(withinNoise(15, 15, 0)).toBe(true);
    expect(withinNoise(15.001, 15, 0)).toBe(false);
    expect(withinNoise(16, 15, -1)).toBe(false);
  });

  it('a scale of screws that jitters by a few pieces: a move within its band changes nothing, one beyond it does', () => {
    const screws = { noise_band: 3 };
    expect(decideSensorStock(state(0, 120), m(10, 117.2, screws), 200)).toMatchObject({ kind: 'noise', state: { level: 120, read_at: new Date(at(10)) } });
    expect(decideSensorStock(state(0, 120), m(10, 123, screws), 200)).toMatchObject({ kind: 'noise', state: { level: 120 } });
    expect(decideSensorStock(state(0, 120), m(10, 116.8, screws), 200)).toMatchObject({ kind: 'apply', stock: 117, state: { level: 116.8 } });
    expect(decideSensorStock(state(0, 120), m(10, 123.4, screws), 200)).toMatchObject({ kind: 'apply', stock: 123 });
    // the default band (half a piece) would have taken the 2.8 pieces as a change
    expect(decideSensorStock(state(0, 120), m(10, 117.2), 200)).toMatchObject({ kind: 'apply', stock: 117 });
  });

  it('an RFID count with no band: every change counts, the same count is noise', () => {
    const rfid = { noise_band: 0 };
    expect(decideSensorStock(state(0, 10), m(10, 10, rfid), 20)).toMatchObject({ kind: 'noise' });
    expect(decideSensorStock(state(0, 10), m(10, 10.4, rfid), 20)).toMatchObject({ kind: 'apply', stock: 10, state: { level: 10.4 } });
    expect(decideSensorStock(state(0, 10), m(10, 9, rfid), 20)).toMatchObject({ kind: 'apply', stock: 9 });
  });

  it('a distance’s band is in pieces of the rule’s capacity', () => {
    // fill 0.5 of 200 = 100 pieces applied; 0.49 = 98 pieces is within a band of 2.5, 0.48 = 96 beyond it
    const band = { noise_band: 2.5 };
    expect(decideSensorStock(state(0, 100), m(10, null, { fill: 0.49, ...band }), 200)).toMatchObject({ kind: 'noise' });
    expect(decideSensorStock(state(0, 100), m(10, null, { fill: 0.48, ...band }), 200)).toMatchObject({ kind: 'apply', stock: 96 });
  });

  it('starts a movement only beyond the band, and drops a held movement that settled within it', () => {
    const slow = { noise_band: 4, dead_time_seconds: 30 };
    expect(decideSensorStock(state(0, 50), m(10, 47, slow), 100)).toMatchObject({ kind: 'noise', state: { moved_at: null } });
    const moved = decideSensorStock(state(0, 50), m(10, 40, slow), 100);
    expect(moved).toMatchObject({ kind: 'hold', state: { level: 50, held: 40, moved_at: new Date(at(10)) } });
    const held = { ...(moved.kind === 'hold' ? moved.state : state(0, 50)), held: 47 };
    // the newest held reading, 3 pieces from the applied level, is noise for a band of 4 and a change for 2
    expect(settle(held, 30, false, new Date(at(40)), 4)).toMatchObject({ kind: 'noise', state: { level: 50, held: null } });
    expect(settle(held, 30, false, new Date(at(40)), 2)).toMatchObject({ kind: 'apply', stock: 47, state: { level: 47 } });
  });
});

describe('respectingCount', () => {
  const state = { read_at: new Date(0), level: 5, moved_at: null, held: null, held_at: null };
  const apply = { kind: 'apply' as const, stock: 5, state };
  it('keeps a count by hand against a reading taken before it (or at the same time)', () => {
    expect(respectingCount(apply, 1_000, 2_000)).toEqual({ kind: 'noise', state });
    expect(respectingCount(apply, 2_000, 2_000)).toEqual({ kind: 'noise', state });
  });
  it('applies a reading taken after the count, and any reading of a rule never counted', () => {
    expect(respectingCount(apply, 3_000, 2_000)).toBe(apply);
    expect(respectingCount(apply, 1_000, undefined)).toBe(apply);
  });
  it('leaves decisions other than apply alone', () => {
    const hold = { kind: 'hold' as const, state };
    expect(respectingCount(hold, 1_000, 2_000)).toBe(hold);
    expect(respectingCount({ kind: 'skip' }, 1_000, 2_000)).toEqual({ kind: 'skip' });
  });
});
