import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import {
  LocationEvents,
  type CompanyCaller,
  type LocationDeliveryInput,
  type LocationDto,
  type LocationInput,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { mayAccess } from '../restrictions/restriction-scope';
import { MasterDataService } from '../shared/master-data.service';
import { locationOrderingFields } from '../replenishment/replenishment';
import { Location } from './location.entity';
import { LocationsRepository } from './locations.repository';
import { locationChanged, toLocationDto } from './location.mapper';
import { applyLocationInput, locationSortProperty, normalizeDeliveryInput, normalizeLocationInput } from './location.rules';

/**
 * The customer a location call names: unknown, of another company or hidden by access restrictions
 * answers 404; creating or activating a location of an inactive customer answers 1039.
 */
export async function checkCustomer(
  locations: LocationsRepository,
  em: EntityManager,
  caller: CompanyCaller,
  customerId: number,
  purpose: 'read' | 'write' | 'create' | 'activate',
): Promise<void> {
  const customer = await locations.customer(em, customerId);
  if (!customer || !(await mayAccess(em, 'customer', caller, customerId))) {
    throw new AppError(ProtocolCode.NotFound, 'customer not found');
  }
  if ((purpose === 'create' || purpose === 'activate') && customer.inactive) {
    throw new AppError(ErrorCode.CustomerOrLocationInactive, 'the customer is inactive');
  }
}

/** Locations of a customer: the shared master-data behaviour under the customer, active while inactive_at is null. */
@Injectable()
export class LocationsService extends MasterDataService<Location, LocationDto, LocationInput> {
  constructor(@Inject(unitOfWorkToken('catalog')) uow: UnitOfWork, locations: LocationsRepository = new LocationsRepository()) {
    super(uow, {
      entity: Location,
      kind: 'location',
      activeOnly: { inactiveAt: null },
      isActive: (l) => l.inactiveAt === null,
      markActive: (l, active) => (l.inactiveAt = active ? null : new Date()),
      sortProperty: locationSortProperty,
      normalize: normalizeLocationInput,
      apply: applyLocationInput,
      toDto: toLocationDto,
      event: LocationEvents.locationChanged,
      imageOwner: 'location_id',
      changed: (location) => ({ ...locationChanged(location), ...locationOrderingFields(location) }),
      parent: { property: 'customerId', check: (em, caller, customerId, purpose) => checkCustomer(locations, em, caller, customerId, purpose) },
      dependents: [{ what: 'storages', count: (em, location) => locations.storageCount(em, location.id) }],
    });
  }

  /** PATCH location/{id}/delivery: only the delivery days and the schedule. */
  delivery(caller: CompanyCaller, id: number, input: LocationDeliveryInput, customerId: number): Promise<LocationDto> {
    const delivery = normalizeDeliveryInput(input ?? {});
    if (delivery.delivery_days === undefined && delivery.schedule === undefined) {
      throw AppError.validation('delivery_days', 'send delivery_days, schedule or both');
    }
    return this.update(caller, id, delivery, customerId);
  }
}
