import type { SensorDto } from '@kanban/contracts';

/**
 * How the sensor list shows a sensor's reporting: never (no reading yet), online, or offline. Offline is the server's
 * flag by the shared rule (libs/contracts `sensorAlarms`, as on the plan and the dashboards): silent for more than
 * 3 × the interval, counted from the creation for one that never reported, so "never" and "offline" can go together.
 */
export type SensorState = 'never' | 'online' | 'offline';

export function sensorState(sensor: Pick<SensorDto, 'last_seen_at' | 'alarms'>): SensorState {
  if (sensor.alarms.includes('offline')) return 'offline';
  return sensor.last_seen_at ? 'online' : 'never';
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
