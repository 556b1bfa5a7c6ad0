import type { AppError } from '@kanban/access';
import { normalizeTimeTracking, visitQuantity } from './time-tracking.service';

const fieldOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    return (error as AppError).field;
  }
  return undefined;
};

describe('time tracking input', () => {
  it('takes whole minutes from 1 to a day and an optional comment of at most 500 characters', () => {
    expect(normalizeTimeTracking({ minutes: 45, comment: '  gezählt ' })).toEqual({ minutes: 45, comment: 'gezählt' });
    expect(normalizeTimeTracking({ minutes: 1440, comment: null })).toEqual({ minutes: 1440, comment: null });
    expect(normalizeTimeTracking({ minutes: 1 })).toEqual({ minutes: 1, comment: null });
    for (const minutes of [0, -5, 1441, 2.5, '30' as never, null as never]) expect(fieldOf(() => normalizeTimeTracking({ minutes }))).toBe('minutes');
    expect(fieldOf(() => normalizeTimeTracking(undefined))).toBe('minutes');
    expect(fieldOf(() => normalizeTimeTracking({ minutes: 5, comment: 'x'.repeat(501) }))).toBe('comment');
    expect(fieldOf(() => normalizeTimeTracking({ minutes: 5, comment: 7 as never }))).toBe('comment');
  });

  it('counts minutes for the unit MIN, hours for any other', () => {
    expect(visitQuantity(45, 'MIN')).toBe(45);
    expect(visitQuantity(45, 'min')).toBe(45);
    expect(visitQuantity(45, 'HUR')).toBe(0.75);
    expect(visitQuantity(20, 'H')).toBe(0.333333);
    expect(visitQuantity(90, '')).toBe(1.5);
  });
});
