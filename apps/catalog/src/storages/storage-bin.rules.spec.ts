import { AppError, ErrorCode } from '@kanban/access';
import { binNumber, binPlace, binsInLayoutOrder } from '@kanban/contracts';
import { StorageBin } from './storage-bin.entity';
import { applyBinInput, assertCell, binFields, binsOutside, gridBins, normalizeBinInput } from './storage-bin.rules';

function fieldOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.Validation);
    return (error as AppError).field;
  }
  throw new Error('expected a validation error');
}

describe('bin layout order', () => {
  it('numbers along rows for right and left, along columns for down and up', () => {
    expect(binsInLayoutOrder('right', 2, 3)).toEqual([
      { row: 1, column: 1 },
      { row: 1, column: 2 },
      { row: 1, column: 3 },
      { row: 2, column: 1 },
      { row: 2, column: 2 },
      { row: 2, column: 3 },
    ]);
    expect(binsInLayoutOrder('down', 2, 3).map((c) => `${c.row}/${c.column}`)).toEqual(['1/1', '2/1', '1/2', '2/2', '1/3', '2/3']);
    expect([binNumber('right', 2, 3, 2, 1), binNumber('left', 2, 3, 1, 3), binNumber('down', 2, 3, 2, 2), binNumber('up', 2, 3, 1, 3)]).toEqual([4, 3, 4, 5]);
  });

  it('draws bin 1 top left (right, down), top right (left) or bottom left (up)', () => {
    expect(binPlace('right', 2, 3, 1, 1)).toEqual({ gridRow: 1, gridColumn: 1 });
    expect(binPlace('down', 2, 3, 1, 1)).toEqual({ gridRow: 1, gridColumn: 1 });
    expect(binPlace('left', 2, 3, 1, 1)).toEqual({ gridRow: 1, gridColumn: 3 });
    expect(binPlace('up', 2, 3, 1, 1)).toEqual({ gridRow: 2, gridColumn: 1 });
    expect(binPlace('up', 2, 3, 2, 3)).toEqual({ gridRow: 1, gridColumn: 3 });
  });
});

describe('gridBins', () => {
  it('answers every cell in layout order with number and label; stored bins fill their cell', () => {
    const bin = Object.assign(new StorageBin(), { id: 9, storageId: 1, row: 2, column: 1, kanbanRuleId: 44, updatedAt: new Date('2026-11-27T08:00:00Z') });
    const cells = gridBins({ layout: 'left', rows: 2, columns: 2, prefix: 'B', format: '{prefix}{row}/{column}' }, [bin]);
    expect(cells.map((c) => [c.number, c.label, c.kanban_rule_id])).toEqual([
      [1, 'B1/1', null],
      [2, 'B1/2', null],
      [3, 'B2/1', 44],
      [4, 'B2/2', null],
    ]);
    expect(cells[2]).toMatchObject({ sensor_id: null, measured: null, updated_at: '2026-11-27T08:00:00.000Z' });
    expect(gridBins({ layout: 'right', rows: 1, columns: 1, prefix: 'R', format: '' }, [bin]).map((c) => c.label)).toEqual(['R1-1']);
  });

  it('finds the bins a smaller grid would cut off', () => {
    const bins = [
      { row: 1, column: 1 },
      { row: 3, column: 1 },
      { row: 1, column: 4 },
    ];
    expect(binsOutside(bins, 3, 3)).toEqual([{ row: 1, column: 4 }]);
    expect(binsOutside(bins, 2, 4)).toEqual([{ row: 3, column: 1 }]);
    expect(binsOutside(bins, 3, 4)).toEqual([]);
  });
});

