import { calibrationComplete } from '@kanban/contracts';
import { type BinCalibrationFacts, binLevel, journalFault } from './bin-readings.rules';

const none: BinCalibrationFacts = {
  measured: null,
  tare: null,
  piece_weight: null,
  empty_distance: null,
  full_distance: null,
  pieces_per_bin: null,
  plausibility_min: null,
  plausibility_max: null,
};
const scale: BinCalibrationFacts = { ...none, measured: 'weight_g', tare: 100, piece_weight: 10 };
const distance: BinCalibrationFacts = { ...none, measured: 'distance_mm', empty_distance: 500, full_distance: 100 };
const beam: BinCalibrationFacts = { ...none, measured: 'count', pieces_per_bin: 5 };
const reading = (value: number, unit: 'g' | 'kg' | 'mm' | 'cm' | 'count' = 'g', min_value = value) => ({ unit, value, min_value });

describe('bin readings: calibration', () => {
  it('turns a weight into pieces: (grams − tare) / piece weight, kilograms converted to grams', () => {
    expect(binLevel(scale, reading(250))).toEqual({ pieces: 15, fill: null, fault: null, fault_value: null });
    expect(binLevel(scale, reading(0.2504, 'kg'))?.pieces).toBeCloseTo(15.04, 6);
    // the empty bin is no fault
    expect(binLevel(scale, reading(100))?.pieces).toBe(0);
  });

  it('turns a distance into a fill level (the orders service multiplies it by the rule’s capacity), centimetres converted', () => {
    expect(binLevel(distance, reading(300, 'mm'))).toEqual({ pieces: null, fill: 0.5, fault: null, fault_value: null });
    expect(binLevel(distance, reading(10, 'cm'))?.fill).toBe(1);
    expect(binLevel(distance, reading(500, 'mm'))?.fill).toBe(0);
    // closer than "full": fuller than full, as measured
    expect(binLevel(distance, reading(60, 'mm'))?.fill).toBe(1.1);
  });

  it('turns counted bins into pieces', () => {
    expect(binLevel(beam, reading(3, 'count'))).toEqual({ pieces: 15, fill: null, fault: null, fault_value: null });
  });

  it('says nothing without a calibration that fits the sensor', () => {
    expect(binLevel(none, reading(1))).toBeNull();
    expect(binLevel({ ...scale, piece_weight: null }, reading(250))).toBeNull();
    expect(binLevel(scale, reading(250, 'mm'))).toBeNull();
    expect(calibrationComplete({ ...distance, full_distance: 600 }, 'mm')).toBe(false);
    expect(calibrationComplete(beam, 'count')).toBe(true);
  });
});

describe('bin readings: faults', () => {
  it('a reading below the empty bin is negative: no level', () => {
    expect(binLevel(scale, reading(40))).toEqual({ pieces: null, fill: null, fault: 'negative', fault_value: 40 });
    expect(binLevel(distance, reading(520, 'mm'))).toMatchObject({ fill: null, fault: 'negative', fault_value: 520 });
    expect(binLevel(beam, reading(-1, 'count'))).toMatchObject({ pieces: null, fault: 'negative' });
  });

  it('an earlier negative reading of the batch is reported while the newest one gives the level', () => {
    expect(binLevel(scale, reading(250, 'g', 90))).toEqual({ pieces: 15, fill: null, fault: 'negative', fault_value: 90 });
  });

  it('a reading outside the plausibility bounds (in the calibration’s unit) is implausible: no level', () => {
    const bounded = { ...scale, plausibility_min: 50, plausibility_max: 5000 };
    expect(binLevel(bounded, reading(6000))).toEqual({ pieces: null, fill: null, fault: 'implausible', fault_value: 6000 });
    expect(binLevel(bounded, reading(6, 'kg'))).toMatchObject({ fault: 'implausible', fault_value: 6 });
    expect(binLevel(bounded, reading(20))).toMatchObject({ fault: 'implausible' });
    expect(binLevel(bounded, reading(5000))).toMatchObject({ pieces: 490, fault: null });
  });

  it('journals a fault only when it is new for the bin', () => {
    expect(journalFault('negative', null)).toBe(true);
    expect(journalFault('negative', 'negative')).toBe(false);
    expect(journalFault('negative', 'implausible')).toBe(true);
    expect(journalFault(null, 'negative')).toBe(false);
  });
});
