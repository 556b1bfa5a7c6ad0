import { ageText, sensorState } from './sensorStatus';

describe('sensorState and ageText', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it("shows the server's offline flag, and never for a sensor without a reading", () => {
    expect(sensorState({ last_seen_at: null, alarms: [] })).toBe('never');
    expect(sensorState({ last_seen_at: null, alarms: ['offline'] })).toBe('offline');
    expect(sensorState({ last_seen_at: ago(45), alarms: ['battery_low'] })).toBe('online');
    expect(sensorState({ last_seen_at: ago(46), alarms: ['offline', 'battery_low'] })).toBe('offline');
  });

  it('says how long ago in the reader\'s language', () => {
    expect(ageText(ago(5), now, 'en')).toBe('5 min. ago');
    expect(ageText(ago(5), now, 'de')).toBe('vor 5 Min.');
    expect(ageText(ago(0), now, 'en')).toBe('now');
    expect(ageText(ago(60 * 26), now, 'en')).toBe('yesterday');
    expect(ageText(ago(60 * 24 * 3), now, 'de')).toBe('vor 3 Tagen');
  });
});
