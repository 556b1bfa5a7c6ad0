import type { EntityManager } from '@mikro-orm/postgresql';
import { JournalCode } from '@kanban/access';
import type { BinMeasurement, BinsMeasured } from '@kanban/contracts';
import { JournalRepository } from '../journal/journal.repository';
import { markPending } from '../requisition/last-decision';
import { bandOf, decideSensorStock, respectingCount, type SensorDecision, type SensorState, settle } from './sensor-stock.rules';

interface RuleRow {
  id: number;
  stock: number;
  capacity: number;
  active: boolean;
}

interface StateRow {
  rule_id: number;
  sensor_id: number;
  read_at: Date | string;
  level: number;
  moved_at: Date | string | null;
  held: number | null;
  held_at: Date | string | null;
  dead_time_seconds: number;
  distance: boolean;
  noise_band: number;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: Date | string | null): Date | null => (v === null ? null : date(v));

function stateOf(row: StateRow): SensorState {
  return { read_at: date(row.read_at), level: Number(row.level), moved_at: dateOrNull(row.moved_at), held: row.held === null ? null : Number(row.held), held_at: dateOrNull(row.held_at) };
}

interface Change {
  rule_id: number;
  sensor_id: number;
  decision: Exclude<SensorDecision, { kind: 'skip' }>;
  dead_time_seconds: number;
  distance: boolean;
  noise_band: number;
}

const journal = new JournalRepository();

/** The journal entry 2007 of a reading below the empty bin (journalled once per fault episode: `journal`). */
async function journalNegative(em: EntityManager, companyId: number, m: BinMeasurement, now: Date): Promise<void> {
  await journal.insert(em, {
    companyId,
    code: JournalCode.NegativeMeasurement,
    message: `sensor "${m.sensor_name}" in bin ${m.bin} of rack "${m.storage_name}" measured ${m.value}, below the empty bin: check the rack plan's settings (tare, distances)`.slice(0, 2000),
    messageKey: 'sensor_negative',
    params: { sensor_id: m.sensor_id, sensor: m.sensor_name, storage_id: m.storage_id, storage: m.storage_name, location_id: m.location_id, bin: m.bin, value: m.value },
    ruleId: m.rule_id,
    locationId: m.location_id,
    createdAt: now,
  });
}

/**
 * The journal entry 2000 `sensor_implausible` of a reading outside the bin's plausibility bounds (an implausible jump:
 * more than the bin can hold, a scale's spike): no stock change; once per fault episode (`journal`).
 */
async function journalImplausible(em: EntityManager, companyId: number, m: BinMeasurement, now: Date): Promise<void> {
  await journal.insert(em, {
    companyId,
    code: JournalCode.Unexpected,
    message: `sensor "${m.sensor_name}" in bin ${m.bin} of rack "${m.storage_name}" measured ${m.value}, outside the bin's plausibility bounds: the stock was not changed`.slice(0, 2000),
    messageKey: 'sensor_implausible',
    params: { sensor_id: m.sensor_id, sensor: m.sensor_name, storage_id: m.storage_id, storage: m.storage_name, location_id: m.location_id, bin: m.bin, value: m.value },
    ruleId: m.rule_id,
    locationId: m.location_id,
    createdAt: now,
  });
}

/**
 * Applies the bins' levels of one `evt.catalog.bins_measured` to their rules' stock (docs/storages.md "Readings become
 * stock"), in the consumer's transaction: journal 2007 for new negative readings, 2000 for new implausible ones; per rule (locked), the decision of
 * `decideSensorStock` against the rule's sensor state; applied levels become stock events of kind `sensor` (no user)
 * and mark the rules pending for the stock run. A rule deleted or inactive meanwhile is skipped. Answers whether any
 * stock changed (the caller then runs the requisition, as after other stock changes).
 */
