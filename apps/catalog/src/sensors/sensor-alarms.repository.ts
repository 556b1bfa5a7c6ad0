import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type CompanyCaller, SENSOR_BATTERY_LOW_PERCENT, SENSOR_OFFLINE_INTERVALS, type SensorPlace, type SensorType } from '@kanban/contracts';
import { visibleCondition } from '../restrictions/restriction-scope';
import { binLabel } from '../storages/storage.rules';

/**
 * The shared alarm rule (libs/contracts `sensorAlarms`) as SQL on the sensor `s`, for statements over many sensors:
 * the parameters are the time of the check and the length of one interval minute in ms. Kept beside the function
 * it mirrors; the e2e (tests/e2e/sensor-alarms.e2e.ts) sees both agree (the sensor's `alarms`, the check's events,
 * the dashboards' call).
 */
const OFFLINE_SQL = `(s.active and coalesce(s.last_seen_at, s.created_at) < cast(? as timestamptz) - (s.interval_minutes * ${SENSOR_OFFLINE_INTERVALS} * cast(? as double precision)) * interval '1 millisecond')`;
const BATTERY_LOW_SQL = `(s.active and s.battery is not null and s.battery < ${SENSOR_BATTERY_LOW_PERCENT})`;

const RETURNING = 'returning s.id, s.company_id, s.name, s.external_id, s.interval_minutes, s.last_seen_at, s.battery';

/** A sensor whose alarm state the check changed. */
export interface AlarmRow {
  id: number;
  company_id: number;
  name: string;
  external_id: string;
  interval_minutes: number;
  last_seen_at: Date | string | null;
  battery: number | null;
}

/** A sensor with an alarm, for the dashboards. */
export interface AlarmedSensorRow {
  id: number;
  name: string;
  external_id: string;
  type: SensorType;
  active: boolean;
  interval_minutes: number;
  last_seen_at: Date | string | null;
  created_at: Date | string;
  battery: number | null;
  offline_since: Date | string | null;
  battery_low_since: Date | string | null;
}

interface PlaceRow {
  sensor_id: number;
  storage_id: number;
  name: string;
  location_id: number;
  customer_id: number;
  bin_row: number | null;
  bin_column: number | null;
  prefix: string;
  format: string;
}

/** The statements of the sensors' alarms (docs/sensors.md "Alarms"). */
@Injectable()
export class SensorAlarmsRepository {
  /** Whether any transition is due (a read first: a write commits a cache notice even when it changes nothing). */
  async transitionsDue(em: EntityManager, now: Date, minuteMs: number): Promise<boolean> {
    const at = now.toISOString();
    const rows = await em.execute<{ due: number }[]>(
      `select 1 as due from catalog.sensor s
        where (s.offline_since is null and ${OFFLINE_SQL}) or (s.offline_since is not null and not ${OFFLINE_SQL})
           or (s.battery_low_since is null and ${BATTERY_LOW_SQL}) or (s.battery_low_since is not null and not ${BATTERY_LOW_SQL})
        limit 1`,
      [at, minuteMs, at, minuteMs],
    );
    return rows.length > 0;
  }

