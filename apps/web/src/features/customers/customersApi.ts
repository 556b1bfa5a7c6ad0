import {
  type BackorderType,
  type CUSTOMER_SORTS,
  type CustomerDto,
  type CustomerInput,
  type Page,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { BackorderType, CustomerDto, CustomerInput };

export interface CustomerListQuery {
  companyID: number;
  all: boolean;
  q?: string;
  sort?: (typeof CUSTOMER_SORTS)[number];
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    customers: build.query<Page<CustomerDto>, CustomerListQuery>({
      query: ({ companyID, all, ...params }) => ({
        url: apiPath({ companyID }, 'customer'),
        params: { ...params, all: all ? 1 : 0 },
      }),
      providesTags: (result) => [
        { type: 'Customer', id: 'LIST' },
        ...(result?.items ?? []).map((c) => ({ type: 'Customer' as const, id: c.id })),
      ],
    }),
    customer: build.query<CustomerDto, { companyID: number; customerID: number }>({
      query: (ids) => `${apiPath(ids)}/`,
      providesTags: (_r, _e, { customerID }) => [{ type: 'Customer', id: customerID }],
    }),
    createCustomer: build.mutation<CustomerDto, { companyID: number; body: Partial<CustomerInput> }>({
      query: ({ companyID, body }) => ({
        url: `${apiPath({ companyID }, 'customer')}/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [{ type: 'Customer', id: 'LIST' }],
    }),
    updateCustomer: build.mutation<
      CustomerDto,
      { companyID: number; customerID: number; body: Partial<CustomerInput> }
    >({
      query: ({ companyID, customerID, body }) => ({
        url: apiPath({ companyID, customerID }),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, _e, { customerID }) => [
        { type: 'Customer', id: 'LIST' },
        { type: 'Customer', id: customerID },
      ],
    }),
    toggleCustomer: build.mutation<CustomerDto, { companyID: number; customerID: number; active: boolean }>({
      query: ({ companyID, customerID, active }) => ({
        url: `${apiPath({ companyID, customerID })}/toggleActive`,
        params: { active: active ? 1 : 0 },
      }),
      invalidatesTags: (_r, _e, { customerID }) => [
        { type: 'Customer', id: 'LIST' },
        { type: 'Customer', id: customerID },
      ],
    }),
    deleteCustomer: build.mutation<null, { companyID: number; customerID: number; confirm?: boolean }>({
      // confirm: also delete its images (without it, one with images answers 1002)
      query: ({ confirm, ...ids }) => ({
        url: apiPath(ids),
        method: 'DELETE',
        params: confirm ? { confirm: 1 } : undefined,
      }),
      invalidatesTags: (_r, _e, { customerID }) => [
        { type: 'Customer', id: 'LIST' },
        { type: 'Customer', id: customerID },
      ],
    }),
  }),
});

export const {
  useCustomersQuery,
  useCustomerQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useToggleCustomerMutation,
  useDeleteCustomerMutation,
} = customersApi;
