import type { DeviceKeyCreated, DeviceKeyInfo, Page, SensorAlarmsDto, SensorDto, SensorInput, SensorSort, SensorType } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { DeviceKeyCreated, DeviceKeyInfo, SensorAlarmsDto, SensorDto, SensorInput, SensorSort, SensorType };

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
    /** one sensor with its newest reading (last_value, last_seen_at): "calibrate now" polls it */
    sensor: build.query<SensorDto, { companyID: number; id: number }>({
      query: ({ companyID, id }) => apiPath({ companyID }, `sensor/${id}`),
      providesTags: (_result, _error, { id }) => [{ type: 'Sensor', id }],
    }),
    /** the sensors with an alarm, for the dashboards: the company's, a customer's or a location's racks */
    sensorAlarms: build.query<SensorAlarmsDto, { companyID: number; customerID?: number; locationID?: number }>({
      query: ({ companyID, customerID, locationID }) => ({ url: apiPath({ companyID }, 'sensor/alarms'), params: { customer_id: customerID, location_id: locationID } }),
      providesTags: [{ type: 'Sensor', id: 'ALARMS' }],
    }),
    createSensor: build.mutation<SensorDto, { companyID: number; body: SensorInput }>({
      query: ({ companyID, body }) => ({ url: `${apiPath({ companyID }, 'sensor')}/`, method: 'POST', body }),
      invalidatesTags: [LIST, { type: 'Sensor', id: 'ALARMS' }],
    }),
    updateSensor: build.mutation<SensorDto, { companyID: number; id: number; body: SensorInput }>({
      query: ({ companyID, id, body }) => ({ url: apiPath({ companyID }, `sensor/${id}`), method: 'PATCH', body }),
      invalidatesTags: [LIST, { type: 'Sensor', id: 'ALARMS' }],
    }),
    deleteSensor: build.mutation<null, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: apiPath({ companyID }, `sensor/${id}`), method: 'DELETE' }),
      invalidatesTags: [LIST, { type: 'Sensor', id: 'ALARMS' }],
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
  useSensorQuery,
  useSensorAlarmsQuery,
  useCreateSensorMutation,
  useUpdateSensorMutation,
  useDeleteSensorMutation,
  useDeviceKeyQuery,
  useRotateDeviceKeyMutation,
} = sensorsApi;
