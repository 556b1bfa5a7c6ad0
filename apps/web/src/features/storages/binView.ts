import type { StorageBinDto, StorageLayout } from '@kanban/contracts';

/** How long ago a reading was, in the language's words ("5 minutes ago", "vor 5 Minuten"); '' without one. */
export function ageText(iso: string | null, now: number, language: string): string {
  if (!iso) return '';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(seconds, 'second');
}

/**
 * The alarms of a bin as the plan shows them: its sensor's (offline, battery low: the server's flags by the shared rule,
 * as on the sensor list and the dashboards), the newest reading's fault (below the empty bin: journal 2007; outside the
 * plausibility bounds; docs/storages.md "Readings become stock") and the stock at or below the threshold.
 */
export function binAlarms(
  bin: Pick<StorageBinDto, 'sensor' | 'below_threshold'> & Partial<Pick<StorageBinDto, 'fault'>>,
): ('offline' | 'batteryLow' | 'negativeReading' | 'implausibleReading' | 'belowThreshold')[] {
  const alarms: ('offline' | 'batteryLow' | 'negativeReading' | 'implausibleReading' | 'belowThreshold')[] = [];
  if (bin.sensor?.offline) alarms.push('offline');
  if (bin.sensor?.battery_low) alarms.push('batteryLow');
  if (bin.fault?.kind === 'negative') alarms.push('negativeReading');
  if (bin.fault?.kind === 'implausible') alarms.push('implausibleReading');
  if (bin.below_threshold) alarms.push('belowThreshold');
  return alarms;
}

/** The fill level's colour: red at or below the threshold, orange below a third, else green. */
export function fillPalette(bin: Pick<StorageBinDto, 'rule' | 'below_threshold'>): 'red' | 'orange' | 'green' {
  if (bin.below_threshold) return 'red';
  return (bin.rule?.fill_percent ?? 100) < 34 ? 'orange' : 'green';
}

/** The i18n key saying where bin 1 is and which way numbers run. */
export function layoutHintKey(layout: StorageLayout): string {
  return `storages.plan.layoutHint.${layout}`;
}
