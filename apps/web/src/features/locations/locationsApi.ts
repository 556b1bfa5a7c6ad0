import type {
  LOCATION_SORTS,
  LocationDeliveryInput,
  LocationDto,
  LocationInput,
  LocationSchedule,
  Page,
  TakePicture,
  Weekday,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { LocationDto, LocationInput, LocationSchedule, TakePicture, Weekday };

export interface LocationIds {
  companyID: number;
  customerID: number;
  locationID: number;
}

export interface LocationListQuery {
  companyID: number;
  customerID: number;
  all: boolean;
  q?: string;
  sort?: (typeof LOCATION_SORTS)[number];
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

const changed = (_r: unknown, _e: unknown, { locationID }: { locationID: number }) => [
  { type: 'Location' as const, id: 'LIST' },
  { type: 'Location' as const, id: locationID },
];

export const locationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    locations: build.query<Page<LocationDto>, LocationListQuery>({
      query: ({ companyID, customerID, all, ...params }) => ({
        url: apiPath({ companyID, customerID }, 'location'),
        params: { ...params, all: all ? 1 : 0 },
      }),
      providesTags: (result) => [
        { type: 'Location', id: 'LIST' },
        ...(result?.items ?? []).map((l) => ({ type: 'Location' as const, id: l.id })),
      ],
    }),
    location: build.query<LocationDto, LocationIds>({
      query: (ids) => `${apiPath(ids)}/`,
      providesTags: (_r, _e, { locationID }) => [{ type: 'Location', id: locationID }],
    }),
    createLocation: build.mutation<
      LocationDto,
      { companyID: number; customerID: number; body: LocationInput }
    >({
      query: ({ companyID, customerID, body }) => ({
        url: `${apiPath({ companyID, customerID }, 'location')}/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [{ type: 'Location', id: 'LIST' }],
    }),
    updateLocation: build.mutation<LocationDto, LocationIds & { body: LocationInput }>({
      query: ({ body, ...ids }) => ({ url: apiPath(ids), method: 'PATCH', body }),
      invalidatesTags: changed,
    }),
    updateLocationDelivery: build.mutation<LocationDto, LocationIds & { body: LocationDeliveryInput }>({
      query: ({ body, ...ids }) => ({ url: `${apiPath(ids)}/delivery`, method: 'PATCH', body }),
      invalidatesTags: changed,
    }),
    toggleLocation: build.mutation<LocationDto, LocationIds & { active: boolean }>({
      query: ({ active, ...ids }) => ({
        url: `${apiPath(ids)}/toggleActive`,
        params: { active: active ? 1 : 0 },
      }),
      invalidatesTags: changed,
    }),
    deleteLocation: build.mutation<null, LocationIds & { confirm?: boolean }>({
      // confirm: also delete its images (without it, one with images answers 1002)
      query: ({ confirm, ...ids }) => ({ url: apiPath(ids), method: 'DELETE', params: confirm ? { confirm: 1 } : undefined }),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useLocationsQuery,
  useLocationQuery,
  useCreateLocationMutation,
  useUpdateLocationMutation,
  useUpdateLocationDeliveryMutation,
  useToggleLocationMutation,
  useDeleteLocationMutation,
} = locationsApi;
