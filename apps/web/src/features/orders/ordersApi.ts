import type { ExtStatus, OrderListStatus, OrderSort, NewOrderInput, NewOrderReply, OrderableItemDto, OrderableItemsReply, OrderAttachmentDto, OrderDto, OrderImageDto, OrderLineDto, Page } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { ExtStatus, NewOrderInput, NewOrderReply, OrderableItemDto, OrderAttachmentDto, OrderDto, OrderImageDto, OrderLineDto };

/** Where a list or an order is seen from: the company, a customer or a location (spec 7 `[/customer/{id}][/location/{id}]`). */
export interface OrderScope {
  companyID: number;
  customerID?: number;
  locationID?: number;
}

export interface OrderListParams extends OrderScope {
  days: number;
  extstatus?: ExtStatus;
  /** orders only: open, confirmed, delivered, cancelled */
  status?: OrderListStatus;
  /** a part of the customer, location or supplier name, or the order number */
  q?: string;
  sort?: OrderSort;
  order?: 'asc' | 'desc';
  page: number;
  per_page: number;
}

const base = api.enhanceEndpoints({ addTagTypes: ['Order', 'Request', 'Rule'] });

const scoped = (s: OrderScope, suffix: string) =>
  apiPath({ companyID: s.companyID, customerID: s.customerID, locationID: s.customerID ? s.locationID : undefined }, suffix);

export const ordersApi = base.injectEndpoints({
  endpoints: (build) => ({
    orders: build.query<Page<OrderDto>, OrderListParams>({
      query: ({ companyID, customerID, locationID, ...params }) => ({ url: scoped({ companyID, customerID, locationID }, 'order'), params }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    order: build.query<OrderDto, OrderScope & { orderID: number }>({
      query: ({ orderID, ...scope }) => scoped(scope, `order/${orderID}`),
      providesTags: (_r, _e, { orderID }) => [{ type: 'Order', id: orderID }],
    }),
    updateOrder: build.mutation<OrderDto, OrderScope & { orderID: number; body: { ext_status?: 1; comment?: string } }>({
      query: ({ orderID, body, ...scope }) => ({ url: scoped(scope, `order/${orderID}`), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { orderID }) => [{ type: 'Order', id: 'LIST' }, { type: 'Order', id: orderID }, { type: 'Rule', id: 'LIST' }],
    }),
    // A service visit at the order's location (time tracking): a line of the time-tracking item and a T event.
    recordServiceVisit: build.mutation<OrderDto, OrderScope & { orderID: number; body: { minutes: number; comment: string | null } }>({
      query: ({ orderID, body, ...scope }) => ({ url: scoped(scope, `order/${orderID}/timetracking`), method: 'POST', body }),
      invalidatesTags: (_r, _e, { orderID }) => [{ type: 'Order', id: 'LIST' }, { type: 'Order', id: orderID }],
    }),
    // An order's attachment and pictures (multipart uploads; the order page refetches the order after each change).
    uploadAttachment: build.mutation<OrderDto, OrderScope & { orderID: number; file: File }>({
      query: ({ orderID, file, ...scope }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: scoped(scope, `order/${orderID}/attachment`), method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { orderID }) => [{ type: 'Order', id: orderID }, { type: 'Request', id: orderID }],
    }),
    deleteAttachment: build.mutation<OrderDto, OrderScope & { orderID: number }>({
      query: ({ orderID, ...scope }) => ({ url: scoped(scope, `order/${orderID}/attachment`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { orderID }) => [{ type: 'Order', id: orderID }, { type: 'Request', id: orderID }],
    }),
    addOrderImage: build.mutation<OrderImageDto, OrderScope & { orderID: number; file: File }>({
      query: ({ orderID, file, ...scope }) => {
        const body = new FormData();
        body.append('image', file);
        return { url: scoped(scope, `order/${orderID}/image`), method: 'POST', body };
      },
      invalidatesTags: (_r, _e, { orderID }) => [{ type: 'Order', id: orderID }, { type: 'Request', id: orderID }],
    }),
    deleteOrderImage: build.mutation<OrderDto, OrderScope & { orderID: number; imageID: number }>({
      query: ({ orderID, imageID, ...scope }) => ({ url: scoped(scope, `order/${orderID}/image/${imageID}`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { orderID }) => [{ type: 'Order', id: orderID }, { type: 'Request', id: orderID }],
    }),
    orderableItems: build.query<OrderableItemsReply, { companyID: number; customerID: number; locationID: number; q: string }>({
      query: ({ q, ...scope }) => ({ url: scoped(scope, 'orderable_items'), params: { q, limit: 20 } }),
      providesTags: [{ type: 'Order', id: 'LIST' }, { type: 'Rule', id: 'LIST' }],
    }),
    createOrder: build.mutation<NewOrderReply, { companyID: number; customerID: number; locationID: number; body: NewOrderInput }>({
      query: ({ body, ...scope }) => ({ url: scoped(scope, 'order'), method: 'POST', body }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }, { type: 'Request', id: 'LIST' }, { type: 'Rule', id: 'LIST' }],
    }),
    requests: build.query<Page<OrderDto>, OrderListParams>({
      query: ({ companyID, customerID, locationID, extstatus: _ext, status: _status, ...params }) => ({
        url: scoped({ companyID, customerID, locationID }, 'requests'),
        params,
      }),
      providesTags: [{ type: 'Request', id: 'LIST' }],
    }),
    request: build.query<OrderDto, OrderScope & { requestID: number }>({
      query: ({ requestID, ...scope }) => scoped({ companyID: scope.companyID, customerID: scope.customerID }, `request/${requestID}`),
      providesTags: (_r, _e, { requestID }) => [{ type: 'Request', id: requestID }],
    }),
    confirmRequest: build.mutation<OrderDto, OrderScope & { requestID: number }>({
      query: ({ requestID, ...scope }) => ({
        url: scoped({ companyID: scope.companyID, customerID: scope.customerID }, `request/${requestID}/confirm`),
        method: 'POST',
        body: {},
      }),
      invalidatesTags: [{ type: 'Request', id: 'LIST' }, { type: 'Order', id: 'LIST' }],
    }),
    rejectRequest: build.mutation<OrderDto, OrderScope & { requestID: number; reason: string }>({
      query: ({ requestID, reason, ...scope }) => ({
        url: scoped({ companyID: scope.companyID, customerID: scope.customerID }, `request/${requestID}/reject`),
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: [{ type: 'Request', id: 'LIST' }, { type: 'Order', id: 'LIST' }, { type: 'Rule', id: 'LIST' }],
    }),
  }),
});

export const {
  useOrdersQuery,
  useOrderQuery,
  useUpdateOrderMutation,
  useRecordServiceVisitMutation,
  useCreateOrderMutation,
  useOrderableItemsQuery,
  useUploadAttachmentMutation,
  useDeleteAttachmentMutation,
  useAddOrderImageMutation,
  useDeleteOrderImageMutation,
  useRequestsQuery,
  useRequestQuery,
  useConfirmRequestMutation,
  useRejectRequestMutation,
} = ordersApi;

/** The scope of the current address (company, customer or location pages). */
export function scopeOf(params: Record<string, string | undefined>): OrderScope {
  const n = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  return { companyID: Number(params.companyID), customerID: n(params.customerID), locationID: n(params.locationID) };
}

/** The address of a page in a scope (`/c/1/customer/2/order/5`). */
export function pagePath(scope: OrderScope, suffix: string): string {
  return scoped(scope, suffix);
}
