import type { EntityManager } from '@mikro-orm/postgresql';
import { type BinFault, type BinMeasure, type BinMeasurement, BinReadingEvents, noiseBandOf, type ReadingsStored, type SensorType, type SensorUnit } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { queryBound } from '@kanban/persistence';
import { binLevel, journalFault } from './bin-readings.rules';
import { binLabel } from './storage.rules';

interface BinRow {
  id: number;
  storage_id: number;
  row: number;
  column: number;
  kanban_rule_id: number;
  sensor_id: number;
  measured: BinMeasure | null;
  tare: string | null;
  piece_weight: string | null;
  empty_distance: string | null;
  full_distance: string | null;
  pieces_per_bin: string | null;
  plausibility_min: string | null;
  plausibility_max: string | null;
  dead_time_seconds: number | null;
  noise_band: string | null;
  last_fault: BinFault | null;
  sensor_name: string;
  sensor_type: SensorType;
  unit: SensorUnit;
  storage_name: string;
  location_id: number;
  prefix: string;
  format: string;
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/**
 * The bins' side of `evt.ingest.readings_stored` (docs/storages.md "Readings become stock"), in the consumer's
 * transaction: every bin of the company that holds a kanban rule and one of the reporting (active) sensors gets its
 * level from the sensor's newest reading (`binLevel`), its fault recorded (`last_fault`, `last_fault_at`,
 * `last_fault_value`: the plan shows it; a good reading clears it) and one `evt.catalog.bins_measured` for the orders
 * service, which applies the levels to the rules' stock and journals new negative readings (2007). One select and one
 * update, whatever the number of sensors; an older reading than the bin's last one does not change its fault.
 */
export async function measureBins(em: EntityManager, data: ReadingsStored): Promise<BinMeasurement[]> {
  const latest = new Map(data.sensors.map((s) => [s.sensor_id, s]));
  if (latest.size === 0) return [];
  const bins = await queryBound<BinRow>(
    em,
    `select b.id, b.storage_id, b.row, b.column, b.kanban_rule_id, b.sensor_id, b.measured, b.tare, b.piece_weight, b.empty_distance,
            b.full_distance, b.pieces_per_bin, b.plausibility_min, b.plausibility_max, b.dead_time_seconds, b.noise_band,
            b.last_fault, s.name as sensor_name, s.type as sensor_type, s.unit, st.name as storage_name, st.location_id, st.prefix, st.format
       from "catalog"."storage_bin" b
       join "catalog"."sensor" s on s.id = b.sensor_id and s.company_id = b.company_id and s.active
       join "catalog"."storage" st on st.id = b.storage_id and st.company_id = b.company_id
      where b.company_id = ? and b.kanban_rule_id is not null and b.sensor_id = any(?::int[])
      order by b.id`,
    [data.company_id, `{${[...latest.keys()].join(',')}}`],
  );
  const measured: BinMeasurement[] = [];
  const faults: { id: number; fault: BinFault | null; at: string; value: number | null }[] = [];
  for (const bin of bins) {
    const reading = latest.get(bin.sensor_id)!;
    const level = binLevel(
      {
        measured: bin.measured,
        tare: num(bin.tare),
        piece_weight: num(bin.piece_weight),
        empty_distance: num(bin.empty_distance),
        full_distance: num(bin.full_distance),
        pieces_per_bin: num(bin.pieces_per_bin),
        plausibility_min: num(bin.plausibility_min),
        plausibility_max: num(bin.plausibility_max),
      },
      { unit: bin.unit, value: reading.last.value, min_value: reading.min_value },
    );
    if (!level) continue;
    faults.push({ id: bin.id, fault: level.fault, at: reading.last.read_at, value: level.fault_value });
    measured.push({
      bin_id: bin.id,
      storage_id: bin.storage_id,
      location_id: bin.location_id,
      rule_id: bin.kanban_rule_id,
      sensor_id: bin.sensor_id,
      sensor_name: bin.sensor_name,
      storage_name: bin.storage_name,
      bin: binLabel({ prefix: bin.prefix, format: bin.format }, bin.row, bin.column),
      read_at: reading.last.read_at,
      value: level.fault_value ?? reading.last.value,
      pieces: level.pieces,
      fill: level.fill,
      dead_time_seconds: bin.dead_time_seconds ?? 0,
      noise_band: noiseBandOf(num(bin.noise_band), bin.sensor_type),
      fault: level.fault,
      journal: journalFault(level.fault, bin.last_fault),
    });
  }
  if (measured.length === 0) return [];
  await queryBound(
    em,
    `update "catalog"."storage_bin" as b set
        last_fault = x.fault,
        last_fault_at = case when x.fault is null then null when x.fault is distinct from b.last_fault then x.at else coalesce(b.last_fault_at, x.at) end,
        last_fault_value = round(x.value::numeric, 3),
        last_reading_at = x.at
      from jsonb_to_recordset(?::jsonb) as x(id int, fault text, at timestamptz, value float8)
      where b.id = x.id and b.company_id = ? and (b.last_reading_at is null or b.last_reading_at <= x.at)`,
    [JSON.stringify(faults), data.company_id],
  );
  addToOutbox(em, BinReadingEvents.binsMeasured, { company_id: data.company_id, bins: measured });
  return measured;
}
