import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type SensorAlarm, SensorEvents } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { CATALOG_CONFIG, type CatalogConfig } from '../config';
import { type AlarmRow, SensorAlarmsRepository } from './sensor-alarms.repository';

/** The most places an alarm event names. */
const PLACES_MAX = 20;

export interface SensorAlarmTick {
  raised: number;
  cleared: number;
}

/**
 * The sensors' alarms (docs/sensors.md "Alarms"): at start and every SENSOR_ALARM_CHECK_MS (unless SENSOR_ALARMS=false), one transaction over all
 * companies raises the offline and low-battery alarms the shared rule sees and clears the ended ones, announcing each
 * transition with evt.catalog.sensor_alarm through the outbox (the orders service writes the journal entries). Every
 * replica and both run modes tick; the conditional updates make each transition happen once (SensorAlarmsRepository).
 */
@Injectable()
export class SensorAlarmsJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('SensorAlarms');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SensorAlarmTick> | null = null;
  private readonly enabled: boolean;
  private readonly checkMs: number;
  private readonly minuteMs: number;

  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly repository: SensorAlarmsRepository,
    @Inject(CATALOG_CONFIG) config: CatalogConfig,
  ) {
    this.enabled = config.sensorAlarms?.enabled ?? true;
    this.checkMs = config.sensorAlarms?.checkMs ?? 60_000;
    this.minuteMs = config.sensorAlarms?.intervalUnitMs ?? 60_000;
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    const run = () => void this.tick().catch((e: unknown) => this.log.warn(`sensor alarm check failed: ${(e as Error).message}`));
    run();
    this.timer = setInterval(run, this.checkMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One check (a tick still running is joined, not run twice in this process). */
  tick(now = new Date()): Promise<SensorAlarmTick> {
    this.running ??= this.check(now).finally(() => (this.running = null));
    return this.running;
  }

  private async check(now: Date): Promise<SensorAlarmTick> {
    if (!(await this.uow.read((em) => this.repository.transitionsDue(em, now, this.minuteMs)))) return { raised: 0, cleared: 0 };
    return this.uow.write(async (em) => {
      const t = await this.repository.transitions(em, now, this.minuteMs);
      const all: [SensorAlarm['kind'], AlarmRow[]][] = [
        ['offline', t.offline],
        ['back_online', t.backOnline],
        ['battery_low', t.batteryLow],
        ['battery_ok', t.batteryOk],
      ];
      const ids = [...new Set(all.flatMap(([, rows]) => rows.map((r) => Number(r.id))))];
      const places = await this.repository.placesOf(em, ids, null);
      for (const [kind, rows] of all) {
        for (const r of rows) {
          const id = Number(r.id);
          addToOutbox(em, SensorEvents.sensorAlarm, {
            company_id: Number(r.company_id),
            sensor_id: id,
            kind,
            at: now.toISOString(),
            name: r.name,
            external_id: r.external_id,
            interval_minutes: Number(r.interval_minutes),
            last_seen_at: r.last_seen_at === null ? null : new Date(r.last_seen_at).toISOString(),
            battery: r.battery === null ? null : Number(r.battery),
            places: (places.get(id) ?? []).slice(0, PLACES_MAX),
          });
        }
      }
      await em.flush();
      const raised = t.offline.length + t.batteryLow.length;
      const cleared = t.backOnline.length + t.batteryOk.length;
      if (raised + cleared > 0) this.log.log(`sensor alarms: ${raised} raised, ${cleared} cleared`);
      return { raised, cleared };
    });
  }
}
