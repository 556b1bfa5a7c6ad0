import { Payload } from '@nestjs/microservices';
import { ApiClientSubjects, type BusRequest } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { ApiClientsService } from './api-clients.service';

/** Suppliers' API clients (docs/supplier-api.md). */
@BusController()
export class ApiClientsHandler {
  constructor(private readonly clients: ApiClientsService) {}

  @Handles(ApiClientSubjects.list)
  list(@Payload() p: BusRequest<'identity.api_client.list'>) {
    return this.clients.list(p.caller, p.scope);
  }

  @Handles(ApiClientSubjects.create)
  create(@Payload() p: BusRequest<'identity.api_client.create'>) {
    return this.clients.create(p.caller, p.scope, p.input);
  }

  @Handles(ApiClientSubjects.revoke)
  revoke(@Payload() p: BusRequest<'identity.api_client.revoke'>) {
    return this.clients.revoke(p.caller, p.scope, p.id);
  }

  @Handles(ApiClientSubjects.token)
  token(@Payload() p: BusRequest<'identity.api_client.token'>) {
    return this.clients.token(p.client_id, p.client_secret);
  }

  @Handles(ApiClientSubjects.check)
  check(@Payload() p: BusRequest<'identity.api_client.check'>) {
    return this.clients.check(p.client_id);
  }
}
