import { digestText, localDayHour } from './digest';

describe('daily digest helpers (docs/notifications.md "Daily digests")', () => {
  it("the company's local day and hour", () => {
    expect(localDayHour(new Date('2026-11-27T22:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-27', hour: 23 });
    expect(localDayHour(new Date('2026-11-27T23:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-28', hour: 0 });
    expect(localDayHour(new Date('2026-07-01T03:00:00Z'), 'America/New_York')).toEqual({ day: '2026-06-30', hour: 23 });
  });

  it('one line per event with its local time, oldest first as given', () => {
    const text = digestText('Übersicht; "Süd"', '2026-11-27', [
      { summary: 'order_created: Bestellung 1', occurredAt: new Date('2026-11-27T07:05:00Z') },
      { summary: 'order_created: Bestellung 2 📦', occurredAt: new Date('2026-11-27T15:45:00Z') },
    ], 'Europe/Berlin');
    expect(text).toBe('Übersicht; "Süd": 2026-11-27\n\n08:05  order_created: Bestellung 1\n16:45  order_created: Bestellung 2 📦\n');
  });
});
