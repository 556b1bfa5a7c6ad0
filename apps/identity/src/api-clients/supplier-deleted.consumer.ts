import { Payload } from '@nestjs/microservices';
import { CatalogEvents, type SupplierChanged } from '@kanban/contracts';
import { BusController, DeadLetters, type EventEnvelope, OnEvent } from '@kanban/messaging';
import { ApiClientsRepository } from './api-clients.repository';

/**
 * A deleted supplier's API clients stop working (docs/supplier-api.md): the catalog's `evt.catalog.supplier_changed`
 * with `deleted` revokes them, once per event (inbox), so a client cannot pull a feed of a supplier that is gone.
 */
@BusController()
export class SupplierDeletedConsumer {
  private readonly on;

  constructor(repository: ApiClientsRepository, deadLetters: DeadLetters) {
    this.on = deadLetters.once<SupplierChanged>('identity.api_client_suppliers', async (em, event) => {
      if (event.data.deleted === true) await repository.revokeAllOf(em, event.data.company_id, event.data.id, new Date());
    });
  }

  @OnEvent(CatalogEvents.supplierChanged)
  supplierChanged(@Payload() event: EventEnvelope<SupplierChanged>): Promise<void> {
    return this.on(event);
  }
}
