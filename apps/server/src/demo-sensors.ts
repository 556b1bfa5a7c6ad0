import type { DemoRackRule, DemoSensorBin } from '@kanban/app-catalog';
import type { ResolvedReading } from '@kanban/contracts';

const MINUTE = 60_000;

/** A rule's recorded stock over time (the orders seed's stock events), for the readings its bin's sensor would have sent. */
export interface DemoStockHistory {
  rule: DemoRackRule;
  /** the stock events in time order */
  events: { at: Date; before: number; stock: number }[];
}

/**
 * The pieces in the rule's bin at `at` as a sensor sees them: between two stock events the pieces go down evenly when
 * the later one counted fewer (use happens all the time, the count only records it) and jump up at the later one when
 * it counted more (a delivery); before the first event, that event's stock before; without events, the rule's stock.
 */
export function stockAt(history: DemoStockHistory, at: Date): number {
  const t = at.getTime();
  const events = history.events;
  if (events.length === 0) return history.rule.stock;
  if (t < events[0]!.at.getTime()) return events[0]!.before;
  for (let k = 0; k < events.length - 1; k++) {
    const from = events[k]!;
    const to = events[k + 1]!;
    if (t >= to.at.getTime()) continue;
    if (to.stock >= from.stock) return from.stock;
    const share = (t - from.at.getTime()) / Math.max(1, to.at.getTime() - from.at.getTime());
    return from.stock + (to.stock - from.stock) * share;
  }
  return events[events.length - 1]!.stock;
}

/** How much a rule's stock moved within the last `days` (its events' changes): the sensors' bins get the liveliest rules. */
export function activity(history: DemoStockHistory, now: Date, days = 7): number {
  const since = now.getTime() - days * 24 * 60 * MINUTE;
  return history.events.filter((e) => e.at.getTime() >= since).reduce((sum, e) => sum + Math.abs(e.stock - e.before), 0);
}

/** What the bin's sensor reads for `pieces`, in the sensor's unit (the calibration backwards; docs/storages.md "Bins"). */
export function readingFor(bin: DemoSensorBin, pieces: number, capacity: number): number {
  if (bin.measured === 'weight_g') {
    const grams = (bin.tare ?? 0) + pieces * (bin.piece_weight ?? 1);
    return bin.unit === 'kg' ? grams / 1000 : grams;
  }
  if (bin.measured === 'distance_mm') {
    const empty = bin.empty_distance ?? 400;
    const full = bin.full_distance ?? 50;
    const mm = empty - (capacity > 0 ? Math.min(1, pieces / capacity) : 0) * (empty - full);
    return bin.unit === 'cm' ? mm / 10 : mm;
  }
  return Math.ceil(pieces / (bin.pieces_per_bin ?? 1));
}

/** A small deterministic jitter in -1..1 (the demo is the same on every start). */
function jitter(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

/**
 * The readings history of the demo racks' sensors (README "Demo data"): `days` back from now up to each sensor's last
 * report, one reading per reporting interval, following its bin's rule's stock history through the bin's calibration
 * with a little measurement noise, battery draining towards the reported level; the last reading is the value the
 * sensor reported last (so the plan, the sensor list and the curve agree). Sensors that never reported or are
 * inactive get none.
 */
export function demoReadings(companyId: number, bins: DemoSensorBin[], histories: Map<number, DemoStockHistory>, now: Date, days = 7): ResolvedReading[] {
  const readings: ResolvedReading[] = [];
  for (const bin of bins) {
    if (!bin.active || bin.last_seen_at === null || bin.last_value === null) continue;
    const history = bin.kanban_rule_id === null ? undefined : histories.get(bin.kanban_rule_id);
    const capacity = history?.rule.capacity ?? 100;
    const step = Math.max(1, bin.interval_minutes) * MINUTE;
    const end = bin.last_seen_at.getTime();
    const start = Math.max(now.getTime() - days * 24 * 60 * MINUTE, end - 2000 * step);
    const count = Math.floor((end - start) / step);
    const noise = bin.measured === 'weight_g' ? (bin.piece_weight ?? 1) * 0.15 * (bin.unit === 'kg' ? 0.001 : 1) : bin.measured === 'distance_mm' ? 1.5 : 0;
    for (let i = count; i >= 0; i--) {
      const at = new Date(end - i * step);
      const last = i === 0;
      // without a rule: a sawtooth of use and refills over two days
      const pieces = history ? stockAt(history, at) : capacity * (1 - ((at.getTime() / (48 * 60 * MINUTE)) % 1) * 0.8);
      const exact = readingFor(bin, pieces, capacity);
      const value = last ? bin.last_value : Math.round((exact + noise * jitter(bin.sensor_id * 100_003 + i)) * 1000) / 1000;
      const battery = bin.battery === null ? null : Math.round(bin.battery + ((100 - bin.battery) * i) / Math.max(1, count));
      readings.push({
        company_id: companyId,
        sensor_id: bin.sensor_id,
        read_at: at.toISOString(),
        value,
        raw_value: value,
        battery,
        signal: bin.signal === null ? null : Math.round(bin.signal + 3 * jitter(i + bin.sensor_id)),
        source: 'mqtt',
      });
    }
  }
  return readings;
}
