import { Injectable } from '@nestjs/common';
import { Item } from '../items/item.entity';
import { itemAccessible } from '../items/item-visibility';
import { SettingsHooks } from './settings-hooks';

/**
 * Registers what the catalog's items mean for the settings: a unit named as an item's item unit or order unit
 * cannot be deleted or change its code (1007), and items can carry custom field values (visible per their
 * customer and supplier restrictions). Registered here, once; other parts register theirs the same way.
 */
@Injectable()
export class SettingsLinks {
  constructor(hooks: SettingsHooks) {
    hooks.dependsOn('unit', 'items', (em, unit) =>
      em.count(Item, { $or: [{ itemUnit: unit.code! }, { orderUnit: unit.code! }] }),
    );
    // the count runs with the company-bound entity manager: other companies' items do not exist here
    hooks.records('item', async (em, caller, id) => (await em.count(Item, { id })) > 0 && itemAccessible(em, caller, id));
  }
}
