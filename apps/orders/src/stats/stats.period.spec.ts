import { AppError } from '@kanban/access';
import { addDays, daysOf, idOf, mondayOf, orderPeriod, servicePeriod, weeksOf } from './stats.period';

const field = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? (error.toBody() as { field?: string }).field : 'not an AppError';
  }
  return undefined;
};

describe('statistics periods', () => {
  it('defaults the order statistics to the last 30 days up to today', () => {
    expect(orderPeriod({}, '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(orderPeriod({ to: '2026-03-01' }, '2026-11-23')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(orderPeriod({ from: '2026-11-23', to: '2026-11-23' }, '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('refuses impossible days, a reversed or too long period with the field', () => {
    expect(field(() => orderPeriod({ from: '2026-02-30' }, '2026-11-23'))).toBe('from');
    expect(field(() => orderPeriod({ to: '23.11.2026' }, '2026-11-23'))).toBe('to');
    expect(field(() => orderPeriod({ from: '2026-11-24', to: '2026-11-23' }, '2026-11-23'))).toBe('from');
    expect(field(() => orderPeriod({ from: '2016-01-01', to: '2026-11-23' }, '2026-11-23'))).toBe('from');
    expect(field(() => orderPeriod({ from: '2016-11-26', to: '2026-11-23' }, '2026-11-23'))).toBeUndefined();
  });

  it('computes the analysis periods: 3, 6, 12 months back and the last calendar year', () => {
    expect(servicePeriod(undefined, '2026-11-23')).toEqual({ period: '3m', from: '2026-08-24', to: '2026-11-23' });
    expect(servicePeriod('6m', '2026-11-23')).toMatchObject({ from: '2026-05-24' });
    expect(servicePeriod('12m', '2026-11-23')).toMatchObject({ from: '2025-11-24' });
    // the 31st three months after a month of 30 days: from the last day of that month on
    expect(servicePeriod('3m', '2026-05-31')).toMatchObject({ from: '2026-03-01' });
    expect(servicePeriod('3m', '2026-08-31')).toMatchObject({ from: '2026-06-01' });
    expect(servicePeriod('last_year', '2026-01-01')).toEqual({ period: 'last_year', from: '2025-01-01', to: '2025-12-31' });
    expect(field(() => servicePeriod('2m', '2026-11-23'))).toBe('period');
  });

  it('lists the weeks (Mondays) of a period, the first and last week partly', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
    expect(weeksOf('2026-11-04', '2026-11-23')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
    expect(weeksOf('2026-11-23', '2026-11-23')).toEqual(['2026-11-23']);
    const { from, to } = servicePeriod('12m', '2026-11-23');
    expect(weeksOf(from, to)).toHaveLength(53);
  });

  it('checks days and ids', () => {
    expect(daysOf(undefined)).toBe(30);
    expect(daysOf('7')).toBe(7);
    expect(field(() => daysOf(0))).toBe('days');
    expect(field(() => daysOf(3651))).toBe('days');
    expect(idOf(undefined, 'location_id')).toBeUndefined();
    expect(field(() => idOf(1.5, 'location_id'))).toBe('location_id');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
