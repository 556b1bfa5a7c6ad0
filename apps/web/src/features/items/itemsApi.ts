import type { CATALOG_SORTS, CatalogDto, CatalogInput, ITEM_SORTS, ItemDto, ItemInput, ItemRuleRef, Page } from '@kanban/contracts';
import { isApiError } from '../../shared/api/apiError';
import { api } from '../../shared/api/api';

export type { CatalogDto, CatalogInput, ItemDto, ItemInput, ItemRuleRef };

/** The kanban rules named by a 1007 answer to disabling or deleting an item (Data.rules), or null for any other failure. */
export function rulesOfConflict(error: unknown): ItemRuleRef[] | null {
  if (!isApiError(error) || error.code !== 1007 || !Array.isArray(error.data?.rules)) return null;
  return error.data.rules as ItemRuleRef[];
}
export type ItemSortKey = (typeof ITEM_SORTS)[number];
export type CatalogSortKey = (typeof CATALOG_SORTS)[number];

interface ListParams<K> {
  q?: string;
  sort?: K;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

/** Where an item list comes from: a customer's items, a supplier's items, or the company's search. */
export type ItemListScope =
  | { kind: 'customer'; companyID: number; customerID: number }
  | { kind: 'location'; companyID: number; customerID: number; locationID: number }
  | { kind: 'supplier'; companyID: number; supplierID: number }
  | { kind: 'company'; companyID: number };

export function itemListPath(scope: ItemListScope, paused: boolean): string {
  const base =
    scope.kind === 'location'
      ? `/c/${scope.companyID}/customer/${scope.customerID}/location/${scope.locationID}/item`
      : scope.kind === 'customer'
      ? `/c/${scope.companyID}/customer/${scope.customerID}/item`
      : scope.kind === 'supplier'
        ? `/c/${scope.companyID}/supplier/${scope.supplierID}/item`
        : `/c/${scope.companyID}/item_search`;
  return paused ? `${base}/paused` : base;
}

const itemsBase = api.enhanceEndpoints({ addTagTypes: ['Item', 'Catalog'] });

export const itemsApi = itemsBase.injectEndpoints({
  endpoints: (build) => ({
    catalogs: build.query<Page<CatalogDto>, { companyID: number; supplierID: number } & ListParams<CatalogSortKey>>({
      query: ({ companyID, supplierID, ...params }) => ({ url: `/c/${companyID}/supplier/${supplierID}/catalog`, params }),
      providesTags: [{ type: 'Catalog', id: 'LIST' }],
    }),
    createCatalog: build.mutation<CatalogDto, { companyID: number; supplierID: number; body: CatalogInput }>({
      query: ({ companyID, supplierID, body }) => ({ url: `/c/${companyID}/supplier/${supplierID}/catalog/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Catalog', id: 'LIST' }],
    }),
    updateCatalog: build.mutation<CatalogDto, { companyID: number; supplierID: number; catalogID: number; body: CatalogInput }>({
      query: ({ companyID, supplierID, catalogID, body }) => ({ url: `/c/${companyID}/supplier/${supplierID}/catalog/${catalogID}`, method: 'PATCH', body }),
      invalidatesTags: [{ type: 'Catalog', id: 'LIST' }],
    }),
    deleteCatalog: build.mutation<null, { companyID: number; supplierID: number; catalogID: number }>({
      query: ({ companyID, supplierID, catalogID }) => ({ url: `/c/${companyID}/supplier/${supplierID}/catalog/${catalogID}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Catalog', id: 'LIST' }],
    }),
    items: build.query<Page<ItemDto>, { scope: ItemListScope; all: boolean; paused?: boolean } & ListParams<ItemSortKey>>({
      query: ({ scope, all, paused, ...params }) => ({ url: itemListPath(scope, paused ?? false), params: { ...params, all: all ? 1 : 0 } }),
      providesTags: (result) => [{ type: 'Item', id: 'LIST' }, ...(result?.items ?? []).map((i) => ({ type: 'Item' as const, id: i.id }))],
    }),
    item: build.query<ItemDto, { companyID: number; supplierID?: number; customerID?: number; itemID: number }>({
      query: ({ companyID, supplierID, customerID, itemID }) =>
        supplierID ? `/c/${companyID}/supplier/${supplierID}/item/${itemID}` : `/c/${companyID}/customer/${customerID}/item/${itemID}/`,
      providesTags: (_r, _e, { itemID }) => [{ type: 'Item', id: itemID }],
    }),
    createItem: build.mutation<ItemDto, { companyID: number; customerID: number; body: ItemInput }>({
      query: ({ companyID, customerID, body }) => ({ url: `/c/${companyID}/customer/${customerID}/item`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Item', id: 'LIST' }],
    }),
    updateItem: build.mutation<ItemDto, { companyID: number; customerID: number; itemID: number; body: ItemInput; confirm?: boolean }>({
      // confirm: disable even when kanban rules use the item (without it: 1007 listing them)
      query: ({ companyID, customerID, itemID, body, confirm }) => ({
        url: `/c/${companyID}/customer/${customerID}/item/${itemID}`,
        method: 'PATCH',
        body,
        params: confirm ? { confirm: 1 } : undefined,
      }),
      invalidatesTags: (_r, _e, { itemID }) => [
        { type: 'Item', id: 'LIST' },
        { type: 'Item', id: itemID },
      ],
    }),
    toggleSubscription: build.mutation<ItemDto, { companyID: number; customerID: number; locationID: number; itemID: number; active: boolean }>({
      query: ({ companyID, customerID, locationID, itemID, active }) => ({
        url: `/c/${companyID}/customer/${customerID}/location/${locationID}/item/${itemID}/toggleSubscription`,
        params: { active: active ? 1 : 0 },
      }),
      invalidatesTags: (_r, _e, { itemID }) => [
        { type: 'Item', id: 'LIST' },
        { type: 'Item', id: itemID },
      ],
    }),
    deleteItem: build.mutation<null, { companyID: number; customerID: number; itemID: number; confirm?: boolean }>({
      // confirm: also delete its images (without it, one with images answers 1002)
      query: ({ companyID, customerID, itemID, confirm }) => ({
        url: `/c/${companyID}/customer/${customerID}/item/${itemID}`,
        method: 'DELETE',
        params: confirm ? { confirm: 1 } : undefined,
      }),
      invalidatesTags: (_r, _e, { itemID }) => [
        { type: 'Item', id: 'LIST' },
        { type: 'Item', id: itemID },
      ],
    }),
  }),
});

export const {
  useCatalogsQuery,
  useCreateCatalogMutation,
  useUpdateCatalogMutation,
  useDeleteCatalogMutation,
  useItemsQuery,
  useItemQuery,
  useCreateItemMutation,
  useUpdateItemMutation,
  useDeleteItemMutation,
  useToggleSubscriptionMutation,
} = itemsApi;
