import { ageText, binAlarms, fillPalette } from './binView';

describe('binView', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');

  it('words the age of the last reading in the language', () => {
    expect(ageText(null, now, 'en')).toBe('');
    expect(ageText('2026-11-27T09:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(ageText('2026-11-27T09:55:00Z', now, 'de')).toBe('vor 5 Minuten');
    expect(ageText('2026-11-27T07:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(ageText('2026-11-25T10:00:00Z', now, 'de')).toBe('vorgestern');
  });

  it('raises offline and below-threshold alarms, and colours the fill level', () => {
    const sensor = { id: 1, name: 'S', external_id: 'x', interval_minutes: 5, last_seen_at: null, battery: null, offline: true, battery_low: false, alarms: ['offline' as const] };
    expect(binAlarms({ sensor, below_threshold: true })).toEqual(['offline', 'belowThreshold']);
    expect(binAlarms({ sensor: { ...sensor, offline: false, battery: 9, battery_low: true, alarms: ['battery_low'] }, below_threshold: false })).toEqual(['batteryLow']);
    expect(binAlarms({ sensor: null, below_threshold: false })).toEqual([]);
    const fault = (kind: 'negative' | 'implausible') => ({ kind, at: '2026-11-27T09:59:00Z', value: -3 });
    expect(binAlarms({ sensor: { ...sensor, offline: false, alarms: [] }, below_threshold: true, fault: fault('negative') })).toEqual(['negativeReading', 'belowThreshold']);
    expect(binAlarms({ sensor: { ...sensor, offline: false, alarms: [] }, below_threshold: false, fault: fault('implausible') })).toEqual(['implausibleReading']);
    const rule = (fill: number | null) => ({ fill_percent: fill }) as never;
    expect(fillPalette({ rule: rule(80), below_threshold: true })).toBe('red');
    expect(fillPalette({ rule: rule(20), below_threshold: false })).toBe('orange');
    expect(fillPalette({ rule: rule(60), below_threshold: false })).toBe('green');
  });
});
