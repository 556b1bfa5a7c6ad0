import type {
  AssortmentCustomerDto,
  AssortmentItemDto,
  ItemSupplyDto,
  Page,
  SupplyDto,
  SupplySort,
  SupplyState,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { AssortmentCustomerDto, AssortmentItemDto, ItemSupplyDto, SupplyDto, SupplySort, SupplyState };

interface SupplierIds {
  companyID: number;
  supplierID: number;
}

export interface SupplyListArgs extends SupplierIds {
  state: SupplyState;
  days?: number;
  q?: string;
  sort?: SupplySort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export type AssortmentSort = 'customer' | 'supplies' | 'last_supply_at';
export type AssortmentItemSort = 'sku' | 'name' | 'quantity' | 'supplies' | 'last_supply_at';

interface PageArgs<K extends string> {
  q?: string;
  sort?: K;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

const suppliesBase = api.enhanceEndpoints({ addTagTypes: ['Supply'] });

/** Supplies of a supplier (docs/supplies.md): list, detail, delivered marks, assortment, an item's last supplies. */
export const suppliesApi = suppliesBase.injectEndpoints({
  endpoints: (build) => ({
    supplies: build.query<Page<SupplyDto>, SupplyListArgs>({
      query: ({ companyID, supplierID, ...params }) => ({ url: apiPath({ companyID, supplierID }, 'supply'), params }),
      providesTags: (result) => [{ type: 'Supply', id: 'LIST' }, ...(result?.items ?? []).map((s) => ({ type: 'Supply' as const, id: s.id }))],
    }),
    supply: build.query<SupplyDto, SupplierIds & { supplyID: number }>({
      query: ({ supplyID, ...ids }) => apiPath(ids, `supply/${supplyID}`),
      providesTags: (_r, _e, { supplyID }) => [{ type: 'Supply', id: supplyID }],
    }),
    setSupplyDelivered: build.mutation<SupplyDto, SupplierIds & { supplyID: number; pos?: number; delivered: boolean }>({
      query: ({ supplyID, pos, delivered, ...ids }) => ({
        url: apiPath(ids, pos === undefined ? `supply/${supplyID}` : `supply/${supplyID}/line/${pos}`),
        method: 'PATCH',
        body: { delivered },
      }),
      invalidatesTags: () => [{ type: 'Supply', id: 'LIST' }, { type: 'Supply', id: 'ASSORTMENT' }, { type: 'Supply', id: 'ITEM' }],
      // The answer is the supply after the change: the detail shows it at once.
      async onQueryStarted({ supplyID, companyID, supplierID }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(suppliesApi.util.upsertQueryData('supply', { companyID, supplierID, supplyID }, data));
        } catch {
          // the page shows the error
        }
      },
    }),
    assortment: build.query<Page<AssortmentCustomerDto>, SupplierIds & PageArgs<AssortmentSort>>({
      query: ({ companyID, supplierID, ...params }) => ({ url: apiPath({ companyID, supplierID }, 'assortment'), params }),
      providesTags: [{ type: 'Supply', id: 'ASSORTMENT' }],
    }),
    assortmentItems: build.query<Page<AssortmentItemDto>, SupplierIds & { customerID: number } & PageArgs<AssortmentItemSort>>({
      query: ({ companyID, supplierID, customerID, ...params }) => ({ url: apiPath({ companyID, supplierID }, `assortment/${customerID}`), params }),
      providesTags: [{ type: 'Supply', id: 'ASSORTMENT' }],
    }),
    itemSupplies: build.query<ItemSupplyDto[], SupplierIds & { itemID: number }>({
      query: ({ itemID, ...ids }) => apiPath(ids, `item/${itemID}/supplies`),
      providesTags: [{ type: 'Supply', id: 'ITEM' }],
    }),
  }),
});

export const {
  useSuppliesQuery,
  useSupplyQuery,
  useSetSupplyDeliveredMutation,
  useAssortmentQuery,
  useAssortmentItemsQuery,
  useItemSuppliesQuery,
} = suppliesApi;
