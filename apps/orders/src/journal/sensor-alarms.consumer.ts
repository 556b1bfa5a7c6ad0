import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JournalCode } from '@kanban/access';
import { type SensorAlarm, SensorEvents } from '@kanban/contracts';
import { BusController, type EventEnvelope, handleOnce, OnEvent } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { JournalRepository } from './journal.repository';

/**
 * Journal entries of the sensors' alarms (docs/sensors.md "Alarms"): the catalog's check announces each raised alarm
 * once with evt.catalog.sensor_alarm; `offline` becomes 2005 (unable to retrieve data: the sensor's readings do not
 * arrive) with the key sensor_offline, `battery_low` 2000 (no code of the spec fits a warning) with sensor_battery_low.
 * The entry names the location and customer of the sensor's first rack, so restricted users see the alarms of
 * their racks. The ends of alarms (`back_online`, `battery_ok`) write nothing: the sensor list, the plan and the
 * dashboards show them gone.
 */
@BusController()
export class SensorAlarmsConsumer {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly entries: JournalRepository,
  ) {}

  @OnEvent(SensorEvents.sensorAlarm)
  alarm(@Payload() event: EventEnvelope<SensorAlarm>): Promise<void> {
    return handleOnce(this.uow, 'orders.sensor_alarms', event, (em) => recordSensorAlarm(em, this.entries, event.data));
  }
}

/** The journal entry of a raised alarm (none for an alarm's end). */
export async function recordSensorAlarm(em: EntityManager, entries: JournalRepository, a: SensorAlarm): Promise<void> {
  if (a.kind !== 'offline' && a.kind !== 'battery_low') return;
  const where = a.places.map((p) => (p.label ? `${p.storage_name} ${p.label}` : p.storage_name)).join(', ');
  const sensor = `sensor "${a.name}" (${a.external_id})${where ? ` in ${where}` : ''}`;
  const common = { sensor_id: a.sensor_id, sensor: a.name, external_id: a.external_id, places: a.places };
  const first = a.places[0];
  const offline = a.kind === 'offline';
  await entries.insert(em, {
    companyId: a.company_id,
    code: offline ? JournalCode.RetrieveData : JournalCode.Unexpected,
    message: (offline
      ? `${sensor} is offline: no reading for more than 3 × its interval of ${a.interval_minutes} min (last ${a.last_seen_at ?? 'never'})`
      : `${sensor} reports a low battery: ${a.battery ?? '?'} %`
    ).slice(0, 2000),
    messageKey: offline ? 'sensor_offline' : 'sensor_battery_low',
    params: offline ? { ...common, interval_minutes: a.interval_minutes, last_seen_at: a.last_seen_at } : { ...common, battery: a.battery },
    customerId: first?.customer_id ?? null,
    locationId: first?.location_id ?? null,
    createdAt: new Date(a.at),
  });
}
