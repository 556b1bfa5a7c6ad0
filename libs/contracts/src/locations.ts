import type { ListQuery } from './identity';

/** Request/reply subjects of the catalog service for the locations of a customer. */
export const LocationSubjects = {
  list: 'catalog.location.list',
  get: 'catalog.location.get',
  create: 'catalog.location.create',
  update: 'catalog.location.update',
  delivery: 'catalog.location.delivery',
  delete: 'catalog.location.delete',
  toggle: 'catalog.location.toggle_active',
} as const;

/** Durable events about locations (JetStream stream EVT_catalog). */
export const LocationEvents = {
  locationChanged: 'evt.catalog.location_changed',
} as const;

/** The days of the week, Monday first. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Monday to Friday: the weekdays the schedule's `business_days` row applies to. */
export const BUSINESS_DAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** The rows of a schedule: every weekday plus "business days" (Monday to Friday). */
export const SCHEDULE_DAYS = [...WEEKDAYS, 'business_days'] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];

/**
 * The requisition runs (spec 9 and clarifications): every two hours from 06:00 to 24:00, where 24:00 is
 * 00:00 of the next day and still belongs to the day it closes.
 */
export const REQUISITION_SLOTS = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00', '24:00'] as const;
export type RequisitionSlot = (typeof REQUISITION_SLOTS)[number];

/**
 * When a location is checked and ordered: per row the requisition slots chosen. A weekday's effective slots
 * are its own slots plus, Monday to Friday, the `business_days` slots. Every row is present, sorted, without
 * repeats.
 */
export type LocationSchedule = Record<ScheduleDay, RequisitionSlot[]>;

/** 0 no picture, 1 optional, 2 required (when goods are taken or delivered with the app). */
export type TakePicture = 0 | 1 | 2;

export const LOCATION_SORTS = ['name', 'nr', 'city', 'sort', 'created_at'] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];

/** A location of a customer (spec 3), as returned by the API. */
export interface LocationDto {
  id: number;
  customer_id: number;
  name: string;
  /** unique within the customer when set (1059) */
  nr: string;
  extended_name: string;
  description: string;
  street: string;
  postal: string;
  city: string;
  state: string;
  country_iso: string;
  geo_lat: number | null;
  geo_long: number | null;
  cost_center: string;
  building: string;
  room: string;
  plant: string;
  site_code: string;
  recipient: string;
  trolley_number: string;
  r3_plant: string;
  account_assignment_number: string;
  account_assignment_type: string;
  ext_system_id: string;
  /** position in lists sorted by `sort` */
  sort: number;
  /** weekdays on which the location accepts deliveries, Monday first */
  delivery_days: Weekday[];
  /** service fee in EUR per delivery */
  service_fee_quantity: number;
  /** service item; null: not set (0 in a payload) */
  service_fee_item_id: number | null;
  deltakanban: boolean;
  adhoc: boolean;
  take_picture: TakePicture;
  /** null: active; else when it was deactivated */
  inactive_at: string | null;
  schedule: LocationSchedule;
  images: { url: string; selected: boolean }[];
  created_at: string;
  updated_at: string;
}

/** The writable fields of a location (create and update). */
export type LocationInput = Partial<Omit<LocationDto, 'id' | 'customer_id' | 'inactive_at' | 'schedule' | 'images' | 'created_at' | 'updated_at'>> & {
  /** replaces the whole schedule; rows left out are empty */
  schedule?: Partial<LocationSchedule>;
};

/** PATCH location/{id}/delivery: delivery days and schedule (the ones sent). */
export type LocationDeliveryInput = Pick<LocationInput, 'delivery_days' | 'schedule'>;

export interface LocationListQuery extends ListQuery {
  /** false (default): only active locations */
  all?: boolean;
}

/** evt.catalog.location_changed: a location was created, changed, (de)activated or deleted. */
export interface LocationChanged {
  id: number;
  company_id: number;
  customer_id: number;
  name: string;
  inactive: boolean;
  deleted?: boolean;
}
