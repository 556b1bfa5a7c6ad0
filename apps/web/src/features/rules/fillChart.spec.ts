import type { FillHistoryDto } from '@kanban/contracts';
import { hasHistory, stockSteps, timeTicks, valueMax } from './fillChart';

const base: FillHistoryDto = {
  rule_id: 1,
  from: '2026-11-26T12:00:00.000Z',
  to: '2026-11-27T12:00:00.000Z',
  rule_created_at: '2026-10-01T08:00:00.000Z',
  item_unit: 'Pcs',
  threshold: 5,
  capacity: 20,
  stock_hidden: false,
  stock: 4,
  start_stock: 12,
  events: [
    { at: '2026-11-26T18:00:00.000Z', kind: 'manual', stock_before: 12, stock: 8 },
    { at: '2026-11-27T06:00:00.000Z', kind: 'scan_count', stock_before: 8, stock: 4 },
  ],
  orders: [],
  bin: null,
  readings: null,
};
const t = (iso: string) => Date.parse(iso);

describe('the stock as steps', () => {
  it('starts at the stock before the period, steps at each change and holds to the end', () => {
    expect(stockSteps(base)).toEqual([
      { t: t(base.from), v: 12 },
      { t: t('2026-11-26T18:00:00.000Z'), v: 12 },
      { t: t('2026-11-26T18:00:00.000Z'), v: 8 },
      { t: t('2026-11-27T06:00:00.000Z'), v: 8 },
      { t: t('2026-11-27T06:00:00.000Z'), v: 4 },
      { t: t(base.to), v: 4 },
    ]);
  });

  it("without a change before the period starts at the first change's stock before; without changes at the stock now", () => {
    expect(stockSteps({ ...base, start_stock: null })[0]).toEqual({ t: t(base.from), v: 12 });
    expect(stockSteps({ ...base, start_stock: null, events: [] })).toEqual([
      { t: t(base.from), v: 4 },
      { t: t(base.to), v: 4 },
    ]);
  });

  it('starts when the rule was made within the period', () => {
    const made = '2026-11-26T15:00:00.000Z';
    expect(stockSteps({ ...base, start_stock: null, rule_created_at: made })[0]).toEqual({ t: t(made), v: 12 });
    // a change stamped before the rule's own time (clocks of two services) still starts the curve
    expect(stockSteps({ ...base, start_stock: null, rule_created_at: '2026-11-26T19:00:00.000Z' })[0]).toEqual({ t: t('2026-11-26T18:00:00.000Z'), v: 12 });
  });

  it('is empty when stock is hidden', () => {
    expect(stockSteps({ ...base, stock_hidden: true, stock: null, start_stock: null, events: [] })).toEqual([]);
  });
});

describe('the value axis', () => {
  it('reaches the capacity, the threshold, the stock and the readings in pieces', () => {
    expect(valueMax(base, stockSteps(base))).toBe(20);
    const readings = { unit: 'pieces' as const, resolution: 'raw' as const, points: [{ at: base.from, count: 1, min: 31, max: 31, avg: 31, last: 31 }] };
    expect(valueMax({ ...base, readings }, stockSteps(base))).toBe(31);
    // raw grams are not pieces: not on this axis
    expect(valueMax({ ...base, readings: { ...readings, unit: 'g' } }, stockSteps(base))).toBe(20);
  });
});

describe('time ticks', () => {
  const utc = () => 0;
  it('puts a day on whole hours, a multiple of the step', () => {
    const ticks = timeTicks(t('2026-11-26T12:20:00.000Z'), t('2026-11-27T12:20:00.000Z'), 8, 0, utc);
    expect(ticks.map((x) => new Date(x).toISOString().slice(11, 16))).toEqual(['15:00', '18:00', '21:00', '00:00', '03:00', '06:00', '09:00', '12:00']);
  });

  it('puts a week on midnights of the reader, one a day at most', () => {
    const berlin = () => 60;
    const ticks = timeTicks(t('2026-11-20T12:00:00.000Z'), t('2026-11-27T12:00:00.000Z'), 14, 86_400_000, berlin);
    expect(ticks).toHaveLength(7);
    expect(ticks.every((x) => new Date(x + 3_600_000).toISOString().endsWith('T00:00:00.000Z'))).toBe(true);
  });

  it('gives at most the number asked for', () => {
    expect(timeTicks(t('2026-08-29T00:00:00.000Z'), t('2026-11-27T00:00:00.000Z'), 6, 86_400_000, utc).length).toBeLessThanOrEqual(6);
    expect(timeTicks(t('2026-11-20T00:00:00.000Z'), t('2026-11-27T00:00:00.000Z'), 4, 86_400_000, utc).length).toBeLessThanOrEqual(4);
  });
});

describe('history', () => {
  it('is there with changes, readings or orders', () => {
    expect(hasHistory(base)).toBe(true);
    expect(hasHistory({ ...base, events: [] })).toBe(false);
    expect(hasHistory({ ...base, events: [], orders: [{ order_id: 3, quantity: 16, status: 'open', ordered_at: base.to, delivered_at: null }] })).toBe(true);
  });
});
