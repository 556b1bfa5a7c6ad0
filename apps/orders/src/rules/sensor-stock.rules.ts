import { type BinMeasurement, NOISE_BAND_LEGACY } from '@kanban/contracts';

/** What the orders service keeps of a rule's sensor (`orders.rule_sensor`). */
export interface SensorState {
  /** the newest reading seen (applied, held or within noise) */
  read_at: Date;
  /** the level (pieces, not rounded) the sensor last applied to the stock */
  level: number;
  /** when a movement began (the reading that first left the noise band): readings wait until its dead time passed */
  moved_at: Date | null;
  /** the newest reading waiting for the dead time to pass (its level), and its time */
  held: number | null;
  held_at: Date | null;
}

export type SensorDecision =
  /** not applied: as old as or older than a reading already seen (events may arrive out of order), or a fault */
  | { kind: 'skip' }
  /** within the noise of the level applied last: nothing changes but the time seen */
  | { kind: 'noise'; state: SensorState }
  /** a movement: waits until the dead time after its start passed (the newest such reading is applied then) */
  | { kind: 'hold'; state: SensorState }
  /** the stock becomes `stock` */
  | { kind: 'apply'; stock: number; state: SensorState };

/**
 * The reading's level in pieces: the catalog's pieces (weight, count), or a distance's fill × the rule's capacity (the
 * full bin holds the rule's capacity, as the fill-level chart converts it). Null for a fault.
 */
export function levelOf(m: Pick<BinMeasurement, 'pieces' | 'fill'>, capacity: number): number | null {
  if (m.pieces !== null) return Math.max(0, m.pieces);
  if (m.fill !== null) return Math.max(0, m.fill * capacity);
  return null;
}

/**
 * The stock a level gives (in the item's unit, which is what the bin's pieces count): a weight or count rounded to the
 * nearest piece (a scale errs both ways: 46.98 pieces are 47), a distance's share of the capacity rounded down (a bin
 * is rarely filled evenly: count what surely is there). Levels within a millionth of a whole piece count as it.
 */
export function stockOf(level: number, distance: boolean): number {
  const near = Math.round(level);
  if (Math.abs(level - near) < 1e-6) return near;
  return distance ? Math.floor(level) : near;
}

/** Rounding of the levels' arithmetic (14.6 − 15 is −0.4000000000000004): a millionth of a piece. */
const EPSILON = 1e-6;

/**
 * Whether a level is within the noise band of the level applied last (docs/storages.md "Noise band"): a move of at most
 * `band` pieces is noise, a larger one a change. A band of 0 (a count) makes every move a change.
 */
export function withinNoise(level: number, applied: number, band: number): boolean {
  return Math.abs(level - applied) <= Math.max(0, band) + EPSILON;
}

/** The band of a measurement: the bin's (its own or its sensor type's, set by the catalog), else what every bin had before. */
export function bandOf(m: Pick<BinMeasurement, 'noise_band'>): number {
  return m.noise_band ?? NOISE_BAND_LEGACY;
}

/**
 * What a rule's stock does with one reading of its bin's sensor (docs/storages.md "Readings become stock"):
 * 1. older than (or as old as) the newest reading seen: skip (never back to an older reading); a fault: skip;
 * 2. the first reading of the rule's sensor: applied;
 * 3. a movement in progress (`moved_at`) whose dead time has not passed at the reading's time: held (the newest held
 *    reading waits, `settle` applies it once the dead time passed);
 * 4. within the bin's noise band (`noise_band`) of the level applied last: noise (a held reading of the movement is dropped: the bin is
 *    back where it was);
 * 5. otherwise a change: with a dead time and no movement in progress, it starts one and is held; else applied.
 */
export function decideSensorStock(state: SensorState | null, m: BinMeasurement, capacity: number): SensorDecision {
  const level = m.fault === null || m.pieces !== null || m.fill !== null ? levelOf(m, capacity) : null;
  if (level === null) return { kind: 'skip' };
  const at = new Date(m.read_at);
  if (state && at.getTime() <= state.read_at.getTime()) return { kind: 'skip' };
  const distance = m.pieces === null;
  const apply = (): SensorDecision => ({ kind: 'apply', stock: stockOf(level, distance), state: { read_at: at, level, moved_at: null, held: null, held_at: null } });
  if (!state) return apply();
  const deadMs = Math.max(0, m.dead_time_seconds) * 1000;
  if (state.moved_at && at.getTime() < state.moved_at.getTime() + deadMs) {
    return { kind: 'hold', state: { ...state, read_at: at, held: level, held_at: at } };
  }
  if (withinNoise(level, state.level, bandOf(m))) {
    return { kind: 'noise', state: { ...state, read_at: at, moved_at: null, held: null, held_at: null } };
  }
  if (deadMs > 0 && !state.moved_at) return { kind: 'hold', state: { ...state, read_at: at, moved_at: at, held: level, held_at: at } };
  return apply();
}

/**
 * A held reading whose dead time has passed by `now` (no later reading came to decide): its level is applied, unless
 * it is within the noise band (`noiseBand` pieces) of the level applied last. Null while the dead time runs or when
 * nothing is held.
 */
export function settle(state: SensorState, deadTimeSeconds: number, distance: boolean, now: Date, noiseBand: number): SensorDecision | null {
  if (state.held === null || !state.moved_at) return null;
  if (now.getTime() < state.moved_at.getTime() + Math.max(0, deadTimeSeconds) * 1000) return null;
  const cleared = { ...state, moved_at: null, held: null, held_at: null };
  if (withinNoise(state.held, state.level, noiseBand)) return { kind: 'noise', state: cleared };
  return { kind: 'apply', stock: stockOf(state.held, distance), state: { ...cleared, level: state.held } };
}

/**
 * A reading taken before (or when) the rule's stock was last set another way (a count by hand, a scan, a change of
 * the rule) does not replace that stock, however late it arrives (a delayed LoRaWAN uplink, a gateway's backlog):
 * its level becomes the sensor's state, the stock stays. `countedAt`: the time of that newest other stock entry.
 */
export function respectingCount(decision: SensorDecision, readAt: number, countedAt: number | undefined): SensorDecision {
  if (decision.kind !== 'apply' || countedAt === undefined || readAt > countedAt) return decision;
  return { kind: 'noise', state: decision.state };
}
