import { Injectable } from '@nestjs/common';
import { AccessGroup, hasRole } from '@kanban/access';
import { Contact } from '../contacts/contact.entity';
import { Item } from '../items/item.entity';
import { itemAccessible } from '../items/item-visibility';
import { mayAccess } from '../restrictions/restriction-scope';
import { SettingsHooks } from './settings-hooks';

/**
 * Registers what the catalog's items mean for the settings: a unit named as an item's item unit or order unit
 * cannot be deleted or change its code (1007), and items can carry custom field values (visible per their
 * customer and supplier restrictions), and so can contacts (visible with their customer or supplier). Registered here, once; other parts register theirs the same way.
 */
@Injectable()
export class SettingsLinks {
  constructor(hooks: SettingsHooks) {
    hooks.dependsOn('unit', 'items', (em, unit) =>
      em.count(Item, { $or: [{ itemUnit: unit.code! }, { orderUnit: unit.code! }] }),
    );
    // the count runs with the company-bound entity manager: other companies' items do not exist here
    hooks.records('item', async (em, caller, id) => (await em.count(Item, { id })) > 0 && itemAccessible(em, caller, id));
    // a contact as its customer or supplier: hidden with it by the caller's restrictions, and a supplier's contact
    // from roles outside the supplier group (customer users), as its contact list is
    hooks.records('contact', async (em, caller, id) => {
      const contact = await em.findOne(Contact, { id }, { fields: ['id', 'customerId', 'supplierId'] });
      if (!contact) return false;
      if (contact.customerId !== null) return mayAccess(em, 'customer', caller, contact.customerId);
      return hasRole(caller.role, AccessGroup.supplier) && mayAccess(em, 'supplier', caller, contact.supplierId!);
    });
  }
}
