import type { PlatformCompanyDto } from '@kanban/contracts';
import { api } from '../../shared/api/api';

export const platformApi = api.injectEndpoints({
  endpoints: (build) => ({
    platformCompanies: build.query<PlatformCompanyDto[], void>({
      query: () => '/platform/companies',
      providesTags: [{ type: 'PlatformCompany', id: 'LIST' }],
    }),
  }),
});

export const { usePlatformCompaniesQuery } = platformApi;
