import type { DeviceKeyCreated, DeviceKeyInfo, Page, SensorDto, SensorInput, SensorSort, SensorType } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { DeviceKeyCreated, DeviceKeyInfo, SensorDto, SensorInput, SensorSort, SensorType };

export interface SensorListArgs {
  companyID: number;
  q?: string;
  type?: SensorType;
  sort?: SensorSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

const LIST = { type: 'Sensor' as const, id: 'LIST' };

/** The company's sensors and its device key (docs/sensors.md). */
export const sensorsApi = api.enhanceEndpoints({ addTagTypes: ['Sensor', 'DeviceKey'] }).injectEndpoints({
  endpoints: (build) => ({
    sensors: build.query<Page<SensorDto>, SensorListArgs>({
      query: ({ companyID, ...params }) => ({ url: apiPath({ companyID }, 'sensor'), params }),
      providesTags: [LIST],
    }),
    createSensor: build.mutation<SensorDto, { companyID: number; body: SensorInput }>({
      query: ({ companyID, body }) => ({ url: `${apiPath({ companyID }, 'sensor')}/`, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateSensor: build.mutation<SensorDto, { companyID: number; id: number; body: SensorInput }>({
      query: ({ companyID, id, body }) => ({ url: apiPath({ companyID }, `sensor/${id}`), method: 'PATCH', body }),
      invalidatesTags: [LIST],
    }),
    deleteSensor: build.mutation<null, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: apiPath({ companyID }, `sensor/${id}`), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    deviceKey: build.query<DeviceKeyInfo, { companyID: number }>({
      query: ({ companyID }) => apiPath({ companyID }, 'sensor/devicekey'),
      providesTags: [{ type: 'DeviceKey', id: 'CURRENT' }],
    }),
    rotateDeviceKey: build.mutation<DeviceKeyCreated, { companyID: number }>({
      query: ({ companyID }) => ({ url: apiPath({ companyID }, 'sensor/devicekey'), method: 'POST' }),
      invalidatesTags: [{ type: 'DeviceKey', id: 'CURRENT' }],
    }),
  }),
});

export const {
  useSensorsQuery,
  useCreateSensorMutation,
  useUpdateSensorMutation,
  useDeleteSensorMutation,
  useDeviceKeyQuery,
  useRotateDeviceKeyMutation,
} = sensorsApi;
