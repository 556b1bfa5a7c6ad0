import type { ResolvedReading } from '@kanban/contracts';
import { arrayLiterals, concatColumns, decodeColumns, encodeColumns, fromColumns, timeRange, toColumns } from './reading-columns';

const reading = (sensor_id: number, read_at: string, extra: Partial<ResolvedReading> = {}): ResolvedReading => ({
  company_id: 7,
  sensor_id,
  read_at,
  value: 12.5,
  raw_value: 0.0125,
  battery: null,
  signal: null,
  source: 'mqtt',
  ...extra,
});

describe('reading columns (the work stream message)', () => {
  const readings = [reading(1, '2026-11-27T10:00:00.123Z', { battery: 80, signal: -70.5 }), reading(2, '2026-11-27T09:59:59.999Z')];

  it('round-trips readings through a message, times to the millisecond', () => {
    const columns = decodeColumns(encodeColumns(toColumns(readings)));
    expect(columns.read_at).toEqual([Date.parse('2026-11-27T10:00:00.123Z'), Date.parse('2026-11-27T09:59:59.999Z')]);
    expect(fromColumns(columns)).toEqual(readings);
    expect(timeRange(columns)).toEqual({ min: Date.parse('2026-11-27T09:59:59.999Z'), max: Date.parse('2026-11-27T10:00:00.123Z') });
    expect(timeRange(toColumns([]))).toBeNull();
  });

  it('reads the messages receivers wrote before the columns ({readings: [...]})', () => {
    const old = Buffer.from(JSON.stringify({ readings }));
    expect(fromColumns(decodeColumns(old))).toEqual(readings);
  });

  it('refuses a message that is not a batch (the writer drops it)', () => {
    expect(() => decodeColumns(Buffer.from('{"v":2,"sensor_id":[1],"company_id":[]}'))).toThrow(/column company_id/);
    const columns = toColumns(readings);
    expect(() => decodeColumns(encodeColumns({ ...columns, source: ['mqtt', 'x,y' as 'mqtt'] }))).toThrow(/unknown source/);
    expect(() => decodeColumns(Buffer.from('not json'))).toThrow();
  });

  it('joins batches and writes PostgreSQL array literals (null as NULL)', () => {
    const both = concatColumns([toColumns(readings.slice(0, 1)), toColumns(readings.slice(1))]);
    expect(fromColumns(both)).toEqual(readings);
    expect(arrayLiterals(both)).toEqual([
      '{7,7}',
      '{1,2}',
      `{${Date.parse('2026-11-27T10:00:00.123Z')},${Date.parse('2026-11-27T09:59:59.999Z')}}`,
      '{12.5,12.5}',
      '{0.0125,0.0125}',
      '{80,NULL}',
      '{-70.5,NULL}',
      '{mqtt,mqtt}',
    ]);
  });
});
