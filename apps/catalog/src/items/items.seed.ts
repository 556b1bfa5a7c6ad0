import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantEm } from '@kanban/persistence';
import { Catalog } from '../catalogs/catalog.entity';
import { Customer } from '../customers/customer.entity';
import { Supplier } from '../suppliers/supplier.entity';

/** Demo catalogs per supplier number: name, contract name, external id, the product families they carry. */
const CATALOGS: Record<string, { name: string; contractName: string; extSystemId: string; families: string[] }[]> = {
  'L-100': [
    { name: 'Normteile 2026', contractName: 'Rahmenvertrag Normteile 2026', extSystemId: 'CAT-100-N', families: ['hexScrew', 'hexNut', 'washer', 'countersunk', 'woodScrew', 'wallPlug'] },
    { name: 'Elektro-Kleinteile', contractName: 'Elektro 2026', extSystemId: 'CAT-100-E', families: ['cableTie', 'cableLug', 'tape'] },
  ],
  'L-200': [{ name: 'Arbeitsschutz', contractName: 'PSA Tirol 2026', extSystemId: 'CAT-200-A', families: ['gloves', 'glasses', 'earplugs'] }],
  'L-300': [{ name: 'Befestigung CH', contractName: 'Rahmenvertrag 2025', extSystemId: 'CAT-300-B', families: ['hoseClamp', 'oRing'] }],
  'S-10': [{ name: 'Werkzeug Basis', contractName: 'Zürich 2026', extSystemId: 'CAT-S10', families: ['drill', 'disc'] }],
};

interface Family {
  sku: string;
  name: (size: string) => string;
  sizes: string[];
  itemUnit: string;
  orderUnit: string;
  perOrderUnit: number;
  group: string;
  unspsc: string;
}

