import { AppError, ErrorCode } from '@kanban/access';
import { Supplier } from './supplier.entity';
import { applySupplierInput, normalizeSupplierInput, supplierSortProperty } from './supplier.rules';

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

describe('normalizeSupplierInput', () => {
  it('requires a non-empty name on create and trims texts', () => {
    expect(fieldOf(() => normalizeSupplierInput({}, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeSupplierInput({ name: ' ' }, 'update'))).toBe('name');
    expect(normalizeSupplierInput({ name: ' Normteile AG ', ext_nr: ' 42 ' }, 'create')).toEqual({ name: 'Normteile AG', ext_nr: '42' });
  });

  it('accepts the listed countries or empty, and a boolean active', () => {
    expect(fieldOf(() => normalizeSupplierInput({ country_iso: 'IT' }, 'update'))).toBe('country_iso');
    expect(normalizeSupplierInput({ country_iso: '', active: false }, 'update')).toEqual({ country_iso: '', active: false });
    expect(fieldOf(() => normalizeSupplierInput({ active: 1 as never }, 'update'))).toBe('active');
  });
});

describe('applySupplierInput', () => {
  it('stores an empty number as null and keeps what is not sent', () => {
    const supplier = new Supplier();
    applySupplierInput(supplier, { name: 'a', nr: 'L-1', city: 'Linz' });
    applySupplierInput(supplier, { nr: '' });
    expect(supplier).toMatchObject({ name: 'a', nr: null, city: 'Linz', active: true });
  });
});

describe('supplierSortProperty', () => {
  it('sorts by the allowed columns, else by name', () => {
    expect(supplierSortProperty('nr')).toBe('nr');
    expect(supplierSortProperty('created_at')).toBe('createdAt');
    expect(supplierSortProperty('toString')).toBe('name');
  });
});
