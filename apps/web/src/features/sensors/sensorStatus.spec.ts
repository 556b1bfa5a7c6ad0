import { ageText, sensorState } from './sensorStatus';

describe('sensorState and ageText', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it('counts a sensor offline once it is silent for more than three intervals', () => {
    expect(sensorState({ last_seen_at: null, interval_minutes: 15 }, now)).toBe('never');
    expect(sensorState({ last_seen_at: ago(45), interval_minutes: 15 }, now)).toBe('online');
    expect(sensorState({ last_seen_at: ago(46), interval_minutes: 15 }, now)).toBe('offline');
    expect(sensorState({ last_seen_at: ago(100), interval_minutes: 60 }, now)).toBe('online');
  });

  it('says how long ago in the reader\'s language', () => {
    expect(ageText(ago(5), now, 'en')).toBe('5 min. ago');
    expect(ageText(ago(5), now, 'de')).toBe('vor 5 Min.');
    expect(ageText(ago(0), now, 'en')).toBe('now');
    expect(ageText(ago(60 * 26), now, 'en')).toBe('yesterday');
    expect(ageText(ago(60 * 24 * 3), now, 'de')).toBe('vor 3 Tagen');
  });
});