describe('normalizeBinInput', () => {
  it('takes ids or none (0, null, left out) and drops the calibration without a sensor', () => {
    expect(normalizeBinInput({ kanban_rule_id: 5, sensor_id: 0, measured: 'count', pieces_per_bin: 3 })).toMatchObject({
      kanban_rule_id: 5,
      sensor_id: null,
      measured: null,
      pieces_per_bin: null,
    });
    expect(normalizeBinInput({})).toMatchObject({ kanban_rule_id: null, sensor_id: null });
    expect(fieldOf(() => normalizeBinInput({ kanban_rule_id: -1 }))).toBe('kanban_rule_id');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 1.5 }))).toBe('sensor_id');
  });

  it('needs what the sensor measures and what should be measured with a sensor (spec 5)', () => {
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3 }))).toBe('measured');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'weight_g' }))).toBe('wanted');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'volume' as never, wanted: 'pieces' }))).toBe('measured');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'count', wanted: 'kilos' as never }))).toBe('wanted');
  });

  it('keeps the calibration of the measured kind only, checked', () => {
    const weight = normalizeBinInput({ sensor_id: 3, measured: 'weight_g', wanted: 'pieces', tare: 120.12345, piece_weight: 2.5, empty_distance: 400, pieces_per_bin: 7 });
    expect(weight).toMatchObject({ tare: 120.123, piece_weight: 2.5, empty_distance: null, pieces_per_bin: null });
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'weight_g', wanted: 'pieces', piece_weight: 0 }))).toBe('piece_weight');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'weight_g', wanted: 'pieces', tare: -1 }))).toBe('tare');
    const distance = normalizeBinInput({ sensor_id: 3, measured: 'distance_mm', wanted: 'pieces', empty_distance: 400, full_distance: 50 });
    expect(distance).toMatchObject({ empty_distance: 400, full_distance: 50, tare: null });
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'distance_mm', wanted: 'pieces', empty_distance: 50, full_distance: 400 }))).toBe('full_distance');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'count', wanted: 'pieces', pieces_per_bin: 0 }))).toBe('pieces_per_bin');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'count', wanted: 'pieces', plausibility_min: 5, plausibility_max: 1 }))).toBe('plausibility_max');
    expect(normalizeBinInput({ sensor_id: 3, measured: 'count', wanted: 'pieces', plausibility_min: -5, plausibility_max: 5 })).toMatchObject({ plausibility_min: -5 });
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'count', wanted: 'pieces', dead_time_seconds: 86_401 }))).toBe('dead_time_seconds');
    expect(fieldOf(() => normalizeBinInput({ sensor_id: 3, measured: 'count', wanted: 'pieces', dead_time_seconds: 1.5 }))).toBe('dead_time_seconds');
    expect(normalizeBinInput({ sensor_id: 3, measured: 'count', wanted: 'pieces', dead_time_seconds: 30 }).dead_time_seconds).toBe(30);
  });

  it('keeps a noise band of 0 to 100,000 pieces (three decimals) with a sensor; null is the type’s default', () => {
    const base = { sensor_id: 3, measured: 'weight_g', wanted: 'pieces' } as const;
    expect(normalizeBinInput({ ...base, noise_band: 2.51234 }).noise_band).toBe(2.512);
    expect(normalizeBinInput({ ...base, noise_band: 0 }).noise_band).toBe(0);
    expect(normalizeBinInput({ ...base, noise_band: 100_000 }).noise_band).toBe(100_000);
    expect(normalizeBinInput({ ...base, noise_band: null }).noise_band).toBeNull();
    expect(normalizeBinInput(base).noise_band).toBeNull();
    expect(fieldOf(() => normalizeBinInput({ ...base, noise_band: -0.5 }))).toBe('noise_band');
    expect(fieldOf(() => normalizeBinInput({ ...base, noise_band: 100_000.5 }))).toBe('noise_band');
    expect(fieldOf(() => normalizeBinInput({ ...base, noise_band: '3' as never }))).toBe('noise_band');
    expect(fieldOf(() => normalizeBinInput({ ...base, noise_band: Number.NaN }))).toBe('noise_band');
    // without a sensor nothing of the calibration is kept
    expect(normalizeBinInput({ kanban_rule_id: 4, noise_band: 3 }).noise_band).toBeNull();
  });

  it('writes the input onto a bin and reads it back as the API names it', () => {
    const bin = Object.assign(new StorageBin(), { id: 1, storageId: 1, row: 1, column: 1 });
    applyBinInput(bin, normalizeBinInput({ kanban_rule_id: 8, sensor_id: 2, measured: 'weight_g', wanted: 'pieces', tare: 1, piece_weight: 0.5, noise_band: 3 }));
    expect(binFields(bin)).toMatchObject({ kanban_rule_id: 8, sensor_id: 2, measured: 'weight_g', wanted: 'pieces', tare: 1, piece_weight: 0.5, full_distance: null, noise_band: 3 });
  });
});

describe('assertCell', () => {
  it('accepts the cells of the grid only', () => {
    expect(() => assertCell({ rows: 2, columns: 3 }, 2, 3)).not.toThrow();
    expect(fieldOf(() => assertCell({ rows: 2, columns: 3 }, 3, 1))).toBe('row');
    expect(fieldOf(() => assertCell({ rows: 2, columns: 3 }, 1, 4))).toBe('column');
  });
});
