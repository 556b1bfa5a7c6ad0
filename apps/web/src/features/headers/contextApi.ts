import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';
import type { HeaderImage } from '../../shared/headers/EntityHeader';

/** What a page header needs of a location (its full record comes with master data). */
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
    headerLocation: build.query<HeaderEntity, { companyID: number; customerID: number; locationID: number }>({
      query: ({ companyID, customerID, locationID }) =>
        `${apiPath({ companyID, customerID })}/location/${locationID}`,
      providesTags: (_r, _e, { locationID }) => [{ type: 'Location', id: locationID }],
    }),
  }),
});

export const { useHeaderLocationQuery } = contextApi;
