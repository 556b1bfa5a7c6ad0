import { api } from '../../app/api';
import { apiPath } from '../navigation/apiPath';
import type { HeaderImage } from './EntityHeader';

/** What a page header needs of a customer, location or supplier (the full records come with master data). */
export interface HeaderEntity {
  id: number;
  name: string;
  nr?: string;
  extended?: string;
  extended_name?: string;
  city?: string;
  images?: HeaderImage[];
}

export const contextApi = api.injectEndpoints({
  endpoints: (build) => ({
    headerCustomer: build.query<HeaderEntity, { companyID: number; customerID: number }>({
      query: (ids) => `${apiPath(ids)}/`,
    }),
    headerLocation: build.query<HeaderEntity, { companyID: number; customerID: number; locationID: number }>({
      query: ({ companyID, customerID, locationID }) =>
        `${apiPath({ companyID, customerID })}/location/${locationID}`,
    }),
    headerSupplier: build.query<HeaderEntity, { companyID: number; supplierID: number }>({
      query: (ids) => `${apiPath(ids)}/`,
    }),
  }),
});

export const { useHeaderCustomerQuery, useHeaderLocationQuery, useHeaderSupplierQuery } = contextApi;
