import type { ApiClientCreated, ApiClientDto } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { ApiClientCreated, ApiClientDto };

interface SupplierRef {
  companyID: number;
  supplierID: number;
}

const TAG = (supplierID: number) => ({ type: 'ApiClient' as const, id: supplierID });

/** A supplier's API clients (docs/supplier-api.md): listed, created (the secret answered once) and revoked. */
export const apiClientsApi = api.enhanceEndpoints({ addTagTypes: ['ApiClient'] }).injectEndpoints({
  endpoints: (build) => ({
    apiClients: build.query<ApiClientDto[], SupplierRef>({
      query: ({ companyID, supplierID }) => ({ url: apiPath({ companyID, supplierID }, 'apiclient') }),
      providesTags: (_r, _e, { supplierID }) => [TAG(supplierID)],
    }),
    createApiClient: build.mutation<ApiClientCreated, SupplierRef & { name: string }>({
      query: ({ companyID, supplierID, name }) => ({ url: apiPath({ companyID, supplierID }, 'apiclient'), method: 'POST', body: { name } }),
      invalidatesTags: (_r, _e, { supplierID }) => [TAG(supplierID)],
    }),
    revokeApiClient: build.mutation<ApiClientDto, SupplierRef & { id: number }>({
      query: ({ companyID, supplierID, id }) => ({ url: apiPath({ companyID, supplierID }, `apiclient/${id}`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { supplierID }) => [TAG(supplierID)],
    }),
  }),
});

export const { useApiClientsQuery, useCreateApiClientMutation, useRevokeApiClientMutation } = apiClientsApi;
