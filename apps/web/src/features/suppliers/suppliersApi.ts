import { type Page, type SUPPLIER_SORTS, type SupplierDto, type SupplierInput } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { SupplierDto, SupplierInput };

export interface SupplierListQuery {
  companyID: number;
  all: boolean;
  q?: string;
  sort?: (typeof SUPPLIER_SORTS)[number];
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export const suppliersApi = api.injectEndpoints({
  endpoints: (build) => ({
    suppliers: build.query<Page<SupplierDto>, SupplierListQuery>({
      query: ({ companyID, all, ...params }) => ({
        url: apiPath({ companyID }, 'supplier'),
        params: { ...params, all: all ? 1 : 0 },
      }),
      providesTags: (result) => [
        { type: 'Supplier', id: 'LIST' },
        ...(result?.items ?? []).map((s) => ({ type: 'Supplier' as const, id: s.id })),
      ],
    }),
    supplier: build.query<SupplierDto, { companyID: number; supplierID: number }>({
      query: (ids) => `${apiPath(ids)}/`,
      providesTags: (_r, _e, { supplierID }) => [{ type: 'Supplier', id: supplierID }],
    }),
    createSupplier: build.mutation<SupplierDto, { companyID: number; body: SupplierInput }>({
      query: ({ companyID, body }) => ({
        url: `${apiPath({ companyID }, 'supplier')}/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [{ type: 'Supplier', id: 'LIST' }],
    }),
    updateSupplier: build.mutation<
      SupplierDto,
      { companyID: number; supplierID: number; body: SupplierInput }
    >({
      query: ({ companyID, supplierID, body }) => ({
        url: apiPath({ companyID, supplierID }),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, _e, { supplierID }) => [
        { type: 'Supplier', id: 'LIST' },
        { type: 'Supplier', id: supplierID },
      ],
    }),
    toggleSupplier: build.mutation<SupplierDto, { companyID: number; supplierID: number; active: boolean }>({
      query: ({ companyID, supplierID, active }) => ({
        url: `${apiPath({ companyID, supplierID })}/toggleActive`,
        params: { active: active ? 1 : 0 },
      }),
      invalidatesTags: (_r, _e, { supplierID }) => [
        { type: 'Supplier', id: 'LIST' },
        { type: 'Supplier', id: supplierID },
      ],
    }),
    deleteSupplier: build.mutation<null, { companyID: number; supplierID: number; confirm?: boolean }>({
      // confirm: also delete its images (without it, one with images answers 1002)
      query: ({ confirm, ...ids }) => ({
        url: apiPath(ids),
        method: 'DELETE',
        params: confirm ? { confirm: 1 } : undefined,
      }),
      invalidatesTags: (_r, _e, { supplierID }) => [
        { type: 'Supplier', id: 'LIST' },
        { type: 'Supplier', id: supplierID },
      ],
    }),
  }),
});

export const {
  useSuppliersQuery,
  useSupplierQuery,
  useCreateSupplierMutation,
  useUpdateSupplierMutation,
  useToggleSupplierMutation,
  useDeleteSupplierMutation,
} = suppliersApi;
