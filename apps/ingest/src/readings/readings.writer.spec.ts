import type { ResolvedReading } from '@kanban/contracts';
import { toColumns } from './reading-columns';
import { permanentStoreError, storeFailed } from './readings.writer';

const reading = (company_id: number, sensor_id: number): ResolvedReading => ({
  company_id,
  sensor_id,
  read_at: '2026-11-27T10:00:00.000Z',
  value: 1,
  raw_value: 1,
  battery: null,
  signal: null,
  source: 'http',
});

describe('readings writer: failed batches (journal 2006)', () => {
  it('reports errors of the data, not of the connection', () => {
    expect(permanentStoreError(Object.assign(new Error('numeric field overflow'), { code: '22003' }))).toBe(true);
    expect(permanentStoreError(Object.assign(new Error('no partition of relation "reading" found for row'), { code: '23514' }))).toBe(true);
    expect(permanentStoreError(Object.assign(new Error('relation does not exist'), { code: '42P01' }))).toBe(true);
    expect(permanentStoreError(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(permanentStoreError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(false);
    expect(permanentStoreError(Object.assign(new Error('too many clients'), { code: '53300' }))).toBe(false);
    expect(permanentStoreError(new Error('timeout'))).toBe(false);
    expect(permanentStoreError(null)).toBe(false);
  });

  it('names per company the readings, their sensors and the error', () => {
    const error = Object.assign(new Error('numeric field overflow'), { code: '22003' });
    const readings = [reading(1, 7), reading(2, 9), reading(1, 3), reading(1, 7)];
    expect(storeFailed(toColumns(readings), error)).toEqual([
      { company_id: 1, readings: 3, sensor_ids: [3, 7], error_code: '22003', error: 'numeric field overflow' },
      { company_id: 2, readings: 1, sensor_ids: [9], error_code: '22003', error: 'numeric field overflow' },
    ]);
    const many = Array.from({ length: 30 }, (_, i) => reading(1, i + 1));
    expect(storeFailed(toColumns(many), error)[0]!.sensor_ids).toHaveLength(20);
  });
});
