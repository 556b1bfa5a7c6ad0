import { Inject, Injectable } from '@nestjs/common';
import { CatalogEvents, type SupplierChanged, type SupplierDto, type SupplierInput } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { dropRuleRecipients } from '../contacts/rule-recipients';
import { MasterDataService } from '../shared/master-data.service';
import { Supplier } from './supplier.entity';
import { SuppliersRepository } from './suppliers.repository';
import { toSupplierDto } from './supplier.mapper';
import { applySupplierInput, normalizeSupplierInput, supplierSortProperty } from './supplier.rules';

/** Suppliers of a company: the shared master-data behaviour with the supplier's fields and `active` flag (spec 3). */
@Injectable()
export class SuppliersService extends MasterDataService<Supplier, SupplierDto, SupplierInput> {
  constructor(@Inject(unitOfWorkToken('catalog')) uow: UnitOfWork, suppliers: SuppliersRepository = new SuppliersRepository()) {
    super(uow, {
      entity: Supplier,
      kind: 'supplier',
      activeOnly: { active: true },
      isActive: (s) => s.active,
      markActive: (s, active) => (s.active = active),
      sortProperty: supplierSortProperty,
      normalize: normalizeSupplierInput,
      apply: applySupplierInput,
      toDto: toSupplierDto,
      event: CatalogEvents.supplierChanged,
      imageOwner: 'supplier_id',
      changed: (s): SupplierChanged & Record<string, unknown> => ({
        id: s.id,
        company_id: s.companyId,
        name: s.name,
        active: s.active,
      }),
      // its contacts go with it (on delete cascade); the rule recipients naming them too
      removing: (em, s) => dropRuleRecipients(em, s.companyId, { kind: 'supplier', id: s.id }),
      dependents: [{ what: 'catalogs', count: (em, s) => suppliers.catalogCount(em, s.id) }],
    });
  }
}
