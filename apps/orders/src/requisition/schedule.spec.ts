import { currentSlot, isoWeekdays, localTime, resolveSchedule } from './schedule';

const at = (iso: string) => new Date(iso);

describe('localTime', () => {
  it('reads the day, weekday and time in the company time zone', () => {
    expect(localTime(at('2026-11-23T05:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-23', weekday: 'monday', hour: 6, minute: 30 });
    expect(localTime(at('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-24', weekday: 'tuesday', hour: 0, minute: 30 });
    expect(localTime(at('2026-11-23T23:30:00Z'), 'America/New_York')).toEqual({ date: '2026-11-23', weekday: 'monday', hour: 18, minute: 30 });
  });
});

describe('currentSlot: every 2 hours from 06:00 to 24:00 in the company time zone', () => {
  const berlin = (local: string) => currentSlot(at(`${local}+01:00`), 'Europe/Berlin');
  it('has no slot between 02:00 and 06:00', () => {
    expect(berlin('2026-11-23T02:00:00')).toBeNull();
    expect(berlin('2026-11-23T05:59:59')).toBeNull();
  });
  it('06:00 opens the first slot of the day; each slot lasts two hours', () => {
    expect(berlin('2026-11-23T06:00:00')).toEqual({ date: '2026-11-23', weekday: 'monday', slot: '06:00', key: '2026-11-23T06:00' });
    expect(berlin('2026-11-23T07:59:00')?.slot).toBe('06:00');
    expect(berlin('2026-11-23T08:00:00')?.slot).toBe('08:00');
    expect(berlin('2026-11-23T15:10:00')?.slot).toBe('14:00');
    expect(berlin('2026-11-23T23:59:00')?.slot).toBe('22:00');
  });
  it('24:00 is midnight and belongs to the day it closes', () => {
    expect(berlin('2026-11-24T00:00:00')).toEqual({ date: '2026-11-23', weekday: 'monday', slot: '24:00', key: '2026-11-23T24:00' });
    expect(berlin('2026-11-24T01:59:00')?.key).toBe('2026-11-23T24:00');
    // Sunday's 24:00 is Monday 00:00.
    expect(berlin('2026-11-30T00:30:00')).toMatchObject({ date: '2026-11-29', weekday: 'sunday', slot: '24:00' });
  });
  it('follows the zone, not the server: 06:00 in Zurich and New York are different instants', () => {
    expect(currentSlot(at('2026-11-23T05:00:00Z'), 'Europe/Zurich')?.key).toBe('2026-11-23T06:00');
    expect(currentSlot(at('2026-11-23T05:00:00Z'), 'America/New_York')?.key).toBe('2026-11-22T24:00');
    expect(currentSlot(at('2026-11-23T11:00:00Z'), 'America/New_York')?.key).toBe('2026-11-23T06:00');
  });
  it('keeps local slot times across the change to summer time', () => {
    // 2026-03-29: clocks in Berlin go from 02:00 to 03:00.
    expect(currentSlot(at('2026-03-29T04:00:00Z'), 'Europe/Berlin')?.key).toBe('2026-03-29T06:00');
    expect(currentSlot(at('2026-03-28T05:00:00Z'), 'Europe/Berlin')?.key).toBe('2026-03-28T06:00');
  });
});

describe('resolveSchedule', () => {
  it('adds the business-day slots to Monday to Friday', () => {
    const { slots, scheduled } = resolveSchedule({ business_days: ['14:00', '06:00'], saturday: ['08:00'], monday: ['06:00', '20:00'] });
    expect(scheduled).toBe(true);
    expect(slots.monday).toEqual(['06:00', '14:00', '20:00']);
    expect(slots.friday).toEqual(['06:00', '14:00']);
    expect(slots.saturday).toEqual(['08:00']);
    expect(slots.sunday).toEqual([]);
  });
  it('an empty schedule is not scheduled', () => {
    expect(resolveSchedule({}).scheduled).toBe(false);
    expect(resolveSchedule(null).scheduled).toBe(false);
  });
});

describe('isoWeekdays', () => {
  it('numbers delivery days Monday 1 to Sunday 7', () => {
    expect(isoWeekdays(['sunday', 'monday', 'friday', 'monday'])).toEqual([1, 5, 7]);
  });
});
