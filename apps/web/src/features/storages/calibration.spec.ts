import { calibrate, calibrationSteps } from './calibration';

describe('calibrate now', () => {
  it('offers empty and pieces for weight, empty and full for distance, nothing for counts', () => {
    expect(calibrationSteps('weight_g')).toEqual(['empty', 'pieces']);
    expect(calibrationSteps('distance_mm')).toEqual(['empty', 'full']);
    expect(calibrationSteps('count')).toEqual([]);
    expect(calibrationSteps('')).toEqual([]);
  });

  it('weight: the empty reading is the tare, in grams also from kilograms', () => {
    expect(calibrate('weight_g', 'empty', { value: 250.4, unit: 'g' }, { tare: null, emptyDistance: null })).toEqual({ ok: true, field: 'tare', value: 250.4 });
    expect(calibrate('weight_g', 'empty', { value: 0.2504, unit: 'kg' }, { tare: null, emptyDistance: null })).toEqual({ ok: true, field: 'tare', value: 250.4 });
  });

  it('weight: the piece weight is what N pieces added over the tare, per piece', () => {
    expect(calibrate('weight_g', 'pieces', { value: 1250, unit: 'g' }, { tare: 250, emptyDistance: null, pieces: 10 })).toEqual({ ok: true, field: 'piece_weight', value: 100 });
    expect(calibrate('weight_g', 'pieces', { value: 1.0003, unit: 'kg' }, { tare: 0, emptyDistance: null, pieces: 3 })).toEqual({ ok: true, field: 'piece_weight', value: 333.433 });
  });

  it('weight: refuses a missing tare, a bad count and a bin no heavier than empty', () => {
    expect(calibrate('weight_g', 'pieces', { value: 900, unit: 'g' }, { tare: null, emptyDistance: null, pieces: 10 })).toEqual({ ok: false, reason: 'noTare' });
    for (const pieces of [0, -2, 1.5, null]) {
      expect(calibrate('weight_g', 'pieces', { value: 900, unit: 'g' }, { tare: 250, emptyDistance: null, pieces })).toEqual({ ok: false, reason: 'pieces' });
    }
    expect(calibrate('weight_g', 'pieces', { value: 250, unit: 'g' }, { tare: 250, emptyDistance: null, pieces: 5 })).toEqual({ ok: false, reason: 'notHeavier' });
  });

  it('distance: empty, then a full distance closer than empty, in millimetres also from centimetres', () => {
    expect(calibrate('distance_mm', 'empty', { value: 42, unit: 'cm' }, { tare: null, emptyDistance: null })).toEqual({ ok: true, field: 'empty_distance', value: 420 });
    expect(calibrate('distance_mm', 'full', { value: 80, unit: 'mm' }, { tare: null, emptyDistance: 420 })).toEqual({ ok: true, field: 'full_distance', value: 80 });
    expect(calibrate('distance_mm', 'full', { value: 420, unit: 'mm' }, { tare: null, emptyDistance: 420 })).toEqual({ ok: false, reason: 'notCloser' });
    expect(calibrate('distance_mm', 'full', { value: 80, unit: 'mm' }, { tare: null, emptyDistance: null })).toEqual({ ok: false, reason: 'noEmpty' });
  });

  it('refuses a sensor that never reported and a negative reading', () => {
    expect(calibrate('weight_g', 'empty', { value: null, unit: 'g' }, { tare: null, emptyDistance: null })).toEqual({ ok: false, reason: 'noReading' });
    expect(calibrate('distance_mm', 'empty', { value: -3, unit: 'mm' }, { tare: null, emptyDistance: null })).toEqual({ ok: false, reason: 'negative' });
  });
});
