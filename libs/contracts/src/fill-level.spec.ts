import { canConvert, FILL_PERIOD_MS, type FillCalibration, fillResolution, pointToPieces, readingToPieces } from './fill-level';

const none: FillCalibration = { measured: null, tare: null, piece_weight: null, empty_distance: null, full_distance: null, pieces_per_bin: null };
const scale: FillCalibration = { ...none, measured: 'weight_g', tare: 250, piece_weight: 12.5 };
const distance: FillCalibration = { ...none, measured: 'distance_mm', empty_distance: 400, full_distance: 100 };
const barrier: FillCalibration = { ...none, measured: 'count', pieces_per_bin: 50 };

describe('fill-level resolution', () => {
  it('is raw for a day, hourly for a week or a month, daily beyond', () => {
    expect(fillResolution(FILL_PERIOD_MS['24h'])).toBe('raw');
    expect(fillResolution(2 * 86_400_000)).toBe('raw');
    expect(fillResolution(2 * 86_400_000 + 1)).toBe('hour');
    expect(fillResolution(FILL_PERIOD_MS['7d'])).toBe('hour');
    expect(fillResolution(FILL_PERIOD_MS['30d'])).toBe('hour');
    expect(fillResolution(31 * 86_400_000)).toBe('hour');
    expect(fillResolution(FILL_PERIOD_MS['90d'])).toBe('day');
  });
});

describe('readings to pieces', () => {
  it('weighs: (grams − tare) / piece weight, kilograms too', () => {
    expect(readingToPieces(1500, scale, 'g', null)).toBe(100);
    expect(readingToPieces(1.5, scale, 'kg', 200)).toBe(100);
    expect(readingToPieces(256.25, scale, 'g', null)).toBe(0.5);
  });

  it('measures a distance against the empty and the full bin: the full bin holds the capacity', () => {
    expect(readingToPieces(400, distance, 'mm', 60)).toBe(0);
    expect(readingToPieces(100, distance, 'mm', 60)).toBe(60);
    expect(readingToPieces(25, distance, 'cm', 60)).toBe(30);
    // without a capacity a distance says no number of pieces
    expect(readingToPieces(250, distance, 'mm', 0)).toBeNull();
    expect(readingToPieces(250, distance, 'mm', null)).toBeNull();
  });

  it('counts bins × pieces per bin', () => {
    expect(readingToPieces(3, barrier, 'count', null)).toBe(150);
  });

  it('never goes below an empty bin (a reading under the tare is a fault, not a level)', () => {
    expect(readingToPieces(100, scale, 'g', null)).toBe(0);
    expect(readingToPieces(450, distance, 'mm', 60)).toBe(0);
  });

  it('needs a calibration of the measured kind that fits the unit', () => {
    expect(canConvert(none, 'g', 10)).toBe(false);
    expect(canConvert(scale, 'mm', 10)).toBe(false);
    expect(canConvert({ ...scale, piece_weight: null }, 'g', 10)).toBe(false);
    expect(canConvert({ ...distance, full_distance: 500 }, 'mm', 10)).toBe(false);
    expect(canConvert(barrier, 'g', 10)).toBe(false);
    expect(readingToPieces(1500, none, 'g', 10)).toBeNull();
  });

  it('turns an aggregate into pieces; a distance swaps min and max (the shortest distance is the fullest bin)', () => {
    const point = { at: '2026-11-27T10:00:00.000Z', count: 4, min: 100, max: 400, avg: 250, last: 300 };
    expect(pointToPieces(point, distance, 'mm', 60)).toEqual({ at: point.at, count: 4, min: 0, max: 60, avg: 30, last: 20 });
    expect(pointToPieces({ ...point, min: 250, max: 1500, avg: 1000, last: 1250 }, scale, 'g', null)).toEqual({ at: point.at, count: 4, min: 0, max: 100, avg: 60, last: 80 });
    expect(pointToPieces(point, none, 'mm', 60)).toBeNull();
  });
});
