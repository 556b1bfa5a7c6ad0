import { Payload } from '@nestjs/microservices';
import {
  type BusRequest,
  LocationSubjects,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { LocationsService } from './locations.service';

@BusController()
export class LocationsHandler {
  constructor(private readonly locations: LocationsService) {}

  @Handles(LocationSubjects.list)
  list(@Payload() p: BusRequest<'catalog.location.list'>) {
    return this.locations.list(p.caller, p.query, p.customerId);
  }

  @Handles(LocationSubjects.get)
  get(@Payload() p: BusRequest<'catalog.location.get'>) {
    return this.locations.get(p.caller, p.locationId, p.customerId);
  }

  @Handles(LocationSubjects.create)
  create(@Payload() p: BusRequest<'catalog.location.create'>) {
    return this.locations.create(p.caller, p.input, p.customerId);
  }

  @Handles(LocationSubjects.update)
  update(@Payload() p: BusRequest<'catalog.location.update'>) {
    return this.locations.update(p.caller, p.locationId, p.input, p.customerId);
  }

  @Handles(LocationSubjects.delivery)
  delivery(@Payload() p: BusRequest<'catalog.location.delivery'>) {
    return this.locations.delivery(p.caller, p.locationId, p.input, p.customerId);
  }

  @Handles(LocationSubjects.toggle)
  toggle(@Payload() p: BusRequest<'catalog.location.toggle_active'>) {
    return this.locations.setActive(p.caller, p.locationId, p.active, p.customerId);
  }

  @Handles(LocationSubjects.delete)
  /** `confirm`: also delete its images (else 1002 when it has some); answers the blob keys to remove. */
  remove(@Payload() p: BusRequest<'catalog.location.delete'>): Promise<{ released: string[] }> {
    return this.locations.remove(p.caller, p.locationId, p.customerId, { confirm: p.confirm });
  }
}
