import type { DemoSensorBin } from '@kanban/app-catalog';
import { activity, demoReadings, type DemoStockHistory, readingFor, stockAt } from './demo-sensors';

const at = (h: number) => new Date(Date.UTC(2026, 10, 20, h));
const history: DemoStockHistory = {
  rule: { id: 7, location_id: 1, stock: 30, capacity: 100 },
  events: [
    { at: at(0), before: 90, stock: 80 },
    { at: at(10), before: 80, stock: 30 },
    { at: at(20), before: 30, stock: 100 },
  ],
};
const scale: DemoSensorBin = {
  sensor_id: 3,
  external_id: 'demo-scale',
  type: 'weight',
  unit: 'g',
  interval_minutes: 60,
  active: true,
  last_seen_at: at(30),
  last_value: 1350,
  battery: 80,
  signal: -70,
  kanban_rule_id: 7,
  measured: 'weight_g',
  tare: 350,
  piece_weight: 10,
  empty_distance: null,
  full_distance: null,
  pieces_per_bin: null,
};

describe('demo sensor readings', () => {
  it('follows the stock: evenly down between counts, up at a delivery', () => {
    expect(stockAt(history, new Date(at(0).getTime() - 1))).toBe(90);
    expect(stockAt(history, at(5))).toBe(55);
    expect(stockAt(history, at(15))).toBe(30);
    expect(stockAt(history, at(25))).toBe(100);
    expect(activity(history, at(21), 1)).toBe(10 + 50 + 70);
  });

  it('reads pieces through the calibration in the sensor unit', () => {
    expect(readingFor(scale, 10, 100)).toBe(450);
    expect(readingFor({ ...scale, unit: 'kg' }, 10, 100)).toBe(0.45);
    expect(readingFor({ ...scale, measured: 'distance_mm', empty_distance: 400, full_distance: 100 }, 50, 100)).toBe(250);
    expect(readingFor({ ...scale, measured: 'count', pieces_per_bin: 20 }, 41, 100)).toBe(3);
  });

  it('sends one reading per interval up to the last report, ending with the reported value', () => {
    const readings = demoReadings(1, [scale, { ...scale, sensor_id: 4, last_seen_at: null }], new Map([[7, history]]), at(31), 1);
    expect(readings.every((r) => r.sensor_id === 3)).toBe(true);
    expect(readings).toHaveLength(24);
    expect(readings[readings.length - 1]).toMatchObject({ read_at: at(30).toISOString(), value: 1350, battery: 80 });
    // a day before now (07:00) the bin held 80 - 50 × 0.7 = 45 pieces
    expect(readings[0]!.read_at).toBe(at(7).toISOString());
    expect(Math.abs(readings[0]!.value - (350 + 450))).toBeLessThan(2);
  });
});
