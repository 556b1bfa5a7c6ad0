import { AppError } from '@kanban/access';
import {
  REQUISITION_SLOTS,
  SCHEDULE_DAYS,
  WEEKDAYS,
  type LocationDeliveryInput,
  type LocationInput,
  type LocationSchedule,
  type LocationSort,
  type RequisitionSlot,
  type Weekday,
} from '@kanban/contracts';
import { ADDRESS_FIELDS, applyBasics, normalizeBasics, normalizeItemRef } from '../shared/addressed-record.rules';
import { sortProperty } from '../shared/list-query';
import type { Location } from './location.entity';

const TEXT_FIELDS = [
  'name',
  'nr',
  'extended_name',
  'description',
  ...ADDRESS_FIELDS,
  'cost_center',
  'building',
  'room',
  'plant',
  'site_code',
  'recipient',
  'trolley_number',
  'r3_plant',
  'account_assignment_number',
  'account_assignment_type',
  'ext_system_id',
] as const;
const BOOLEAN_FIELDS = ['deltakanban', 'adhoc'] as const;

/** Weekdays as sent: known days only, answered once each, Monday first. */
export function normalizeDeliveryDays(value: unknown): Weekday[] {
  if (!Array.isArray(value) || value.some((d) => !(WEEKDAYS as readonly unknown[]).includes(d))) {
    throw AppError.validation('delivery_days', `must be a list of ${WEEKDAYS.join(', ')}`);
  }
  return WEEKDAYS.filter((d) => value.includes(d));
}

/** A schedule as sent: known rows and slots only; every row answered, slots sorted without repeats. */
export function normalizeSchedule(value: unknown): LocationSchedule {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw AppError.validation('schedule', 'must be an object of days');
  const sent = value as Record<string, unknown>;
  for (const key of Object.keys(sent)) {
    if (!(SCHEDULE_DAYS as readonly string[]).includes(key)) throw AppError.validation(`schedule.${key}`, `is not one of ${SCHEDULE_DAYS.join(', ')}`);
  }
  const out = {} as LocationSchedule;
  for (const day of SCHEDULE_DAYS) {
    const slots = sent[day] ?? [];
    if (!Array.isArray(slots) || slots.some((s) => !(REQUISITION_SLOTS as readonly unknown[]).includes(s))) {
      throw AppError.validation(`schedule.${day}`, `must be a list of ${REQUISITION_SLOTS.join(', ')}`);
    }
    out[day] = REQUISITION_SLOTS.filter((s) => slots.includes(s));
  }
  return out;
}

/** Every row of a stored schedule (rows missing in older data are empty). */
export function fullSchedule(stored: Partial<LocationSchedule> | null | undefined): LocationSchedule {
  const out = {} as LocationSchedule;
  for (const day of SCHEDULE_DAYS) out[day] = [...(stored?.[day] ?? [])];
  return out;
}

/** The requisition slots that apply on a weekday: its own plus, Monday to Friday, the business-day slots. */
export function slotsOn(schedule: Partial<LocationSchedule>, day: Weekday): RequisitionSlot[] {
  const own = new Set<RequisitionSlot>(schedule[day] ?? []);
  if (day !== 'saturday' && day !== 'sunday') for (const s of schedule.business_days ?? []) own.add(s);
  return REQUISITION_SLOTS.filter((s) => own.has(s));
}

function coordinate(field: 'geo_lat' | 'geo_long', value: unknown, limit: number): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw AppError.validation(field, `must be a number from -${limit} to ${limit} or null`);
  }
  return value;
}

/**
 * The service's own check of a location payload (the gateway validates the DTO first). Trims texts; an
 * item id of 0 means "not set"; the fee is rounded to cents. Answers the cleaned input or throws 1000
 * naming the field.
 */
