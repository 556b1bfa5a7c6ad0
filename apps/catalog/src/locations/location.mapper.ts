import type { LocationChanged, LocationDto } from '@kanban/contracts';
import { addressDto } from '../shared/addressed-record.rules';
import type { Location } from './location.entity';
import { fullSchedule } from './location.rules';

export function toLocationDto(location: Location): LocationDto {
  return {
    id: location.id,
    customer_id: location.customerId,
    name: location.name,
    nr: location.nr ?? '',
    extended_name: location.extendedName,
    description: location.description,
    ...addressDto(location),
    geo_lat: location.geoLat,
    geo_long: location.geoLong,
    cost_center: location.costCenter,
    building: location.building,
    room: location.room,
    plant: location.plant,
    site_code: location.siteCode,
    recipient: location.recipient,
    trolley_number: location.trolleyNumber,
    r3_plant: location.r3Plant,
    account_assignment_number: location.accountAssignmentNumber,
    account_assignment_type: location.accountAssignmentType,
    ext_system_id: location.extSystemId,
    sort: location.sort,
    delivery_days: [...location.deliveryDays],
    service_fee_quantity: Number(location.serviceFeeQuantity),
    service_fee_item_id: location.serviceFeeItemId,
    deltakanban: location.deltakanban,
    adhoc: location.adhoc,
    take_picture: location.takePicture,
    inactive_at: location.inactiveAt ? location.inactiveAt.toISOString() : null,
    schedule: fullSchedule(location.schedule),
    images: [],
    created_at: location.createdAt.toISOString(),
    updated_at: location.updatedAt.toISOString(),
  };
}

export function locationChanged(location: Location): LocationChanged & Record<string, unknown> {
  return {
    id: location.id,
    company_id: location.companyId,
    customer_id: location.customerId,
    name: location.name,
    inactive: location.inactiveAt !== null,
  };
}
