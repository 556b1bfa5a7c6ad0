import { AppError, ErrorCode } from '@kanban/access';
import { Item } from './item.entity';
import { applyItemInput, contractEnded, itemSortProperty, normalizeItemInput, toItemDto } from './item.rules';
import { itemSearch } from './items.service';

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

const NOW = new Date('2026-06-15T10:00:00Z');

describe('normalizeItemInput', () => {
  it('requires sku and name on create, trims texts, maps empty dates and catalog 0 to null', () => {
    expect(fieldOf(() => normalizeItemInput({ name: 'x' }, 'create'))).toBe('sku');
    expect(fieldOf(() => normalizeItemInput({ sku: 'x' }, 'create'))).toBe('name');
    expect(fieldOf(() => normalizeItemInput({ sku: ' ' }, 'update'))).toBe('sku');
    expect(normalizeItemInput({ sku: ' A-1 ', name: ' Screw ', paused_until: '', catalog_id: 0 }, 'create')).toEqual({ sku: 'A-1', name: 'Screw', paused_until: null, catalog_id: null });
  });

  it('checks numbers, days, flags, dates and UNSPSC', () => {
    expect(fieldOf(() => normalizeItemInput({ order_quantity_increment: 0 }, 'update'))).toBe('order_quantity_increment');
    expect(fieldOf(() => normalizeItemInput({ quantity_per_order_unit: -2 }, 'update'))).toBe('quantity_per_order_unit');
    expect(fieldOf(() => normalizeItemInput({ min_order_quantity: Number.NaN }, 'update'))).toBe('min_order_quantity');
    expect(fieldOf(() => normalizeItemInput({ transit_days: 2.5 }, 'update'))).toBe('transit_days');
    expect(fieldOf(() => normalizeItemInput({ purchaseable: 'no' as never }, 'update'))).toBe('purchaseable');
    expect(fieldOf(() => normalizeItemInput({ contract_end_date: '2026-02-29' }, 'update'))).toBe('contract_end_date');
    expect(fieldOf(() => normalizeItemInput({ unspsc: '12ab5678' }, 'update'))).toBe('unspsc');
    expect(fieldOf(() => normalizeItemInput({ catalog_id: -1 }, 'update'))).toBe('catalog_id');
    expect(normalizeItemInput({ min_order_quantity: 0, contract_end_date: '2028-02-29', unspsc: '' }, 'update')).toEqual({ min_order_quantity: 0, contract_end_date: '2028-02-29', unspsc: '' });
  });
});

describe('applyItemInput', () => {
  const item = () => Object.assign(new Item(), { id: 1, companyId: 1, customerId: 2, sku: 'A', name: 'A', createdAt: NOW, updatedAt: NOW });

  it('checks MOQ, MXOQ and order quantity on the whole record', () => {
    const i = item();
    applyItemInput(i, { min_order_quantity: 2, order_quantity: 4, max_order_quantity: 10 }, NOW);
    expect(fieldOf(() => applyItemInput(i, { max_order_quantity: 1 }, NOW))).toBe('max_order_quantity');
    expect(fieldOf(() => applyItemInput(item(), { min_order_quantity: 3, order_quantity: 2 }, NOW))).toBe('order_quantity');
    expect(fieldOf(() => applyItemInput(item(), { max_order_quantity: 3, order_quantity: 5 }, NOW))).toBe('order_quantity');
    // 0 = no maximum
    applyItemInput(item(), { max_order_quantity: 0, order_quantity: 1000 }, NOW);
  });

  it('disables an item whose contract end date is reached and refuses to enable it', () => {
    const i = item();
    applyItemInput(i, { contract_end_date: '2026-06-15' }, NOW);
    expect(i.disabled).toBe(true);
    expect(fieldOf(() => applyItemInput(i, { disabled: false }, NOW))).toBe('disabled');
    applyItemInput(i, { contract_end_date: '2026-06-16', disabled: false }, NOW);
    expect(i.disabled).toBe(false);
    expect(contractEnded(i, new Date('2026-06-16T00:00:00Z'))).toBe(true);
  });
});

describe('toItemDto', () => {
  it('reports paused and, when read after the contract end, disabled', () => {
    const i = Object.assign(new Item(), { id: 1, companyId: 1, customerId: 2, sku: 'A', name: 'A', createdAt: NOW, updatedAt: NOW });
    i.pausedUntil = '2026-06-15';
    i.contractEndDate = '2026-06-20';
    expect(toItemDto(i, NOW)).toMatchObject({ paused: true, disabled: false });
    expect(toItemDto(i, new Date('2026-06-16T00:00:00Z'))).toMatchObject({ paused: false, disabled: false });
    expect(toItemDto(i, new Date('2026-06-20T00:00:00Z'))).toMatchObject({ disabled: true });
  });
});

describe('item search and sort', () => {
  it('searches prefixes, and parts of names from 3 characters, with LIKE wildcards literal', () => {
    expect(itemSearch('Ab')).toEqual(['(lower(item.sku) like ? or lower(item.name) like ? or lower(item.customer_sku) like ?)', ['ab%', 'ab%', 'ab%']]);
    const [sql, params] = itemSearch('m_1%');
    expect(sql).toContain('or lower(item.name) like ?)');
    expect(params).toEqual(['m\\_1\\%%', 'm\\_1\\%%', 'm\\_1\\%%', '%m\\_1\\%%']);
    expect(itemSearch('Nut', 'prefix')[1]).toEqual(['nut%', 'nut%', 'nut%']);
    expect(itemSearch('Nut', 'part')).toEqual(['(lower(item.name) like ?)', ['%nut%']]);
    expect(itemSearch('Nu', 'part')[1]).toEqual(['nu%', 'nu%', 'nu%']);
  });

  it('sorts by the allowed columns, else by name', () => {
    expect(itemSortProperty('contract_end_date')).toBe('contractEndDate');
    expect(itemSortProperty('constructor')).toBe('name');
  });
});
