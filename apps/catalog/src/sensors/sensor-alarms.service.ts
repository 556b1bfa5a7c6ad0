import { Inject, Injectable } from '@nestjs/common';
import { Role } from '@kanban/access';
import {
  type CompanyCaller,
  sensorAlarms,
  type SensorAlarmEntry,
  type SensorAlarmsDto,
  type SensorAlarmsQuery,
  type SensorPlace,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { CATALOG_CONFIG, type CatalogConfig } from '../config';
import { SensorAlarmsRepository } from './sensor-alarms.repository';

/** The most sensors one answer lists (the counts cover all). */
const ITEMS_MAX = 50;
/** The most sensors with an alarm one answer looks at. */
const SCAN_MAX = 5000;

const STAFF: readonly Role[] = [Role.Admin, Role.Owner, Role.Writer, Role.Readonly];

const iso = (t: Date | string | null): string | null => (t === null ? null : new Date(t).toISOString());

/**
 * The sensors with an alarm now, for the company, customer and location dashboards (docs/sensors.md "Alarms"), by the
 * shared rule. A scope (`location_id`, `customer_id`) keeps the sensors that sit in a rack there. Places the caller's
 * customer and location restrictions hide are left out; a sensor that sits nowhere is shown to the company's staff
 * only (it is the company's equipment), and customer users see only sensors in racks of locations they see.
 */
@Injectable()
export class SensorAlarmsService {
  private readonly minuteMs: number;

  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly repository: SensorAlarmsRepository,
    @Inject(CATALOG_CONFIG) config: CatalogConfig,
  ) {
    this.minuteMs = config.sensorAlarms?.intervalUnitMs ?? 60_000;
  }

  alarms(caller: CompanyCaller, query: SensorAlarmsQuery = {}): Promise<SensorAlarmsDto> {
    const nowMs = Date.now();
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const rows = await this.repository.alarmed(em, caller.companyId, new Date(nowMs), this.minuteMs, SCAN_MAX);
      const ids = rows.map((r) => Number(r.id));
      const places = await this.repository.placesOf(em, ids, caller.companyId);
      const visible = await this.repository.visibleLocations(em, caller, [...new Set([...places.values()].flat().map((p) => p.location_id))]);
      const scoped = query.location_id !== undefined || query.customer_id !== undefined;
      const inScope = (p: SensorPlace) =>
        visible.has(p.location_id) &&
        (query.location_id === undefined || p.location_id === query.location_id) &&
        (query.customer_id === undefined || p.customer_id === query.customer_id);
      const entries: SensorAlarmEntry[] = [];
      for (const r of rows) {
        const all = places.get(Number(r.id)) ?? [];
        const shown = all.filter(inScope);
        // in a scope: only sensors there; unscoped: staff also see the sensors that sit nowhere
        if (shown.length === 0 && (scoped || all.length > 0 || !STAFF.includes(caller.role))) continue;
        const alarms = sensorAlarms({ ...r, active: Boolean(r.active), interval_minutes: Number(r.interval_minutes), created_at: new Date(r.created_at) }, nowMs, this.minuteMs);
        if (alarms.length === 0) continue;
        entries.push({
          sensor: {
            id: Number(r.id),
            name: r.name,
            external_id: r.external_id,
            type: r.type,
            interval_minutes: Number(r.interval_minutes),
            last_seen_at: iso(r.last_seen_at),
            battery: r.battery === null ? null : Number(r.battery),
            offline_since: iso(r.offline_since),
            battery_low_since: iso(r.battery_low_since),
          },
          alarms,
          places: shown,
        });
      }
      // offline first (a silent sensor no longer measures), then by name as read
      entries.sort((a, b) => Number(b.alarms.includes('offline')) - Number(a.alarms.includes('offline')));
      return {
        total: entries.length,
        offline: entries.filter((e) => e.alarms.includes('offline')).length,
        battery_low: entries.filter((e) => e.alarms.includes('battery_low')).length,
        items: entries.slice(0, ITEMS_MAX),
      };
    });
  }

}
