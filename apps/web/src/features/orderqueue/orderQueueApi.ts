import type {
  OrderQueueDeleteResult,
  OrderQueueEntryDto,
  OrderQueueRequeueResult,
  OrderQueueSort,
  OrderQueueState,
  Page,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { OrderQueueEntryDto, OrderQueueSort, OrderQueueState };

export interface OrderQueueListParams {
  companyID: number;
  /** the list of one customer (`customer/{id}/orderqueue`) */
  customerID?: number;
  all: boolean;
  state?: OrderQueueState;
  q?: string;
  sort: OrderQueueSort;
  order: 'asc' | 'desc';
  page: number;
  per_page: number;
}

const base = api.enhanceEndpoints({ addTagTypes: ['OrderQueue', 'Order'] });

/** `orderqueue?id=1&id=2`: the ids as repeated parameters (the spec's form). */
const withIds = (companyID: number, ids: number[]) => `${apiPath({ companyID }, 'orderqueue')}?${ids.map((id) => `id=${id}`).join('&')}`;

export const orderQueueApi = base.injectEndpoints({
  endpoints: (build) => ({
    orderQueue: build.query<Page<OrderQueueEntryDto>, OrderQueueListParams>({
      query: ({ companyID, customerID, all, state, q, ...params }) => ({
        url: apiPath({ companyID, customerID }, 'orderqueue'),
        params: { ...params, all: all ? 1 : 0, ...(state ? { state } : {}), ...(q ? { q } : {}) },
      }),
      providesTags: [{ type: 'OrderQueue', id: 'LIST' }],
    }),
    orderQueueEntry: build.query<OrderQueueEntryDto, { companyID: number; queueID: number }>({
      query: ({ companyID, queueID }) => apiPath({ companyID }, `orderqueue/${queueID}`),
      providesTags: (_r, _e, { queueID }) => [{ type: 'OrderQueue', id: queueID }],
    }),
    requeueOrders: build.mutation<OrderQueueRequeueResult, { companyID: number; ids: number[] }>({
      query: ({ companyID, ids }) => ({ url: withIds(companyID, ids), method: 'POST' }),
      invalidatesTags: (_r, _e, { ids }) => [{ type: 'OrderQueue', id: 'LIST' }, { type: 'Order', id: 'LIST' }, ...ids.map((id) => ({ type: 'OrderQueue' as const, id }))],
    }),
    deleteQueueEntries: build.mutation<OrderQueueDeleteResult, { companyID: number; ids: number[] }>({
      query: ({ companyID, ids }) => ({ url: withIds(companyID, ids), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { ids }) => [{ type: 'OrderQueue', id: 'LIST' }, { type: 'Order', id: 'LIST' }, ...ids.map((id) => ({ type: 'OrderQueue' as const, id }))],
    }),
  }),
});

export const { useOrderQueueQuery, useOrderQueueEntryQuery, useRequeueOrdersMutation, useDeleteQueueEntriesMutation } = orderQueueApi;