export async function applySensorStock(em: EntityManager, data: BinsMeasured, now: Date): Promise<boolean> {
  const companyId = data.company_id;
  for (const m of data.bins) {
    if (m.fault === 'negative' && m.journal) await journalNegative(em, companyId, m, now);
    if (m.fault === 'implausible' && m.journal) await journalImplausible(em, companyId, m, now);
  }
  const measured = [...data.bins].filter((m) => m.pieces !== null || m.fill !== null).sort((a, b) => a.read_at.localeCompare(b.read_at));
  if (measured.length === 0) return false;
  const ids = `{${[...new Set(measured.map((m) => m.rule_id))].join(',')}}`;
  const rules = new Map(
    (
      await em.execute<RuleRow[]>('select id, stock, capacity, active from orders.kanban_rule where company_id = ? and id = any(cast(? as int[])) order by id for update', [
        companyId,
        ids,
      ])
    ).map((r) => [Number(r.id), { ...r, id: Number(r.id), stock: Number(r.stock), capacity: Number(r.capacity) }]),
  );
  const states = new Map(
    (await em.execute<StateRow[]>('select * from orders.rule_sensor where company_id = ? and rule_id = any(cast(? as int[]))', [companyId, ids])).map((r) => [Number(r.rule_id), r]),
  );
  const counted = await countedAt(em, companyId, ids);
  const changes = new Map<number, Change>();
  for (const m of measured) {
    const rule = rules.get(m.rule_id);
    if (!rule || !rule.active) continue;
    const row = states.get(m.rule_id);
    const previous = changes.get(m.rule_id)?.decision.state ?? (row && Number(row.sensor_id) === m.sensor_id ? stateOf(row) : null);
    const decision = respectingCount(decideSensorStock(previous, m, rule.capacity), Date.parse(m.read_at), counted.get(m.rule_id));
    if (decision.kind === 'skip') continue;
    const before = changes.get(m.rule_id);
    // an applied change stays applied when a later reading of the same event is only noise or held
    const applied = decision.kind === 'apply' ? decision : before?.decision.kind === 'apply' ? { ...before.decision, state: decision.state } : decision;
    changes.set(m.rule_id, { rule_id: m.rule_id, sensor_id: m.sensor_id, decision: applied, dead_time_seconds: m.dead_time_seconds, distance: m.pieces === null, noise_band: bandOf(m) });
  }
  return saveChanges(em, companyId, [...changes.values()], rules, now);
}

/** Stock events, rules' stock, pending marks and the sensor states of the decisions, set-based. */
async function saveChanges(em: EntityManager, companyId: number, changes: Change[], rules: Map<number, RuleRow>, now: Date): Promise<boolean> {
  if (changes.length === 0) return false;
  const stock = changes
    .filter((c) => c.decision.kind === 'apply' && c.decision.stock !== rules.get(c.rule_id)!.stock)
    .map((c) => ({ rule_id: c.rule_id, before: rules.get(c.rule_id)!.stock, stock: (c.decision as { stock: number }).stock }));
  if (stock.length > 0) {
    const rows = JSON.stringify(stock);
    await em.execute(
      `insert into orders.stock_event (company_id, rule_id, kind, stock_before, stock, user_id, created_at)
       select ?, x.rule_id, 'sensor', x.before, x.stock, null, ? from jsonb_to_recordset(cast(? as jsonb)) as x(rule_id int, before float8, stock float8)`,
      [companyId, now, rows],
    );
    await em.execute(
      `update orders.kanban_rule r set stock = x.stock, stock_updated_at = ?, updated_at = ?
         from jsonb_to_recordset(cast(? as jsonb)) as x(rule_id int, stock float8) where r.company_id = ? and r.id = x.rule_id`,
      [now, now, rows, companyId],
    );
    await markPending(em, companyId, stock.map((s) => s.rule_id), now);
  }
  const states = changes.map((c) => {
    const s = c.decision.state;
    return {
      rule_id: c.rule_id,
      sensor_id: c.sensor_id,
      read_at: s.read_at.toISOString(),
      level: s.level,
      moved_at: s.moved_at?.toISOString() ?? null,
      held: s.held,
      held_at: s.held_at?.toISOString() ?? null,
      dead_time_seconds: c.dead_time_seconds,
      distance: c.distance,
      noise_band: c.noise_band,
    };
  });
  await em.execute(
    `insert into orders.rule_sensor (company_id, rule_id, sensor_id, read_at, level, moved_at, held, held_at, dead_time_seconds, distance, noise_band)
     select ?, x.rule_id, x.sensor_id, x.read_at, x.level, x.moved_at, x.held, x.held_at, x.dead_time_seconds, x.distance, x.noise_band
       from jsonb_to_recordset(cast(? as jsonb)) as x(rule_id int, sensor_id int, read_at timestamptz, level float8, moved_at timestamptz, held float8, held_at timestamptz, dead_time_seconds int, distance boolean, noise_band float8)
     on conflict (company_id, rule_id) do update set sensor_id = excluded.sensor_id, read_at = excluded.read_at, level = excluded.level, moved_at = excluded.moved_at,
       held = excluded.held, held_at = excluded.held_at, dead_time_seconds = excluded.dead_time_seconds, distance = excluded.distance, noise_band = excluded.noise_band`,
    [companyId, JSON.stringify(states)],
  );
  return stock.length > 0;
}