export function normalizeLocationInput(input: LocationInput, mode: 'create' | 'update'): LocationInput {
  const out = normalizeBasics(input, mode, { texts: TEXT_FIELDS, flags: BOOLEAN_FIELDS });
  if (input.geo_lat !== undefined) out.geo_lat = coordinate('geo_lat', input.geo_lat, 90);
  if (input.geo_long !== undefined) out.geo_long = coordinate('geo_long', input.geo_long, 180);
  if (input.sort !== undefined) {
    if (!Number.isInteger(input.sort) || Math.abs(input.sort) > 1_000_000) throw AppError.validation('sort', 'must be an integer');
    out.sort = input.sort;
  }
  if (input.service_fee_quantity !== undefined) {
    const fee = input.service_fee_quantity;
    if (typeof fee !== 'number' || !Number.isFinite(fee) || fee < 0 || fee > 1_000_000) {
      throw AppError.validation('service_fee_quantity', 'must be an amount in EUR from 0 to 1000000');
    }
    out.service_fee_quantity = Math.round(fee * 100) / 100;
  }
  const serviceItem = normalizeItemRef('service_fee_item_id', input.service_fee_item_id, mode);
  if (serviceItem !== undefined) out.service_fee_item_id = serviceItem;
  if (input.take_picture !== undefined) {
    if (input.take_picture !== 0 && input.take_picture !== 1 && input.take_picture !== 2) {
      throw AppError.validation('take_picture', 'must be 0 (none), 1 (optional) or 2 (required)');
    }
    out.take_picture = input.take_picture;
  }
  Object.assign(out, normalizeDeliveryInput(input));
  return out;
}

/** The delivery part of a payload (PATCH location/{id}/delivery): delivery days and schedule, as sent. */
export function normalizeDeliveryInput(input: LocationDeliveryInput): LocationDeliveryInput {
  const out: LocationDeliveryInput = {};
  if (input.delivery_days !== undefined) out.delivery_days = normalizeDeliveryDays(input.delivery_days);
  if (input.schedule !== undefined) out.schedule = normalizeSchedule(input.schedule);
  return out;
}

/** Writes a normalized input onto the entity; an empty number is stored as null (unique only when set). */
export function applyLocationInput(location: Location, input: LocationInput): void {
  applyBasics(location, input);
  if (input.extended_name !== undefined) location.extendedName = input.extended_name;
  if (input.geo_lat !== undefined) location.geoLat = input.geo_lat;
  if (input.geo_long !== undefined) location.geoLong = input.geo_long;
  if (input.cost_center !== undefined) location.costCenter = input.cost_center;
  if (input.building !== undefined) location.building = input.building;
  if (input.room !== undefined) location.room = input.room;
  if (input.plant !== undefined) location.plant = input.plant;
  if (input.site_code !== undefined) location.siteCode = input.site_code;
  if (input.recipient !== undefined) location.recipient = input.recipient;
  if (input.trolley_number !== undefined) location.trolleyNumber = input.trolley_number;
  if (input.r3_plant !== undefined) location.r3Plant = input.r3_plant;
  if (input.account_assignment_number !== undefined) location.accountAssignmentNumber = input.account_assignment_number;
  if (input.account_assignment_type !== undefined) location.accountAssignmentType = input.account_assignment_type;
  if (input.ext_system_id !== undefined) location.extSystemId = input.ext_system_id;
  if (input.sort !== undefined) location.sort = input.sort;
  if (input.delivery_days !== undefined) location.deliveryDays = input.delivery_days;
  if (input.service_fee_quantity !== undefined) location.serviceFeeQuantity = input.service_fee_quantity;
  if (input.service_fee_item_id !== undefined) location.serviceFeeItemId = input.service_fee_item_id;
  if (input.deltakanban !== undefined) location.deltakanban = input.deltakanban;
  if (input.adhoc !== undefined) location.adhoc = input.adhoc;
  if (input.take_picture !== undefined) location.takePicture = input.take_picture;
  if (input.schedule !== undefined) location.schedule = fullSchedule(input.schedule);
}

const SORT_COLUMNS: Record<LocationSort, string> = { name: 'name', nr: 'nr', city: 'city', sort: 'sort', created_at: 'createdAt' };

/** The entity property a location list is sorted by; unknown values sort by name. */
export function locationSortProperty(sort: string | undefined): string {
  return sortProperty(sort, SORT_COLUMNS, 'name');
}