const FAMILIES: Record<string, Family> = {
  hexScrew: { sku: 'DIN933', name: (s) => `Hex head screw DIN 933 ${s} 8.8 zinc plated`, sizes: ['M5x16', 'M6x20', 'M6x30', 'M8x25', 'M8x40', 'M10x30', 'M10x50', 'M12x40', 'M12x60', 'M16x60'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Screws', unspsc: '31161605' },
  hexNut: { sku: 'DIN934', name: (s) => `Hex nut DIN 934 ${s} 8 zinc plated`, sizes: ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 200, group: 'Nuts', unspsc: '31161700' },
  washer: { sku: 'DIN125', name: (s) => `Washer DIN 125 A ${s} steel zinc plated`, sizes: ['4.3', '5.3', '6.4', '8.4', '10.5', '13', '17'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 500, group: 'Washers', unspsc: '31161800' },
  countersunk: { sku: 'DIN7991', name: (s) => `Countersunk screw DIN 7991 ${s} 10.9 black`, sizes: ['M4x12', 'M5x16', 'M6x20', 'M8x25', 'M10x30'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Screws', unspsc: '31161605' },
  woodScrew: { sku: 'WS-TX', name: (s) => `Chipboard screw Torx countersunk ${s} yellow zinc`, sizes: ['3.5x30', '4x40', '4.5x50', '5x60', '6x80'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 200, group: 'Screws', unspsc: '31161500' },
  wallPlug: { sku: 'PLUG-NY', name: (s) => `Wall plug nylon ${s}`, sizes: ['5x25', '6x30', '8x40', '10x50', '12x60'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Anchors', unspsc: '31162000' },
  cableTie: { sku: 'CT', name: (s) => `Cable tie ${s} polyamide`, sizes: ['2.5x100 black', '2.5x100 natural', '3.6x200 black', '4.8x300 black', '7.6x450 black', '3.6x140 natural'], itemUnit: 'PCE', orderUnit: 'BAG', perOrderUnit: 100, group: 'Electrical', unspsc: '39121700' },
  cableLug: { sku: 'LUG', name: (s) => `Tubular cable lug copper ${s}`, sizes: ['6-M6', '10-M8', '16-M8', '25-M10', '35-M10'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 50, group: 'Electrical', unspsc: '39121400' },
  tape: { sku: 'TAPE-PVC', name: (s) => `Insulating tape PVC 19 mm x 20 m ${s}`, sizes: ['black', 'blue', 'red', 'green-yellow'], itemUnit: 'ROL', orderUnit: 'PAK', perOrderUnit: 10, group: 'Electrical', unspsc: '31201500' },
  gloves: { sku: 'GLV-NIT', name: (s) => `Nitrile disposable gloves powder-free size ${s}`, sizes: ['S', 'M', 'L', 'XL'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Safety', unspsc: '46181504' },
  glasses: { sku: 'GLS', name: (s) => `Safety glasses ${s} EN 166`, sizes: ['clear', 'tinted', 'over-glasses clear'], itemUnit: 'PCE', orderUnit: 'PCE', perOrderUnit: 1, group: 'Safety', unspsc: '46181802' },
  earplugs: { sku: 'EAR', name: (s) => `Foam ear plugs ${s} SNR 37`, sizes: ['single', 'corded'], itemUnit: 'PAR', orderUnit: 'BOX', perOrderUnit: 200, group: 'Safety', unspsc: '46181902' },
  hoseClamp: { sku: 'HC-W2', name: (s) => `Hose clamp W2 stainless ${s} mm`, sizes: ['8-12', '12-20', '16-25', '20-32', '25-40', '32-50'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 50, group: 'Clamps', unspsc: '31162400' },
  oRing: { sku: 'OR-NBR', name: (s) => `O-ring NBR 70 ${s}`, sizes: ['10x2', '15x2.5', '20x3', '25x3', '30x3.5'], itemUnit: 'PCE', orderUnit: 'BAG', perOrderUnit: 25, group: 'Seals', unspsc: '31181700' },
  drill: { sku: 'HSS-G', name: (s) => `Twist drill HSS-G DIN 338 ${s} mm`, sizes: ['3', '4', '5', '6', '8', '10'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 10, group: 'Tools', unspsc: '27112802' },
  disc: { sku: 'CUT', name: (s) => `Cutting disc inox ${s}`, sizes: ['115x1.0', '125x1.0', '125x1.6', '230x1.9'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 25, group: 'Abrasives', unspsc: '31191500' },
};

/** A row of demo item data, deterministic in its index. */
function demoItem(companyId: number, customerId: number, catalog: Catalog, family: Family, size: string, index: number): Record<string, unknown> {
  const moq = [1, 1, 2, 5][index % 4];
  const increment = index % 3 === 0 ? 2 : 1;
  const sizeKey = size.replace(/[^A-Za-z0-9.]+/g, '-').toUpperCase();
  return {
    company_id: companyId,
    customer_id: customerId,
    catalog_id: catalog.id,
    supplier_id: catalog.supplierId,
    sku: `${family.sku}-${sizeKey}`,
    name: family.name(size),
    description: `${family.group} from ${catalog.name}`,
    item_unit: family.itemUnit,
    order_unit: family.orderUnit,
    quantity_per_order_unit: family.perOrderUnit,
    min_order_quantity: moq,
    max_order_quantity: index % 5 === 0 ? 0 : moq * 20,
    order_quantity: moq * increment * 2,
    order_quantity_increment: increment,
    lead_time_days: 1 + (index % 7),
    transit_days: index % 3,
    material_number: `MAT-${String(10000 + index * 7).padStart(6, '0')}`,
    material_group: family.group,
    unspsc: family.unspsc,
    contract_end_date: index % 41 === 7 ? '2025-12-31' : index % 13 === 0 ? '2027-12-31' : null,
    subscription_interval: index % 9 === 0 ? 14 : 0,
    paused_until: index % 23 === 4 ? '2099-01-31' : null,
    disabled: index % 41 === 7 || index % 37 === 11,
    instant_delivery: index % 11 === 0,
    purchaseable: index % 17 !== 3,
    customer_sku: index % 2 === 0 ? `C-${customerId}-${1000 + index}` : '',
    created_at: new Date(Date.UTC(2026, 0, 1, 8, 0, index)),
    updated_at: new Date(Date.UTC(2026, 0, 1, 8, 0, index)),
  };
}

/**
 * Demo catalogs (1-2 per supplier) and items: each active customer carries the products of every catalog
 * (a few hundred items; some disabled, a few with an ended contract, some paused). Does nothing when the
 * company has catalogs already.
 */
export async function seedItemsDemo(em: EntityManager, companyId: number): Promise<void> {
  const scoped = tenantEm(em, companyId);
  if ((await scoped.count(Catalog, {})) > 0) return;
  const suppliers = await scoped.find(Supplier, {}, { orderBy: { id: 'asc' } });
  const catalogs: [Catalog, string[]][] = [];
  for (const supplier of suppliers) {
    for (const data of CATALOGS[supplier.nr ?? ''] ?? []) {
      const catalog = scoped.create(Catalog, { companyId, supplierId: supplier.id, name: data.name, contractName: data.contractName, extSystemId: data.extSystemId, description: `${data.name} (${supplier.name})` } as Catalog);
      await scoped.flush();
      catalogs.push([catalog, data.families]);
    }
  }
  const customers = await scoped.find(Customer, {}, { orderBy: { id: 'asc' } });
  const rows: Record<string, unknown>[] = [];
  let index = 0;
  for (const customer of customers) {
    for (const [catalog, families] of catalogs) {
      for (const key of families) {
        const family = FAMILIES[key]!;
        // The inactive customer keeps only part of the range.
        const sizes = customer.inactive ? family.sizes.slice(0, 2) : family.sizes;
        for (const size of sizes) rows.push(demoItem(companyId, customer.id, catalog, family, size, index++));
      }
    }
  }
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await em.execute(`insert into catalog.item (${columns.join(', ')}) values ${values}`, chunk.flatMap((r) => columns.map((c) => r[c])));
  }
}
