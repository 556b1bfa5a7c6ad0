import type { Page, STORAGE_SORTS, StorageDto, StorageInput, StorageLayout, StorageTypeDto, UnitDto } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { StorageDto, StorageInput, StorageLayout };
export type StorageSort = (typeof STORAGE_SORTS)[number];

export interface LocationIds {
  companyID: number;
  customerID: number;
  locationID: number;
}

export interface StorageIds extends LocationIds {
  storageID: number;
}

export interface StorageListQuery extends LocationIds {
  q?: string;
  sort?: StorageSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

/** The storage (rack) calls under a location (docs/storages.md), and the company's storage types and units to choose from. */
export const storagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    storages: build.query<Page<StorageDto>, StorageListQuery>({
      query: ({ companyID, customerID, locationID, ...params }) => ({
        url: apiPath({ companyID, customerID, locationID }, 'storage'),
        params,
      }),
      providesTags: (result) => [
        { type: 'Storage', id: 'LIST' },
        ...(result?.items ?? []).map((s) => ({ type: 'Storage' as const, id: s.id })),
      ],
    }),
    storage: build.query<StorageDto, StorageIds>({
      query: (ids) => `${apiPath(ids)}/`,
      providesTags: (_r, _e, { storageID }) => [{ type: 'Storage', id: storageID }],
    }),
    createStorage: build.mutation<StorageDto, LocationIds & { body: StorageInput }>({
      query: ({ body, ...ids }) => ({ url: `${apiPath(ids, 'storage')}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Storage', id: 'LIST' }],
    }),
    updateStorage: build.mutation<StorageDto, StorageIds & { body: StorageInput }>({
      query: ({ body, ...ids }) => ({ url: apiPath(ids), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { storageID }) => [
        { type: 'Storage', id: 'LIST' },
        { type: 'Storage', id: storageID },
      ],
    }),
    deleteStorage: build.mutation<null, StorageIds>({
      query: (ids) => ({ url: apiPath(ids), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { storageID }) => [
        { type: 'Storage', id: 'LIST' },
        { type: 'Storage', id: storageID },
      ],
    }),
    /** the company's storage types for the rack form (first 200 by name) */
    storageTypeChoices: build.query<Page<StorageTypeDto>, { companyID: number }>({
      query: ({ companyID }) => ({ url: apiPath({ companyID }, 'storagetype'), params: { sort: 'name', per_page: 200 } }),
      providesTags: [{ type: 'StorageType', id: 'LIST' }],
    }),
    /** the company's units for the rack form (first 200 by code) */
    unitChoices: build.query<Page<UnitDto>, { companyID: number }>({
      query: ({ companyID }) => ({ url: apiPath({ companyID }, 'unit'), params: { sort: 'code', per_page: 200 } }),
      providesTags: [{ type: 'Unit', id: 'LIST' }],
    }),
  }),
});

export const {
  useStoragesQuery,
  useStorageQuery,
  useCreateStorageMutation,
  useUpdateStorageMutation,
  useDeleteStorageMutation,
  useStorageTypeChoicesQuery,
  useUnitChoicesQuery,
} = storagesApi;
