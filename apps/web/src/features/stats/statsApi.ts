import type {
  OrderStatsDto,
  OrderStatsLineDto,
  OrderStatsQuery,
  Page,
  RulesCheckDto,
  ServiceLineDto,
  ServicePeriod,
  ServiceReportDto,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { fetchFile, fileNameOf, saveBlob } from '../../shared/api/download';
import { apiPath } from '../../shared/navigation/apiPath';

export type { OrderStatsDto, OrderStatsLineDto, RulesCheckDto, ServiceLineDto, ServicePeriod, ServiceReportDto };

/** Company level (customerID 0) or one customer. */
export interface StatsIds {
  companyID: number;
  customerID?: number;
}

export interface RulesCheckArgs {
  companyID: number;
  locations?: number[];
  items?: number[];
  days?: number;
  page?: number;
  per_page?: number;
}

/** Statistics are read-only answers: never cached as entities, refetched when the arguments change. */
export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderStats: build.query<OrderStatsDto, StatsIds & { body: OrderStatsQuery }>({
      query: ({ body, ...ids }) => ({ url: apiPath(ids, 'stats/orders'), method: 'POST', body }),
    }),
    orderStatsDetails: build.query<Page<OrderStatsLineDto> & { from: string; to: string }, StatsIds & { body: OrderStatsQuery }>({
      query: ({ body, ...ids }) => ({ url: apiPath(ids, 'stats/orders/details'), method: 'POST', body }),
    }),
    rulesCheck: build.query<RulesCheckDto, RulesCheckArgs>({
      query: ({ companyID, locations, items, ...params }) => ({
        url: apiPath({ companyID }, 'stats/rulescheck'),
        params: {
          ...params,
          ...(locations?.length ? { locations: locations.join(',') } : {}),
          ...(items?.length ? { items: items.join(',') } : {}),
        },
      }),
    }),
    serviceReport: build.query<ServiceReportDto, Required<StatsIds> & { body: { period: ServicePeriod; location_id?: number } }>({
      query: ({ body, ...ids }) => ({ url: apiPath(ids, 'report/service'), method: 'POST', body }),
    }),
    /** The supplier's service analysis (its lines of every customer): the supplier dashboard's on-time figure. */
    supplierServiceReport: build.query<ServiceReportDto, { companyID: number; supplierID: number; body: { period: ServicePeriod } }>({
      query: ({ body, companyID, supplierID }) => ({ url: apiPath({ companyID, supplierID }, 'report/service'), method: 'POST', body }),
    }),
    serviceDetails: build.query<
      Page<ServiceLineDto> & { from: string; to: string },
      Required<StatsIds> & { body: { period: ServicePeriod; location_id?: number; page?: number; per_page?: number } }
    >({
      query: ({ body, ...ids }) => ({ url: apiPath(ids, 'report/service/details'), method: 'POST', body }),
    }),
  }),
});

export const { useOrderStatsQuery, useOrderStatsDetailsQuery, useRulesCheckQuery, useServiceReportQuery, useServiceDetailsQuery, useSupplierServiceReportQuery } =
  statsApi;

/**
 * POST report/location answers a PDF (or the error envelope): fetched with the session's token and saved
 * under the name from content-disposition. Answers the file name, or throws the envelope's message and code.
 */
export async function downloadLocationReport(token: string | null, ids: Required<StatsIds>, locationID: number): Promise<string> {
  const response = await fetchFile(token, `/api${apiPath(ids, 'report/location')}`, { method: 'POST', body: { location_id: locationID } });
  const name = fileNameOf(response.headers.get('content-disposition'), 'location-report.pdf');
  saveBlob(await response.blob(), name);
  return name;
}
