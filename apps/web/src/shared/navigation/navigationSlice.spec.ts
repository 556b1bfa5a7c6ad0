import {
  companySelected,
  customerSelected,
  emptyNavigation,
  locationSelected,
  menuContextOf,
  navigationCleared,
  navigationFromPath,
  navigationSlice,
  type NavigationState,
  navigationSynced,
  storageSelected,
  supplierSelected,
} from './navigationSlice';

const reduce = navigationSlice.reducer;
const nav = (ids: Partial<NavigationState>): NavigationState => ({ ...emptyNavigation, ...ids });
const deep = nav({ companyID: 1, customerID: 2, locationID: 3, storageID: 4 });
const supplierLevel = nav({ companyID: 1, supplierID: 5 });

describe('navigation clearing rules (spec 4)', () => {
  it('starts with nothing selected', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual(emptyNavigation);
  });

  it('choosing a customer clears location, storage and supplier', () => {
    expect(reduce(deep, customerSelected(7))).toEqual(nav({ companyID: 1, customerID: 7 }));
    expect(reduce(supplierLevel, customerSelected(7))).toEqual(nav({ companyID: 1, customerID: 7 }));
    // the same customer again still clears what was below it
    expect(reduce(deep, customerSelected(2))).toEqual(nav({ companyID: 1, customerID: 2 }));
  });

  it('choosing a supplier clears customer, location and storage', () => {
    expect(reduce(deep, supplierSelected(5))).toEqual(supplierLevel);
  });

  it('choosing a location clears storage and supplier', () => {
    expect(reduce(deep, locationSelected(8))).toEqual(nav({ companyID: 1, customerID: 2, locationID: 8 }));
    expect(reduce(nav({ companyID: 1, customerID: 2, supplierID: 5 }), locationSelected(8))).toEqual(
      nav({ companyID: 1, customerID: 2, locationID: 8 }),
    );
  });

  it('choosing a storage clears the supplier and keeps the levels above', () => {
    expect(
      reduce(nav({ companyID: 1, customerID: 2, locationID: 3, supplierID: 5 }), storageSelected(9)),
    ).toEqual(nav({ companyID: 1, customerID: 2, locationID: 3, storageID: 9 }));
  });

  it('choosing null goes back one level', () => {
    expect(reduce(deep, storageSelected(null))).toEqual(nav({ companyID: 1, customerID: 2, locationID: 3 }));
    expect(reduce(deep, locationSelected(null))).toEqual(nav({ companyID: 1, customerID: 2 }));
    expect(reduce(nav({ companyID: 1, customerID: 2 }), customerSelected(null))).toEqual(
      nav({ companyID: 1 }),
    );
    expect(reduce(deep, customerSelected(null))).toEqual(nav({ companyID: 1 }));
    expect(reduce(supplierLevel, supplierSelected(null))).toEqual(nav({ companyID: 1 }));
  });

  it('going back from one branch leaves the other branch alone', () => {
    const both = nav({ companyID: 1, customerID: 2, supplierID: 5 });
    expect(reduce(both, supplierSelected(null))).toEqual(nav({ companyID: 1, customerID: 2 }));
    expect(reduce(both, customerSelected(null))).toEqual(nav({ companyID: 1, supplierID: 5 }));
  });

  it('choosing another company starts over below it; the same company keeps the state', () => {
    expect(reduce(deep, companySelected(6))).toEqual(nav({ companyID: 6 }));
    expect(reduce(deep, companySelected(1))).toBe(deep);
    expect(reduce(deep, companySelected(null))).toEqual(emptyNavigation);
  });

  it('syncs all ids from the address and clears everything', () => {
    expect(reduce(emptyNavigation, navigationSynced(deep))).toEqual(deep);
    expect(reduce(deep, navigationCleared())).toEqual(emptyNavigation);
  });
});

describe('menuContextOf: the deepest id set (spec 3)', () => {
  it.each<[Partial<NavigationState>, string]>([
    [{}, 'platform'],
    [{ customerID: 2 }, 'platform'],
    [{ companyID: 0, customerID: 2 }, 'platform'],
    [{ companyID: -1 }, 'platform'],
    [{ companyID: 1 }, 'company'],
    [{ companyID: 1, customerID: 2 }, 'customer'],
    [{ companyID: 1, customerID: 2, locationID: 3 }, 'location'],
    [{ companyID: 1, customerID: 2, locationID: 3, storageID: 4 }, 'storage'],
    [{ companyID: 1, supplierID: 5 }, 'supplier'],
    [{ companyID: 1, customerID: 0, locationID: 3 }, 'company'],
    [{ companyID: 1, customerID: 2, locationID: 0, storageID: 4 }, 'customer'],
    [{ companyID: 1, supplierID: 0 }, 'company'],
  ])('%j -> %s', (ids, context) => {
    expect(menuContextOf(nav(ids))).toBe(context);
  });
});

describe('navigationFromPath', () => {
  it.each<[string, Partial<NavigationState>]>([
    ['/', {}],
    ['/login', {}],
    ['/companies', {}],
    ['/c/6', { companyID: 6 }],
    ['/c/6/', { companyID: 6 }],
    ['/c/6/order', { companyID: 6 }],
    ['/c/6/customer', { companyID: 6 }],
    ['/c/6/customer/2', { companyID: 6, customerID: 2 }],
    ['/c/6/customer/2/location/3', { companyID: 6, customerID: 2, locationID: 3 }],
    [
      '/c/6/customer/2/location/3/storage/4/plan',
      { companyID: 6, customerID: 2, locationID: 3, storageID: 4 },
    ],
    ['/c/6/supplier/5/import/server', { companyID: 6, supplierID: 5 }],
    ['/c/6/supplier/x', { companyID: 6 }],
    ['/c/abc/customer/2', {}],
    ['/c/6/customer/abc/location/3', { companyID: 6 }],
    ['/c/6/customer/2/location/x/storage/4', { companyID: 6, customerID: 2 }],
    ['/x/6/customer/2', {}],
  ])('%s', (path, ids) => {
    expect(navigationFromPath(path)).toEqual(nav(ids));
  });

  it('round-trips with menuContextOf', () => {
    expect(menuContextOf(navigationFromPath('/c/6/customer/2/location/3/storage/4/plan'))).toBe('storage');
    expect(menuContextOf(navigationFromPath('/c/6/supplier/5'))).toBe('supplier');
    expect(menuContextOf(navigationFromPath('/companies'))).toBe('platform');
  });
});
