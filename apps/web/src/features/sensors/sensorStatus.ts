import { SENSOR_OFFLINE_INTERVALS, type SensorDto } from '@kanban/contracts';

/** Whether a sensor reports: never (no reading yet), online, or offline (silent for more than 3 × its interval). */
export type SensorState = 'never' | 'online' | 'offline';

export function sensorState(sensor: Pick<SensorDto, 'last_seen_at' | 'interval_minutes'>, now: number): SensorState {
  if (!sensor.last_seen_at) return 'never';
  const silentMs = now - new Date(sensor.last_seen_at).getTime();
  return silentMs > SENSOR_OFFLINE_INTERVALS * sensor.interval_minutes * 60_000 ? 'offline' : 'online';
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 min. ago" / "vor 5 Min.": how long ago a time was, in the language's short words. */
export function ageText(at: string, now: number, language: string): string {
  let value = Math.max(0, (now - new Date(at).getTime()) / 1000);
  for (const [unit, size] of STEPS) {
    if (value < size) return new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' }).format(-Math.floor(value), unit);
    value /= size;
  }
  return '';
}
