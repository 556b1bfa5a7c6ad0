import { Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IngestEvents, type ReadingsStored } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, OnEvent } from '@kanban/messaging';
import { queryBound } from '@kanban/persistence';
import { measureBins } from '../storages/bin-readings';

/**
 * Keeps the sensors' reported state (battery, signal, last seen, last value) from the ingestion's
 * `evt.ingest.readings_stored` (docs/ingestion.md): one set-based update per event, never moving a sensor's state
 * back to an older reading (events of batches may arrive out of order), and writing a sensor's row at most once per
 * second of reading time unless its battery or signal changed (a sensor sending many readings a second would
 * otherwise cost a row version per stored batch; the state is at most a second behind). Not a change of the master data: no change
 * log, no `sensor_changed`, `updated_at` stays. In the same transaction the bins those sensors sit in get their levels,
 * announced to the orders service as stock (`measureBins`, docs/storages.md "Readings become stock").
 */
@BusController()
export class SensorReadingsConsumer {
  /** the event's handler, counted as a dead letter after EVENT_MAX_FAILURES failures (DeadLetters) */
  private readonly on;

  constructor(deadLetters: DeadLetters) {
    this.on = {
      report: deadLetters.once<ReadingsStored>('catalog.sensor_readings', async (em, event) => {
        await reportReadings(em, event.data);
        await measureBins(em, event.data);
      }),
    };
  }

  @OnEvent(IngestEvents.readingsStored)
  report(@Payload() event: EventEnvelope<ReadingsStored>): Promise<void> {
    return this.on.report(event);
  }
}

export async function reportReadings(em: EntityManager, data: ReadingsStored): Promise<void> {
  const rows = data.sensors.map((s) => ({
    sensor_id: s.sensor_id,
    read_at: s.last.read_at,
    value: s.last.value,
    battery: s.last.battery === null ? null : Math.round(s.last.battery),
    signal: s.last.signal === null ? null : Math.round(s.last.signal),
  }));
  if (rows.length === 0) return;
  await queryBound(
    em,
    `update "catalog"."sensor" as s set
        last_seen_at = x.read_at,
        last_value = round(x.value::numeric, 3),
        battery = coalesce(x.battery, s.battery),
        signal = coalesce(x.signal, s.signal)
      from jsonb_to_recordset(?::jsonb) as x(sensor_id int, read_at timestamptz, value float8, battery smallint, signal smallint)
      where s.id = x.sensor_id and s.company_id = ? and (s.last_seen_at is null or s.last_seen_at <= x.read_at)
        and (s.last_seen_at is null or x.read_at >= s.last_seen_at + interval '1 second'
          or (x.battery is not null and x.battery is distinct from s.battery) or (x.signal is not null and x.signal is distinct from s.signal))`,
    [JSON.stringify(rows), data.company_id],
  );
}
