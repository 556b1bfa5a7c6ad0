import type {
  CompanyDto,
  CustomFieldDto,
  CustomFieldEntity,
  CustomFieldInput,
  CustomFieldSort,
  CustomValuesDto,
  CustomValuesInput,
  Page,
  StorageTypeDto,
  StorageTypeInput,
  StorageTypeSort,
  UnitDto,
  UnitInput,
  UnitSort,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { CustomFieldDto, CustomFieldInput, CustomValuesDto, StorageTypeDto, StorageTypeInput, UnitDto, UnitInput };

/** One record whose custom field values are read or written. */
export interface CustomValuesArgs {
  companyID: number;
  entity: CustomFieldEntity;
  entityID: number;
}

/** The cache tag of one record's values (definitions changes refetch them too: they answer with the definitions). */
const valuesTag = ({ entity, entityID }: CustomValuesArgs) => ({ type: 'CustomField' as const, id: `values-${entity}-${entityID}` });

interface ListArgs<K extends string> {
  companyID: number;
  q?: string;
  sort?: K;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export type CompanyUpdate = Partial<Omit<CompanyDto, 'id' | 'user_role' | 'user_app' | 'images' | 'created_at'>>;

/** Units, storage types and custom field definitions of a company, and the company data edit. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    units: build.query<Page<UnitDto>, ListArgs<UnitSort>>({
      query: ({ companyID, ...params }) => ({ url: apiPath({ companyID }, 'unit'), params }),
      providesTags: [{ type: 'Unit', id: 'LIST' }],
    }),
    createUnit: build.mutation<UnitDto, { companyID: number; body: UnitInput }>({
      query: ({ companyID, body }) => ({ url: `${apiPath({ companyID }, 'unit')}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Unit', id: 'LIST' }],
    }),
    updateUnit: build.mutation<UnitDto, { companyID: number; id: number; body: UnitInput }>({
      query: ({ companyID, id, body }) => ({ url: apiPath({ companyID }, `unit/${id}`), method: 'PATCH', body }),
      invalidatesTags: [{ type: 'Unit', id: 'LIST' }],
    }),
    deleteUnit: build.mutation<null, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: apiPath({ companyID }, `unit/${id}`), method: 'DELETE' }),
      invalidatesTags: [{ type: 'Unit', id: 'LIST' }],
    }),
    storageTypes: build.query<Page<StorageTypeDto>, ListArgs<StorageTypeSort>>({
      query: ({ companyID, ...params }) => ({ url: apiPath({ companyID }, 'storagetype'), params }),
      providesTags: [{ type: 'StorageType', id: 'LIST' }],
    }),
    createStorageType: build.mutation<StorageTypeDto, { companyID: number; body: StorageTypeInput }>({
      query: ({ companyID, body }) => ({ url: `${apiPath({ companyID }, 'storagetype')}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'StorageType', id: 'LIST' }],
    }),
    updateStorageType: build.mutation<StorageTypeDto, { companyID: number; id: number; body: StorageTypeInput }>({
      query: ({ companyID, id, body }) => ({ url: apiPath({ companyID }, `storagetype/${id}`), method: 'PATCH', body }),
      invalidatesTags: [{ type: 'StorageType', id: 'LIST' }],
    }),
    deleteStorageType: build.mutation<null, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: apiPath({ companyID }, `storagetype/${id}`), method: 'DELETE' }),
      invalidatesTags: [{ type: 'StorageType', id: 'LIST' }],
    }),
    customFields: build.query<Page<CustomFieldDto>, ListArgs<CustomFieldSort> & { entity?: string }>({
      query: ({ companyID, ...params }) => ({ url: apiPath({ companyID }, 'customfields'), params }),
      providesTags: [{ type: 'CustomField', id: 'LIST' }],
    }),
    createCustomField: build.mutation<CustomFieldDto, { companyID: number; body: CustomFieldInput }>({
      query: ({ companyID, body }) => ({ url: `${apiPath({ companyID }, 'customfields')}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'CustomField', id: 'LIST' }],
    }),
    updateCustomField: build.mutation<CustomFieldDto, { companyID: number; id: number; body: CustomFieldInput; confirm?: boolean }>({
      query: ({ companyID, id, body, confirm }) => ({
        url: apiPath({ companyID }, `customfields/${id}`),
        method: 'PATCH',
        body,
        params: confirm ? { confirm: 1 } : undefined,
      }),
      invalidatesTags: [{ type: 'CustomField', id: 'LIST' }],
    }),
    deleteCustomField: build.mutation<null, { companyID: number; id: number; confirm?: boolean }>({
      query: ({ companyID, id, confirm }) => ({
        url: apiPath({ companyID }, `customfields/${id}`),
        method: 'DELETE',
        params: confirm ? { confirm: 1 } : undefined,
      }),
      invalidatesTags: [{ type: 'CustomField', id: 'LIST' }],
    }),
    customValues: build.query<CustomValuesDto, CustomValuesArgs>({
      query: ({ companyID, entity, entityID }) => apiPath({ companyID }, `customfields/values/${entity}/${entityID}`),
      providesTags: (_r, _e, args) => [{ type: 'CustomField', id: 'LIST' }, valuesTag(args)],
    }),
    putCustomValues: build.mutation<CustomValuesDto, CustomValuesArgs & { body: CustomValuesInput }>({
      query: ({ companyID, entity, entityID, body }) => ({
        url: apiPath({ companyID }, `customfields/values/${entity}/${entityID}`),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, args) => [valuesTag(args)],
    }),
    updateCompany: build.mutation<CompanyDto, { companyID: number; body: CompanyUpdate }>({
      query: ({ companyID, body }) => ({ url: apiPath({ companyID }), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { companyID }) => [
        { type: 'Company', id: companyID },
        { type: 'Company', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useUnitsQuery,
  useCreateUnitMutation,
  useUpdateUnitMutation,
  useDeleteUnitMutation,
  useStorageTypesQuery,
  useCreateStorageTypeMutation,
  useUpdateStorageTypeMutation,
  useDeleteStorageTypeMutation,
  useCustomFieldsQuery,
  useCreateCustomFieldMutation,
  useUpdateCustomFieldMutation,
  useDeleteCustomFieldMutation,
  useCustomValuesQuery,
  usePutCustomValuesMutation,
  useUpdateCompanyMutation,
} = settingsApi;