/** Per rule the time of its newest stock entry of another kind than `sensor` (respectingCount). */
async function countedAt(em: EntityManager, companyId: number, ids: string): Promise<Map<number, number>> {
  const rows = await em.execute<{ rule_id: number; at: Date | string }[]>(
    `select rule_id, max(created_at) as at from orders.stock_event where company_id = ? and rule_id = any(cast(? as int[])) and kind <> 'sensor' group by rule_id`,
    [companyId, ids],
  );
  return new Map(rows.map((r) => [Number(r.rule_id), date(r.at).getTime()]));
}

/** Companies with a held reading whose dead time has passed by `now`. */
export async function companiesToSettle(em: EntityManager, now: Date): Promise<number[]> {
  const rows = await em.execute<{ company_id: number }[]>(
    `select distinct company_id from orders.rule_sensor where held is not null and moved_at + dead_time_seconds * interval '1 second' <= ? order by company_id`,
    [now],
  );
  return rows.map((r) => Number(r.company_id));
}

/**
 * Applies the held readings of a company whose dead time has passed by `now` and no later reading decided
 * (`settle`): the movement's newest reading becomes the stock. Answers whether any stock changed.
 */
export async function settleHeld(em: EntityManager, companyId: number, now: Date): Promise<boolean> {
  const rows = await em.execute<StateRow[]>(
    `select s.* from orders.rule_sensor s where s.company_id = ? and s.held is not null and s.moved_at + s.dead_time_seconds * interval '1 second' <= ? for update`,
    [companyId, now],
  );
  if (rows.length === 0) return false;
  const ids = `{${rows.map((r) => Number(r.rule_id)).join(',')}}`;
  const rules = new Map(
    (await em.execute<RuleRow[]>('select id, stock, capacity, active from orders.kanban_rule where company_id = ? and id = any(cast(? as int[])) order by id for update', [companyId, ids])).map(
      (r) => [Number(r.id), { ...r, id: Number(r.id), stock: Number(r.stock), capacity: Number(r.capacity) }],
    ),
  );
  const counted = await countedAt(em, companyId, ids);
  const changes: Change[] = [];
  for (const row of rows) {
    const heldAt = row.held_at === null ? Number.NEGATIVE_INFINITY : date(row.held_at).getTime();
    const settled = settle(stateOf(row), row.dead_time_seconds, row.distance, now, Number(row.noise_band));
    const decision = settled && respectingCount(settled, heldAt, counted.get(Number(row.rule_id)));
    const rule = rules.get(Number(row.rule_id));
    if (!decision || decision.kind === 'skip') continue;
    if (!rule || !rule.active) {
      // nothing to apply to: the held reading is dropped
      changes.push({ rule_id: Number(row.rule_id), sensor_id: Number(row.sensor_id), decision: { kind: 'noise', state: { ...stateOf(row), moved_at: null, held: null, held_at: null } }, dead_time_seconds: row.dead_time_seconds, distance: row.distance, noise_band: Number(row.noise_band) });
      continue;
    }
    changes.push({ rule_id: rule.id, sensor_id: Number(row.sensor_id), decision, dead_time_seconds: row.dead_time_seconds, distance: row.distance, noise_band: Number(row.noise_band) });
  }
  return saveChanges(em, companyId, changes, rules, now);
}
