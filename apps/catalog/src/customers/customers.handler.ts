import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogSubjects, type CompanyCaller, type CustomerInput, type CustomerListQuery } from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { CustomersService } from './customers.service';

@BusController()
export class CustomersHandler {
  constructor(private readonly customers: CustomersService) {}

  @MessagePattern(CatalogSubjects.listCustomers)
  list(@Payload() p: { caller: CompanyCaller; query: CustomerListQuery }) {
    return this.customers.list(p.caller, p.query);
  }

  @MessagePattern(CatalogSubjects.getCustomer)
  get(@Payload() p: { caller: CompanyCaller; customerId: number }) {
    return this.customers.get(p.caller, p.customerId);
  }

  @MessagePattern(CatalogSubjects.createCustomer)
  create(@Payload() p: { caller: CompanyCaller; input: CustomerInput }) {
    return this.customers.create(p.caller, p.input);
  }

  @MessagePattern(CatalogSubjects.updateCustomer)
  update(@Payload() p: { caller: CompanyCaller; customerId: number; input: CustomerInput }) {
    return this.customers.update(p.caller, p.customerId, p.input);
  }

  @MessagePattern(CatalogSubjects.toggleCustomer)
  toggle(@Payload() p: { caller: CompanyCaller; customerId: number; active: boolean }) {
    return this.customers.setActive(p.caller, p.customerId, p.active);
  }

  @MessagePattern(CatalogSubjects.deleteCustomer)
  /** `confirm`: also delete its images (else 1002 when it has some); answers the blob keys to remove. */
  remove(@Payload() p: { caller: CompanyCaller; customerId: number; confirm?: boolean }): Promise<{ released: string[] }> {
    return this.customers.remove(p.caller, p.customerId, undefined, { confirm: p.confirm });
  }
}
