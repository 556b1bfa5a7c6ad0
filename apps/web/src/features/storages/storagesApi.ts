import type {
  Page,
  SensorDto,
  STORAGE_SORTS,
  StorageBinDto,
  StorageBinInput,
  StorageBinsDto,
  StorageDto,
  StorageInput,
  StorageLayout,
  StorageTypeDto,
  UnitDto,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { SensorDto, StorageBinDto, StorageBinInput, StorageBinsDto, StorageDto, StorageInput, StorageLayout };

/** the rules' stock changes elsewhere (stock dialog, scans) refresh the plan */
const base = api.enhanceEndpoints({ addTagTypes: ['Rule', 'Sensor'] });
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
export const storagesApi = base.injectEndpoints({
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
    /** every bin of the rack's grid in layout order, with rule and sensor (docs/storages.md "Bins") */
    storageBins: build.query<StorageBinsDto, StorageIds>({
      query: (ids) => `${apiPath(ids)}/bins`,
      providesTags: (_r, _e, { storageID }) => [
        { type: 'Storage', id: `bins-${storageID}` },
        { type: 'Storage', id: storageID },
        { type: 'Rule', id: 'LIST' },
        { type: 'Sensor', id: 'LIST' },
      ],
    }),
    putStorageBin: build.mutation<StorageBinDto, StorageIds & { row: number; column: number; body: StorageBinInput }>({
      query: ({ row, column, body, ...ids }) => ({ url: `${apiPath(ids)}/bins/${row}/${column}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { storageID }) => [{ type: 'Storage', id: `bins-${storageID}` }],
    }),
    clearStorageBin: build.mutation<null, StorageIds & { row: number; column: number }>({
      query: ({ row, column, ...ids }) => ({ url: `${apiPath(ids)}/bins/${row}/${column}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { storageID }) => [{ type: 'Storage', id: `bins-${storageID}` }],
    }),
    /** the company's sensors for a bin (first 200 by name); answers an error until the sensor calls exist */
    sensorChoices: build.query<Page<SensorDto>, { companyID: number }>({
      query: ({ companyID }) => ({ url: apiPath({ companyID }, 'sensor'), params: { sort: 'name', per_page: 200 } }),
      providesTags: [{ type: 'Sensor', id: 'LIST' }],
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
  useStorageBinsQuery,
  usePutStorageBinMutation,
  useClearStorageBinMutation,
  useSensorChoicesQuery,
} = storagesApi;
