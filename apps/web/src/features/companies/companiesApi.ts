import type { CompanyDto, CompanyUserDto, LicenseStatsDto, Page } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    myCompanies: build.query<CompanyDto[], void>({
      query: () => '/company',
      providesTags: (result) => [
        { type: 'Company', id: 'LIST' },
        ...(result ?? []).map((c) => ({ type: 'Company' as const, id: c.id })),
      ],
    }),
    company: build.query<CompanyDto, number>({
      query: (companyID) => apiPath({ companyID }),
      providesTags: (_r, _e, id) => [{ type: 'Company', id }],
    }),
    companyUsers: build.query<
      Page<CompanyUserDto>,
      { companyID: number; per_page?: number; sort?: string; order?: 'asc' | 'desc' }
    >({
      query: ({ companyID, ...params }) => ({ url: apiPath({ companyID }, 'user'), params }),
      providesTags: [{ type: 'CompanyUser', id: 'LIST' }],
    }),
    licenseStats: build.query<LicenseStatsDto, number>({
      query: (companyID) => apiPath({ companyID }, 'licensestats'),
      providesTags: ['LicenseStats'],
    }),
    sendSupport: build.mutation<{ id: number }, { companyID: number; subject: string; message: string }>({
      query: ({ companyID, ...body }) => ({ url: apiPath({ companyID }, 'support'), method: 'POST', body }),
    }),
  }),
});

export const {
  useMyCompaniesQuery,
  useCompanyQuery,
  useCompanyUsersQuery,
  useLicenseStatsQuery,
  useSendSupportMutation,
} = companiesApi;
