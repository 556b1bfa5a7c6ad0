import { SENSOR_EXTERNAL_ID_PATTERN, SENSOR_INTERVAL_DEFAULT, SENSOR_INTERVAL_MAX, SENSOR_UNITS, type SensorType, type SensorUnit } from '@kanban/contracts';
import { isApiError } from '../../shared/api/apiError';
import type { SensorDto, SensorInput } from './sensorsApi';

/** The sensor form: its text values, client-side checks (i18n keys), the payload and the server's messages translated. */

export const SENSOR_FIELDS = ['name', 'external_id', 'type', 'unit', 'version', 'interval_minutes'] as const;
export type SensorField = (typeof SENSOR_FIELDS)[number];

export function sensorValues(sensor: SensorDto | null): Record<SensorField, string> {
  return {
    name: sensor?.name ?? '',
    external_id: sensor?.external_id ?? '',
    type: sensor?.type ?? 'weight',
    unit: sensor?.unit ?? 'g',
    version: sensor?.version ?? '',
    interval_minutes: String(sensor?.interval_minutes ?? SENSOR_INTERVAL_DEFAULT),
  };
}

/** The units a type's raw values come in (the first is the default). */
export function unitsOf(type: string): readonly string[] {
  return SENSOR_UNITS[type as SensorType] ?? [];
}

/** The client-side messages (i18n keys) per field, shown once a field is touched. */
export function sensorErrors(values: Record<SensorField, string>): Partial<Record<SensorField, string>> {
  const interval = values.interval_minutes.trim();
  return {
    name: values.name.trim() ? undefined : 'validation.required',
    external_id: !values.external_id.trim()
      ? 'validation.required'
      : SENSOR_EXTERNAL_ID_PATTERN.test(values.external_id.trim())
        ? undefined
        : 'sensors.validation.externalId',
    unit: unitsOf(values.type).includes(values.unit) ? undefined : 'sensors.validation.unit',
    interval_minutes: !interval
      ? 'validation.required'
      : /^\d{1,5}$/.test(interval) && Number(interval) >= 1 && Number(interval) <= SENSOR_INTERVAL_MAX
        ? undefined
        : 'sensors.validation.interval',
  };
}

export function sensorBody(values: Record<SensorField, string>, active: boolean): SensorInput {
  return {
    name: values.name.trim(),
    external_id: values.external_id.trim(),
    type: values.type as SensorType,
    unit: values.unit as SensorUnit,
    version: values.version.trim(),
    interval_minutes: Number(values.interval_minutes.trim()),
    active,
  };
}

/** The i18n key of the server's message for a field of a 1000 answer (the server speaks English). */
const SERVER_FIELD_TEXT: Record<string, string> = {
  name: 'sensors.validation.name',
  external_id: 'sensors.validation.externalId',
  type: 'sensors.validation.type',
  unit: 'sensors.validation.unit',
  version: 'sensors.validation.version',
  interval_minutes: 'sensors.validation.interval',
};

/**
 * A failed save in the reader's language: 1000 gets the catalogue text above the form and each field's own message
 * at the field; 1059 (the external id is taken) says so at the external id; other errors pass unchanged.
 */
export function translatedSensorError(error: unknown, t: (key: string) => string): unknown {
  if (!isApiError(error)) return error;
  if (error.code === 1059) {
    const message = t('sensors.validation.externalIdTaken');
    return { ...error, message: t('errors.code.1059'), errors: [{ field: 'external_id', message }] };
  }
  if (error.code !== 1000) return error;
  const translate = (field: string | undefined, message: string) => (field && SERVER_FIELD_TEXT[field] ? t(SERVER_FIELD_TEXT[field]!) : message);
  return {
    ...error,
    message: t('errors.code.1000'),
    errors: (error.errors ?? (error.field ? [{ field: error.field, message: error.message }] : [])).map((e) => ({ ...e, message: translate(e.field, e.message) })),
  };
}
