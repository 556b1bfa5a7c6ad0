import { Inject, Injectable } from '@nestjs/common';
import { CatalogEvents, type CustomerChanged, type CustomerDto, type CustomerInput } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { dropRuleRecipients } from '../contacts/rule-recipients';
import { MasterDataService } from '../shared/master-data.service';
import { Customer } from './customer.entity';
import { CustomersRepository } from './customers.repository';
import { customerOrderingFields } from '../replenishment/replenishment';
import { toCustomerDto } from './customer.mapper';
import { applyCustomerInput, customerSortProperty, normalizeCustomerInput } from './customer.rules';

/** Customers of a company: the shared master-data behaviour with the customer's fields and `inactive` flag. */
@Injectable()
export class CustomersService extends MasterDataService<Customer, CustomerDto, CustomerInput> {
  constructor(@Inject(unitOfWorkToken('catalog')) uow: UnitOfWork, customers: CustomersRepository = new CustomersRepository()) {
    super(uow, {
      entity: Customer,
      kind: 'customer',
      activeOnly: { inactive: false },
      isActive: (c) => !c.inactive,
      markActive: (c, active) => (c.inactive = !active),
      sortProperty: customerSortProperty,
      normalize: normalizeCustomerInput,
      apply: applyCustomerInput,
      toDto: toCustomerDto,
      event: CatalogEvents.customerChanged,
      imageOwner: 'customer_id',
      changed: (c): CustomerChanged & Record<string, unknown> => ({
        id: c.id,
        company_id: c.companyId,
        name: c.name,
        inactive: c.inactive,
        ...customerOrderingFields(c),
      }),
      // its contacts go with it (on delete cascade); the rule recipients naming them too
      removing: (em, c) => dropRuleRecipients(em, c.companyId, { kind: 'customer', id: c.id }),
      dependents: [
        { what: 'locations', count: (em, c) => customers.locationCount(em, c.id) },
        { what: 'items', count: (em, c) => customers.itemCount(em, c.id) },
      ],
    });
  }
}
