import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  LocationSubjects,
  type CompanyCaller,
  type LocationDeliveryInput,
  type LocationInput,
  type LocationListQuery,
} from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { LocationsService } from './locations.service';

interface Scope {
  caller: CompanyCaller;
  customerId: number;
}

@BusController()
export class LocationsHandler {
  constructor(private readonly locations: LocationsService) {}

  @MessagePattern(LocationSubjects.list)
  list(@Payload() p: Scope & { query: LocationListQuery }) {
    return this.locations.list(p.caller, p.query, p.customerId);
  }

  @MessagePattern(LocationSubjects.get)
  get(@Payload() p: Scope & { locationId: number }) {
    return this.locations.get(p.caller, p.locationId, p.customerId);
  }

  @MessagePattern(LocationSubjects.create)
  create(@Payload() p: Scope & { input: LocationInput }) {
    return this.locations.create(p.caller, p.input, p.customerId);
  }

  @MessagePattern(LocationSubjects.update)
  update(@Payload() p: Scope & { locationId: number; input: LocationInput }) {
    return this.locations.update(p.caller, p.locationId, p.input, p.customerId);
  }

  @MessagePattern(LocationSubjects.delivery)
  delivery(@Payload() p: Scope & { locationId: number; input: LocationDeliveryInput }) {
    return this.locations.delivery(p.caller, p.locationId, p.input, p.customerId);
  }

  @MessagePattern(LocationSubjects.toggle)
  toggle(@Payload() p: Scope & { locationId: number; active: boolean }) {
    return this.locations.setActive(p.caller, p.locationId, p.active, p.customerId);
  }

  @MessagePattern(LocationSubjects.delete)
  async remove(@Payload() p: Scope & { locationId: number }): Promise<null> {
    await this.locations.remove(p.caller, p.locationId, p.customerId);
    return null;
  }
}
