import { SENSOR_BATTERY_LOW_PERCENT, sensorAlarms, type SensorAlarmFacts } from './sensors';

describe('sensorAlarms (docs/sensors.md "Alarms")', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
  const sensor = (over: Partial<SensorAlarmFacts> = {}): SensorAlarmFacts => ({
    active: true,
    interval_minutes: 15,
    last_seen_at: minutesAgo(5),
    created_at: minutesAgo(600),
    battery: 80,
    ...over,
  });

  it('is offline only when silent for more than 3 × the interval', () => {
    expect(sensorAlarms(sensor({ last_seen_at: minutesAgo(45) }), now)).toEqual([]);
    expect(sensorAlarms(sensor({ last_seen_at: minutesAgo(45.01) }), now)).toEqual(['offline']);
    expect(sensorAlarms(sensor({ interval_minutes: 60, last_seen_at: minutesAgo(120) }), now)).toEqual([]);
  });

  it('counts the silence of a sensor that never reported from its creation', () => {
    expect(sensorAlarms(sensor({ last_seen_at: null, created_at: minutesAgo(10), battery: null }), now)).toEqual([]);
    expect(sensorAlarms(sensor({ last_seen_at: null, created_at: new Date(now - 46 * 60_000), battery: null }), now)).toEqual(['offline']);
  });

  it('reports a battery below the threshold as low, not at it', () => {
    expect(sensorAlarms(sensor({ battery: SENSOR_BATTERY_LOW_PERCENT - 1 }), now)).toEqual(['battery_low']);
    expect(sensorAlarms(sensor({ battery: SENSOR_BATTERY_LOW_PERCENT }), now)).toEqual([]);
    expect(sensorAlarms(sensor({ battery: 0, last_seen_at: minutesAgo(100) }), now)).toEqual(['offline', 'battery_low']);
  });

  it('gives an inactive sensor no alarm', () => {
    expect(sensorAlarms(sensor({ active: false, last_seen_at: null, battery: 3 }), now)).toEqual([]);
  });

  it('measures the interval in the given minute length (tests shorten it)', () => {
    expect(sensorAlarms(sensor({ interval_minutes: 1, last_seen_at: new Date(now - 3_500).toISOString() }), now, 1000)).toEqual(['offline']);
    expect(sensorAlarms(sensor({ interval_minutes: 1, last_seen_at: new Date(now - 2_500).toISOString() }), now, 1000)).toEqual([]);
  });
});