  /**
   * The four transitions of the check, each one conditional update over every company (the rows it changes are the
   * transitions; a second replica's same statement waits for the first's row locks, sees the new state and changes
   * nothing, so each transition happens once): raise offline, clear offline (readings came back, or the sensor was
   * deactivated or given a longer interval), raise battery_low, clear battery_low.
   */
  async transitions(em: EntityManager, now: Date, minuteMs: number): Promise<{ offline: AlarmRow[]; backOnline: AlarmRow[]; batteryLow: AlarmRow[]; batteryOk: AlarmRow[] }> {
    const at = now.toISOString();
    const offline = await em.execute<AlarmRow[]>(
      `update catalog.sensor s set offline_since = ? where s.offline_since is null and ${OFFLINE_SQL} ${RETURNING}`,
      [now, at, minuteMs],
    );
    const backOnline = await em.execute<AlarmRow[]>(
      `update catalog.sensor s set offline_since = null where s.offline_since is not null and not ${OFFLINE_SQL} ${RETURNING}`,
      [at, minuteMs],
    );
    const batteryLow = await em.execute<AlarmRow[]>(
      `update catalog.sensor s set battery_low_since = ? where s.battery_low_since is null and ${BATTERY_LOW_SQL} ${RETURNING}`,
      [now],
    );
    const batteryOk = await em.execute<AlarmRow[]>(
      `update catalog.sensor s set battery_low_since = null where s.battery_low_since is not null and not ${BATTERY_LOW_SQL} ${RETURNING}`,
    );
    return { offline, backOnline, batteryLow, batteryOk };
  }

  /** The company's sensors with an alarm at `now`, by name (at most `limit`). */
  alarmed(em: EntityManager, companyId: number, now: Date, minuteMs: number, limit: number): Promise<AlarmedSensorRow[]> {
    return em.execute<AlarmedSensorRow[]>(
      `select s.id, s.name, s.external_id, s.type, s.active, s.interval_minutes, s.last_seen_at, s.created_at, s.battery, s.offline_since, s.battery_low_since
         from catalog.sensor s
        where s.company_id = ? and (${OFFLINE_SQL} or ${BATTERY_LOW_SQL})
        order by s.name, s.id limit ${Number(limit)}`,
      [companyId, now.toISOString(), minuteMs],
    );
  }

  /**
   * Where the sensors sit: the bins that hold them and the racks that name them as their own sensor, by sensor (racks
   * in id order, the rack's own sensor first, then its bins; `companyId` null: any company, for the check over all).
   */
  async placesOf(em: EntityManager, sensorIds: number[], companyId: number | null): Promise<Map<number, SensorPlace[]>> {
    const places = new Map<number, SensorPlace[]>();
    if (sensorIds.length === 0) return places;
    const marks = sensorIds.map(() => '?').join(', ');
    const company = companyId === null ? '' : ' and st.company_id = ?';
    const params = companyId === null ? [] : [companyId];
    const rows = await em.execute<PlaceRow[]>(
      `select b.sensor_id, st.id as storage_id, st.name, st.location_id, st.customer_id, b.row as bin_row, b.column as bin_column, st.prefix, st.format
         from catalog.storage_bin b join catalog.storage st on st.id = b.storage_id and st.company_id = b.company_id
        where b.sensor_id in (${marks})${company}
       union all
       select st.sensor_id, st.id, st.name, st.location_id, st.customer_id, null, null, st.prefix, st.format
         from catalog.storage st
        where st.sensor_id in (${marks})${company}
       order by 2, 6 nulls first, 7`,
      [...sensorIds, ...params, ...sensorIds, ...params],
    );
    for (const r of rows) {
      const label = r.bin_row === null || r.bin_column === null ? null : binLabel(r, Number(r.bin_row), Number(r.bin_column));
      const list = places.get(Number(r.sensor_id)) ?? [];
      list.push({ storage_id: Number(r.storage_id), storage_name: r.name, location_id: Number(r.location_id), customer_id: Number(r.customer_id), label });
      places.set(Number(r.sensor_id), list);
    }
    return places;
  }

  /** The locations of `ids` the caller's customer and location restrictions let them see. */
  async visibleLocations(em: EntityManager, caller: CompanyCaller, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const [condition, params] = visibleCondition('location', 'x', caller);
    const rows = await em.execute<{ id: number }[]>(
      `select x.id from catalog.location x where x.company_id = ? and x.id in (${ids.map(() => '?').join(', ')})${condition ? ` and ${condition}` : ''}`,
      [caller.companyId, ...ids, ...params],
    );
    return new Set(rows.map((r) => Number(r.id)));
  }
}
