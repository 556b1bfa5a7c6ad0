import { apiPath } from './apiPath';

describe('apiPath (spec 3)', () => {
  it('nests customer, location and storage under the company', () => {
    expect(apiPath({ companyID: 6 })).toBe('/c/6');
    expect(apiPath({ companyID: 6, customerID: 2 })).toBe('/c/6/customer/2');
    expect(apiPath({ companyID: 6, customerID: 2, locationID: 3 })).toBe('/c/6/customer/2/location/3');
    expect(apiPath({ companyID: 6, customerID: 2, locationID: 3, storageID: 4 })).toBe(
      '/c/6/customer/2/location/3/storage/4',
    );
  });

  it('puts the supplier directly under the company and leaves the customer branch out', () => {
    expect(apiPath({ companyID: 6, supplierID: 5 })).toBe('/c/6/supplier/5');
    expect(apiPath({ companyID: 6, customerID: 2, locationID: 3, storageID: 4, supplierID: 5 })).toBe(
      '/c/6/supplier/5',
    );
  });

  it('omits ids of 0 or below, null and unset ones', () => {
    expect(apiPath({ companyID: 6, customerID: 0 })).toBe('/c/6');
    expect(apiPath({ companyID: 6, customerID: -1 })).toBe('/c/6');
    expect(apiPath({ companyID: 6, customerID: null })).toBe('/c/6');
    expect(apiPath({ companyID: 6, supplierID: 0, customerID: 2 })).toBe('/c/6/customer/2');
    expect(apiPath({ companyID: 6, customerID: 2, locationID: 0, storageID: 0 })).toBe('/c/6/customer/2');
    expect(apiPath({ companyID: 6, customerID: 2, locationID: 3, storageID: -4 })).toBe(
      '/c/6/customer/2/location/3',
    );
  });

  it('has no company part without a company id above 0', () => {
    expect(apiPath({})).toBe('/');
    expect(apiPath({ companyID: 0, customerID: 2 })).toBe('/');
    expect(apiPath({ companyID: null, supplierID: 5 }, 'company')).toBe('/company');
  });

  it('appends the suffix with exactly one slash', () => {
    expect(apiPath({ companyID: 6 }, 'order')).toBe('/c/6/order');
    expect(apiPath({ companyID: 6 }, '/order')).toBe('/c/6/order');
    expect(apiPath({ companyID: 6 }, '//order')).toBe('/c/6/order');
    expect(apiPath({ companyID: 6, customerID: 2 }, 'stat/orders')).toBe('/c/6/customer/2/stat/orders');
    expect(apiPath({ companyID: 6 }, '')).toBe('/c/6');
  });
});
