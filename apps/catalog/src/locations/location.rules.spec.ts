import { AppError, ErrorCode } from '@kanban/access';
import { Location } from './location.entity';
import { toLocationDto } from './location.mapper';
import {
  applyLocationInput,
  fullSchedule,
  locationSortProperty,
  normalizeDeliveryInput,
  normalizeLocationInput,
  normalizeSchedule,
  slotsOn,
} from './location.rules';

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

describe('normalizeLocationInput', () => {
  it('requires a non-empty name on create and trims texts', () => {
    expect(fieldOf(() => normalizeLocationInput({}, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeLocationInput({ name: ' ' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeLocationInput({ name: 'x'.repeat(201) }, 'create'))).toBe('name');
    expect(normalizeLocationInput({ name: ' Halle 1 ', room: ' 12 ' }, 'create')).toEqual({ name: 'Halle 1', room: '12' });
    expect(normalizeLocationInput({ city: 'Linz' }, 'update')).toEqual({ city: 'Linz' });
  });

  it('checks country, coordinates, sort, fee and take_picture', () => {
    expect(fieldOf(() => normalizeLocationInput({ country_iso: 'US' }, 'update'))).toBe('country_iso');
    expect(fieldOf(() => normalizeLocationInput({ geo_lat: 90.1 }, 'update'))).toBe('geo_lat');
    expect(fieldOf(() => normalizeLocationInput({ geo_long: Number.NaN }, 'update'))).toBe('geo_long');
    expect(fieldOf(() => normalizeLocationInput({ sort: 0.5 }, 'update'))).toBe('sort');
    expect(fieldOf(() => normalizeLocationInput({ service_fee_quantity: -0.01 }, 'update'))).toBe('service_fee_quantity');
    expect(fieldOf(() => normalizeLocationInput({ take_picture: 3 as never }, 'update'))).toBe('take_picture');
    expect(fieldOf(() => normalizeLocationInput({ adhoc: 1 as never }, 'update'))).toBe('adhoc');
    expect(normalizeLocationInput({ geo_lat: -90, geo_long: null, sort: -3, service_fee_quantity: 1.005, take_picture: 2 }, 'update')).toEqual({
      geo_lat: -90,
      geo_long: null,
      sort: -3,
      service_fee_quantity: 1,
      take_picture: 2,
    });
  });

  it('treats a service item of 0 as not set: omitted on create, cleared on update', () => {
    expect(normalizeLocationInput({ name: 'a', service_fee_item_id: 0 }, 'create')).not.toHaveProperty('service_fee_item_id');
    expect(normalizeLocationInput({ service_fee_item_id: 0 }, 'update').service_fee_item_id).toBeNull();
    expect(normalizeLocationInput({ service_fee_item_id: 9 }, 'update').service_fee_item_id).toBe(9);
    expect(fieldOf(() => normalizeLocationInput({ service_fee_item_id: -1 }, 'update'))).toBe('service_fee_item_id');
  });
});

describe('schedule and delivery days', () => {
  it('answers every row with known slots, sorted, once', () => {
    const schedule = normalizeSchedule({ monday: ['24:00', '06:00', '06:00'], business_days: ['12:00'] });
    expect(schedule.monday).toEqual(['06:00', '24:00']);
    expect(schedule.business_days).toEqual(['12:00']);
    expect(schedule.sunday).toEqual([]);
    expect(Object.keys(schedule)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'business_days']);
  });

  it('refuses unknown rows, slots and shapes naming the row', () => {
    expect(fieldOf(() => normalizeSchedule({ monday: ['07:00'] }))).toBe('schedule.monday');
    expect(fieldOf(() => normalizeSchedule({ holiday: [] }))).toBe('schedule.holiday');
    expect(fieldOf(() => normalizeSchedule({ friday: '06:00' }))).toBe('schedule.friday');
    expect(fieldOf(() => normalizeSchedule([]))).toBe('schedule');
    expect(fieldOf(() => normalizeSchedule(null))).toBe('schedule');
  });

  it('orders delivery days Monday first and refuses unknown days', () => {
    expect(normalizeDeliveryInput({ delivery_days: ['sunday', 'monday', 'monday'] })).toEqual({ delivery_days: ['monday', 'sunday'] });
    expect(fieldOf(() => normalizeDeliveryInput({ delivery_days: ['mon'] as never }))).toBe('delivery_days');
    expect(fieldOf(() => normalizeDeliveryInput({ delivery_days: 'monday' as never }))).toBe('delivery_days');
  });

  it('adds the business-day slots Monday to Friday only', () => {
    const schedule = { business_days: ['06:00', '14:00'], monday: ['10:00', '14:00'], saturday: ['08:00'] } as const;
    expect(slotsOn(schedule as never, 'monday')).toEqual(['06:00', '10:00', '14:00']);
    expect(slotsOn(schedule as never, 'friday')).toEqual(['06:00', '14:00']);
    expect(slotsOn(schedule as never, 'saturday')).toEqual(['08:00']);
    expect(slotsOn(schedule as never, 'sunday')).toEqual([]);
  });

  it('fills rows missing in stored data', () => {
    expect(fullSchedule({ monday: ['06:00'] }).tuesday).toEqual([]);
    expect(fullSchedule(null).business_days).toEqual([]);
  });
});

describe('applyLocationInput and the mapper', () => {
  it('stores an empty number as null and maps every field back', () => {
    const location = new Location();
    location.id = 1;
    location.customerId = 2;
    applyLocationInput(location, { name: 'a', nr: '', extended_name: 'b', r3_plant: 'R3', schedule: { sunday: ['24:00'] }, delivery_days: ['friday'] });
    expect(location.nr).toBeNull();
    const dto = toLocationDto(location);
    expect(dto).toMatchObject({ id: 1, customer_id: 2, name: 'a', nr: '', extended_name: 'b', r3_plant: 'R3', delivery_days: ['friday'], inactive_at: null });
    expect(dto.schedule.sunday).toEqual(['24:00']);
    expect(dto.schedule.monday).toEqual([]);
  });

  it('sorts by the allowed columns, else by name', () => {
    expect(locationSortProperty('sort')).toBe('sort');
    expect(locationSortProperty('created_at')).toBe('createdAt');
    expect(locationSortProperty('inactive_at')).toBe('name');
  });
});
