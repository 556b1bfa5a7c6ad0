import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantEm } from '@kanban/persistence';
import { CustomField } from './custom-field.entity';
import { StorageType } from './storage-type.entity';
import { Unit } from './unit.entity';

// Codes of UN/ECE Recommendation 20, as the demo items name them (item unit PCE, order unit BOX, ...).
const DEMO_UNITS: Pick<Unit, 'code' | 'name' | 'description'>[] = [
  { code: 'PCE', name: 'Piece', description: 'Stück (Stk)' },
  { code: 'BOX', name: 'Box', description: 'Karton' },
  { code: 'PAK', name: 'Pack', description: 'Packung' },
  { code: 'KGM', name: 'Kilogram', description: 'Kilogramm (kg)' },
  { code: 'MTR', name: 'Metre', description: 'Meter (m)' },
  { code: 'LTR', name: 'Litre', description: 'Liter (l)' },
  { code: 'PAR', name: 'Pair', description: 'Paar' },
  { code: 'ROL', name: 'Roll', description: 'Rolle' },
  { code: 'BAG', name: 'Bag', description: 'Beutel' },
];

const DEMO_STORAGE_TYPES: Pick<StorageType, 'name' | 'description'>[] = [
  { name: 'Shelf rack', description: 'Fachbodenregal: shelves with kanban bins' },
  { name: 'Bin rack', description: 'Behälterregal: small parts in sight bins' },
  { name: 'Cabinet', description: 'Schrank: lockable, for tools and consumables' },
  { name: 'Pallet rack', description: 'Palettenregal: pallets and large packs' },
];

const DEMO_FIELDS: Pick<CustomField, 'entity' | 'key' | 'label' | 'type' | 'options' | 'required' | 'sort'>[] = [
  { entity: 'customer', key: 'industry', label: 'Industry', type: 'select', options: ['Automotive', 'Machinery', 'Electronics'], required: false, sort: 10 },
  { entity: 'customer', key: 'audit_date', label: 'Last audit', type: 'date', options: [], required: false, sort: 20 },
  { entity: 'item', key: 'hazardous', label: 'Hazardous goods', type: 'boolean', options: [], required: false, sort: 10 },
  { entity: 'supplier', key: 'rating', label: 'Rating', type: 'number', options: [], required: false, sort: 10 },
];

/** Units, storage types and a few custom fields for the demo company (the other company gets two units); skips companies that have units. */
export async function seedSettingsDemo(em: EntityManager, ids: { demoCompanyId: number; otherCompanyId: number }): Promise<void> {
  for (const [companyId, units, types, fields] of [
    [ids.demoCompanyId, DEMO_UNITS, DEMO_STORAGE_TYPES, DEMO_FIELDS],
    [ids.otherCompanyId, DEMO_UNITS.filter((u) => u.code === 'PCE' || u.code === 'KGM'), DEMO_STORAGE_TYPES.slice(0, 1), []],
  ] as const) {
    const scoped = tenantEm(em, companyId);
    if ((await scoped.count(Unit, {})) > 0) continue;
    // One row per flush: the embedded driver answers a multi-row insert's ids unreliably.
    for (const data of units) {
      scoped.create(Unit, { ...data, companyId } as Unit);
      await scoped.flush();
    }
    for (const data of types) {
      scoped.create(StorageType, { ...data, companyId } as StorageType);
      await scoped.flush();
    }
    for (const data of fields) {
      scoped.create(CustomField, { ...data, options: [...data.options], companyId } as CustomField);
      await scoped.flush();
    }
  }
}
