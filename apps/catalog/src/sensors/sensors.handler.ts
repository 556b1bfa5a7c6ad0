import { Payload } from '@nestjs/microservices';
import { type BusRequest, SensorSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { DeviceKeysService } from './device-keys.service';
import { SensorAlarmsService } from './sensor-alarms.service';
import { SensorsService } from './sensors.service';

/** Sensors of a company, its device key, and the lookups of the ingestion. */
@BusController()
export class SensorsHandler {
  constructor(
    private readonly sensors: SensorsService,
    private readonly keys: DeviceKeysService,
    private readonly alarmsOf: SensorAlarmsService,
  ) {}

  @Handles(SensorSubjects.alarms)
  alarms(@Payload() p: BusRequest<'catalog.sensor.alarms'>) {
    return this.alarmsOf.alarms(p.caller, p.query);
  }

  @Handles(SensorSubjects.list)
  list(@Payload() p: BusRequest<'catalog.sensor.list'>) {
    return this.sensors.list(p.caller, p.query);
  }

  @Handles(SensorSubjects.get)
  get(@Payload() p: BusRequest<'catalog.sensor.get'>) {
    return this.sensors.get(p.caller, p.id);
  }

  @Handles(SensorSubjects.create)
  create(@Payload() p: BusRequest<'catalog.sensor.create'>) {
    return this.sensors.create(p.caller, p.input);
  }

  @Handles(SensorSubjects.update)
  update(@Payload() p: BusRequest<'catalog.sensor.update'>) {
    return this.sensors.update(p.caller, p.id, p.input);
  }

  @Handles(SensorSubjects.delete)
  async remove(@Payload() p: BusRequest<'catalog.sensor.delete'>): Promise<null> {
    await this.sensors.remove(p.caller, p.id);
    return null;
  }

  @Handles(SensorSubjects.byExternalId)
  byExternalId(@Payload() p: BusRequest<'catalog.sensor.by_external_id'>) {
    return this.sensors.byExternalIds(p.company_id, p.external_ids);
  }

  @Handles(SensorSubjects.getDeviceKey)
  deviceKey(@Payload() p: BusRequest<'catalog.sensor.devicekey.get'>) {
    return this.keys.info(p.caller);
  }

  @Handles(SensorSubjects.rotateDeviceKey)
  rotateDeviceKey(@Payload() p: BusRequest<'catalog.sensor.devicekey.rotate'>) {
    return this.keys.rotate(p.caller);
  }

  @Handles(SensorSubjects.verifyDeviceKey)
  verifyDeviceKey(@Payload() p: BusRequest<'catalog.sensor.devicekey.verify'>) {
    return this.keys.verify(p.key);
  }
}
