import { AppError, ErrorCode } from '@kanban/access';
import { Storage } from './storage.entity';
import { toStorageDto } from './storage.mapper';
import { applyStorageInput, binLabel, normalizeStorageInput, storageSortProperty } from './storage.rules';

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

describe('normalizeStorageInput', () => {
  it('requires a non-empty name on create, not on update, and trims texts as given', () => {
    expect(fieldOf(() => normalizeStorageInput({}, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeStorageInput({ name: '  ' }, 'update'))).toBe('name');
    expect(normalizeStorageInput({ rows: 2 }, 'update')).toEqual({ rows: 2 });
    expect(normalizeStorageInput({ name: ' Regal "Süd"; 📦 ', prefix: ' A- ' }, 'create')).toEqual({ name: 'Regal "Süd"; 📦', prefix: 'A-' });
  });

  it('keeps rows and columns within 1..50 and the layout to the four directions', () => {
    for (const rows of [0, 51, 1.5, '3', null]) expect(fieldOf(() => normalizeStorageInput({ name: 'R', rows } as never, 'create'))).toBe('rows');
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', columns: -1 }, 'create'))).toBe('columns');
    expect(normalizeStorageInput({ name: 'R', rows: 1, columns: 50 }, 'create')).toMatchObject({ rows: 1, columns: 50 });
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', layout: 'diagonal' } as never, 'create'))).toBe('layout');
    for (const layout of ['left', 'right', 'up', 'down'] as const) expect(normalizeStorageInput({ name: 'R', layout }, 'create').layout).toBe(layout);
  });

  it('checks amounts, the interval, the format and the ids', () => {
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', tare: -0.1 }, 'create'))).toBe('tare');
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', min_value: Number.NaN }, 'create'))).toBe('min_value');
    expect(normalizeStorageInput({ name: 'R', tare: 12.34567 }, 'create').tare).toBe(12.346);
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', interval: 10_081 }, 'create'))).toBe('interval');
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', format: '{row}-{shelf}' }, 'create'))).toBe('format');
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', format: '{row' }, 'create'))).toBe('format');
    expect(normalizeStorageInput({ name: 'R', format: '{prefix}{row}.{column}' }, 'create').format).toBe('{prefix}{row}.{column}');
    expect(normalizeStorageInput({ name: 'R', storage_type_id: 0, sensor_id: null }, 'create')).toMatchObject({ storage_type_id: null, sensor_id: null });
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', storage_type_id: -2 }, 'create'))).toBe('storage_type_id');
    expect(fieldOf(() => normalizeStorageInput({ name: 'R', stocked_or_ordered: 'yes' } as never, 'create'))).toBe('stocked_or_ordered');
  });

  it("takes the reading schedule in the location's structure: every row, slots sorted, unknown days or slots 1000", () => {
    const { schedule } = normalizeStorageInput({ schedule: { monday: ['14:00', '06:00'], business_days: ['10:00'] } }, 'update');
    expect(schedule).toMatchObject({ monday: ['06:00', '14:00'], business_days: ['10:00'], sunday: [] });
    expect(fieldOf(() => normalizeStorageInput({ schedule: { monday: ['07:00'] } } as never, 'update'))).toBe('schedule.monday');
    expect(fieldOf(() => normalizeStorageInput({ schedule: { someday: [] } } as never, 'update'))).toBe('schedule.someday');
    const storage = Object.assign(new Storage(), { id: 1, companyId: 1, customerId: 2, locationId: 3, name: 'R' });
    expect(toStorageDto(storage).schedule.friday).toEqual([]);
    applyStorageInput(storage, { schedule });
    expect(toStorageDto(storage).schedule.monday).toEqual(['06:00', '14:00']);
  });
});

describe('applyStorageInput, toStorageDto, binLabel, storageSortProperty', () => {
  it('writes the input onto the rack and answers it as sent', () => {
    const storage = Object.assign(new Storage(), { id: 7, companyId: 1, customerId: 2, locationId: 3, name: 'R' });
    applyStorageInput(storage, normalizeStorageInput({ rows: 4, columns: 6, layout: 'down', tare: 1.5, unit: 'G', stocked_or_ordered: false }, 'update'));
    expect(toStorageDto(storage)).toMatchObject({ id: 7, location_id: 3, rows: 4, columns: 6, layout: 'down', tare: 1.5, unit: 'G', stocked_or_ordered: false, sensor_id: null });
  });

  it('labels bins by the format, or prefix-row-column by default', () => {
    expect(binLabel({ prefix: 'A-', format: '' }, 2, 3)).toBe('A-2-3');
    expect(binLabel({ prefix: 'R', format: '{prefix}{row}.{column}' }, 1, 10)).toBe('R1.10');
  });

  it('sorts by the known columns, else by name', () => {
    expect(storageSortProperty('rows')).toBe('rows');
    expect(storageSortProperty('created_at')).toBe('createdAt');
    expect(storageSortProperty('nope')).toBe('name');
  });
});
