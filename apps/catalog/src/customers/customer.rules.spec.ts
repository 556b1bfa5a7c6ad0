import { AppError, ErrorCode } from '@kanban/access';
import { Customer } from './customer.entity';
import { containsPattern, pageOf } from '../shared/list-query';
import { applyCustomerInput, customerSortProperty, normalizeCustomerInput } from './customer.rules';

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

describe('normalizeCustomerInput', () => {
  it('requires a non-empty name on create, at most 200 characters', () => {
    expect(fieldOf(() => normalizeCustomerInput({}, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeCustomerInput({ name: '   ' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeCustomerInput({ name: 'x'.repeat(201) }, 'create'))).toBe('name');
    expect(normalizeCustomerInput({ name: '  Huber GmbH ' }, 'create')).toEqual({ name: 'Huber GmbH' });
  });

  it('lets an update leave the name out but not empty it', () => {
    expect(normalizeCustomerInput({ city: 'Linz' }, 'update')).toEqual({ city: 'Linz' });
    expect(fieldOf(() => normalizeCustomerInput({ name: '' }, 'update'))).toBe('name');
  });

  it('accepts the listed countries or empty', () => {
    expect(normalizeCustomerInput({ name: 'a', country_iso: 'AT' }, 'create').country_iso).toBe('AT');
    expect(normalizeCustomerInput({ name: 'a', country_iso: '' }, 'create').country_iso).toBe('');
    expect(fieldOf(() => normalizeCustomerInput({ name: 'a', country_iso: 'US' }, 'create'))).toBe('country_iso');
  });

  it('treats an item id of 0 as not set: omitted on create, cleared on update', () => {
    const created = normalizeCustomerInput({ name: 'a', service_fee_item_id: 0, time_tracking_item_id: 7 }, 'create');
    expect(created).not.toHaveProperty('service_fee_item_id');
    expect(created.time_tracking_item_id).toBe(7);
    expect(normalizeCustomerInput({ service_fee_item_id: 0 }, 'update').service_fee_item_id).toBeNull();
    expect(normalizeCustomerInput({ service_fee_item_id: null }, 'update').service_fee_item_id).toBeNull();
    expect(fieldOf(() => normalizeCustomerInput({ service_fee_item_id: -1 }, 'update'))).toBe('service_fee_item_id');
  });

  it('checks backorder type, restock days and booleans', () => {
    expect(fieldOf(() => normalizeCustomerInput({ backorder_type: 'weekly' as never }, 'update'))).toBe('backorder_type');
    expect(fieldOf(() => normalizeCustomerInput({ automatic_restock_days: -1 }, 'update'))).toBe('automatic_restock_days');
    expect(fieldOf(() => normalizeCustomerInput({ automatic_restock_days: 1.5 }, 'update'))).toBe('automatic_restock_days');
    expect(fieldOf(() => normalizeCustomerInput({ inactive: 'yes' as never }, 'update'))).toBe('inactive');
    expect(normalizeCustomerInput({ backorder_type: 'scanner', automatic_restock_days: 0, use_backorder: true }, 'update')).toEqual({
      backorder_type: 'scanner',
      automatic_restock_days: 0,
      use_backorder: true,
    });
  });
});

describe('applyCustomerInput', () => {
  it('stores an empty number as null (unique only when set)', () => {
    const customer = new Customer();
    applyCustomerInput(customer, { name: 'a', nr: '' });
    expect(customer.nr).toBeNull();
    applyCustomerInput(customer, { nr: 'K-1', country_iso: 'DE', vat_id: 'DE1' });
    expect(customer).toMatchObject({ nr: 'K-1', countryIso: 'DE', vatId: 'DE1' });
  });
});

describe('list helpers', () => {
  it('sorts by the allowed columns, else by name', () => {
    expect(customerSortProperty('city')).toBe('city');
    expect(customerSortProperty('created_at')).toBe('createdAt');
    expect(customerSortProperty('password')).toBe('name');
    expect(customerSortProperty(undefined)).toBe('name');
  });

  it('takes LIKE wildcards in q literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('pages from 1 with 1..200 rows per page', () => {
    expect(pageOf({})).toEqual({ page: 1, perPage: 50 });
    expect(pageOf({ page: 0, per_page: 500 })).toEqual({ page: 1, perPage: 200 });
    expect(pageOf({ page: 3, per_page: 10 })).toEqual({ page: 3, perPage: 10 });
  });
});
