import { Payload } from '@nestjs/microservices';
import { type BusRequest, CatalogSubjects } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { CustomersService } from './customers.service';

@BusController()
export class CustomersHandler {
  constructor(private readonly customers: CustomersService) {}

  @Handles(CatalogSubjects.listCustomers)
  list(@Payload() p: BusRequest<'catalog.customer.list'>) {
    return this.customers.list(p.caller, p.query);
  }

  @Handles(CatalogSubjects.getCustomer)
  get(@Payload() p: BusRequest<'catalog.customer.get'>) {
    return this.customers.get(p.caller, p.customerId);
  }

  @Handles(CatalogSubjects.createCustomer)
  create(@Payload() p: BusRequest<'catalog.customer.create'>) {
    return this.customers.create(p.caller, p.input);
  }

  @Handles(CatalogSubjects.updateCustomer)
  update(@Payload() p: BusRequest<'catalog.customer.update'>) {
    return this.customers.update(p.caller, p.customerId, p.input);
  }

  @Handles(CatalogSubjects.toggleCustomer)
  toggle(@Payload() p: BusRequest<'catalog.customer.toggle_active'>) {
    return this.customers.setActive(p.caller, p.customerId, p.active);
  }

  @Handles(CatalogSubjects.deleteCustomer)
  /** `confirm`: also delete its images (else 1002 when it has some); answers the blob keys to remove. */
  remove(@Payload() p: BusRequest<'catalog.customer.delete'>): Promise<{ released: string[] }> {
    return this.customers.remove(p.caller, p.customerId, undefined, { confirm: p.confirm });
  }
}
