import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantEm } from '@kanban/persistence';
import { Catalog } from '../catalogs/catalog.entity';
import { Customer } from '../customers/customer.entity';
import { Location } from '../locations/location.entity';
import { Supplier } from '../suppliers/supplier.entity';
import type { PictureKind } from './item-pictures';

/** Demo catalogs per supplier number: name, contract name, external id, the product families they carry. */
const CATALOGS: Record<string, { name: string; contractName: string; extSystemId: string; families: string[] }[]> = {
  'L-100': [
    {
      name: 'Normteile 2026',
      contractName: 'Rahmenvertrag Normteile 2026',
      extSystemId: 'CAT-100-N',
      families: ['hexScrew', 'hexScrewA2', 'socketScrew', 'countersunk', 'hexNut', 'hexNutA2', 'lockNut', 'washer', 'washerLarge', 'woodScrew', 'wallPlug', 'threadedRod'],
    },
    { name: 'Elektro-Kleinteile', contractName: 'Elektro 2026', extSystemId: 'CAT-100-E', families: ['cableTie', 'cableLug', 'ferrule', 'heatShrink', 'tape'] },
  ],
  'L-200': [
    { name: 'Arbeitsschutz', contractName: 'PSA Tirol 2026', extSystemId: 'CAT-200-A', families: ['gloves', 'cutGloves', 'leatherGloves', 'glasses', 'earplugs', 'masks'] },
    { name: 'Betriebsbedarf', contractName: 'Betriebsbedarf Tirol 2026', extSystemId: 'CAT-200-B', families: ['ductTape', 'maskingTape', 'doubleTape', 'markers', 'batteries', 'sprays', 'wipes'] },
  ],
  'L-300': [{ name: 'Befestigung CH', contractName: 'Rahmenvertrag 2025', extSystemId: 'CAT-300-B', families: ['hoseClamp', 'hoseClampA4', 'oRing', 'oRingFkm', 'rivet'] }],
  'S-10': [{ name: 'Werkzeug Basis', contractName: 'Zürich 2026', extSystemId: 'CAT-S10', families: ['drill', 'disc', 'bits'] }],
};

/** A product family: its variants are generated (sizes x lengths, colours, ...), its name is built from a variant. */
export interface Family {
  sku: string;
  name: (variant: string) => string;
  variants: string[];
  itemUnit: string;
  orderUnit: string;
  perOrderUnit: number;
  group: string;
  unspsc: string;
  /** what its demo image shows */
  picture: PictureKind;
}

const num = (text: string) => Number(text.replace(/^M/, ''));
/** Every "AxB" of two lists that passes `keep` (e.g. screw diameters x lengths within sensible ratios). */
function grid(first: string[], second: string[], keep: (a: string, b: string) => boolean = () => true, join = 'x'): string[] {
  return first.flatMap((a) => second.filter((b) => keep(a, b)).map((b) => `${a}${join}${b}`));
}
/** Lengths between `min` and `max` times the diameter. */
const ratio = (min: number, max: number) => (d: string, l: string) => num(l) >= num(d) * min && num(l) <= num(d) * max;

const LENGTHS = ['10', '12', '16', '20', '25', '30', '40', '50', '60', '80'];

export const FAMILIES: Record<string, Family> = {
  hexScrew: { sku: 'DIN933', name: (s) => `Hex head screw DIN 933 ${s} 8.8 zinc plated`, variants: grid(['M5', 'M6', 'M8', 'M10', 'M12', 'M16'], LENGTHS, ratio(2.5, 6)), itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Screws', unspsc: '31161605', picture: 'screw' },
  hexScrewA2: { sku: 'DIN933A2', name: (s) => `Hex head screw DIN 933 ${s} A2 stainless`, variants: grid(['M6', 'M8', 'M10'], ['20', '30', '40']), itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Screws', unspsc: '31161605', picture: 'screw' },
  socketScrew: { sku: 'ISO4762', name: (s) => `Socket head cap screw ISO 4762 ${s} 12.9 black`, variants: grid(['M4', 'M5', 'M6', 'M8', 'M10'], LENGTHS, ratio(2, 5)), itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Screws', unspsc: '31161605', picture: 'socket' },
  countersunk: { sku: 'DIN7991', name: (s) => `Countersunk screw DIN 7991 ${s} 10.9 black`, variants: grid(['M4', 'M5', 'M6', 'M8'], LENGTHS, ratio(2.5, 5)), itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Screws', unspsc: '31161605', picture: 'countersunk' },
  hexNut: { sku: 'DIN934', name: (s) => `Hex nut DIN 934 ${s} 8 zinc plated`, variants: ['M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 200, group: 'Nuts', unspsc: '31161700', picture: 'nut' },
  hexNutA2: { sku: 'DIN934A2', name: (s) => `Hex nut DIN 934 ${s} A2 stainless`, variants: ['M6', 'M8', 'M10'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 200, group: 'Nuts', unspsc: '31161700', picture: 'nut' },
  lockNut: { sku: 'DIN985', name: (s) => `Prevailing torque lock nut DIN 985 ${s} nylon insert`, variants: ['M5', 'M6', 'M8', 'M10', 'M12'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Nuts', unspsc: '31161700', picture: 'nut' },
  washer: { sku: 'DIN125', name: (s) => `Washer DIN 125 A ${s} steel zinc plated`, variants: ['4.3', '5.3', '6.4', '8.4', '10.5', '13', '17'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 500, group: 'Washers', unspsc: '31161800', picture: 'washer' },
  washerLarge: { sku: 'DIN9021', name: (s) => `Large washer DIN 9021 ${s} steel zinc plated`, variants: ['5.3', '6.4', '8.4', '10.5'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 250, group: 'Washers', unspsc: '31161800', picture: 'washer' },
  woodScrew: { sku: 'WS-TX', name: (s) => `Chipboard screw Torx countersunk ${s} yellow zinc`, variants: grid(['3.5', '4', '4.5', '5', '6'], ['30', '40', '50', '60', '80'], ratio(8, 16)), itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 200, group: 'Screws', unspsc: '31161500', picture: 'countersunk' },
  wallPlug: { sku: 'PLUG-NY', name: (s) => `Wall plug nylon ${s}`, variants: ['5x25', '6x30', '8x40', '10x50', '12x60'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Anchors', unspsc: '31162000', picture: 'plug' },
  threadedRod: { sku: 'DIN976', name: (s) => `Threaded rod DIN 976 ${s} x 1000 mm 4.8 zinc plated`, variants: ['M6', 'M8', 'M10', 'M12', 'M16'], itemUnit: 'PCE', orderUnit: 'PCE', perOrderUnit: 1, group: 'Screws', unspsc: '31161600', picture: 'rod' },
  cableTie: { sku: 'CT', name: (s) => `Cable tie ${s} polyamide`, variants: grid(['2.5x100', '2.5x160', '3.6x140', '3.6x200', '4.8x200', '4.8x300', '7.6x450'], ['black', 'natural'], () => true, ' '), itemUnit: 'PCE', orderUnit: 'BAG', perOrderUnit: 100, group: 'Electrical', unspsc: '39121700', picture: 'tie' },
  cableLug: { sku: 'LUG', name: (s) => `Tubular cable lug copper ${s}`, variants: grid(['6', '10', '16', '25', '35', '50'], ['M6', 'M8', 'M10'], (a, b) => (num(a) <= 10 ? num(b) <= 8 : num(a) <= 25 ? num(b) >= 8 : num(b) === 10), '-'), itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 50, group: 'Electrical', unspsc: '39121400', picture: 'lug' },
  ferrule: { sku: 'AEH', name: (s) => `Wire end ferrule insulated ${s} mm²`, variants: ['0.5', '0.75', '1.0', '1.5', '2.5', '4', '6', '10'], itemUnit: 'PCE', orderUnit: 'BAG', perOrderUnit: 500, group: 'Electrical', unspsc: '39121400', picture: 'ferrule' },
  heatShrink: { sku: 'HS21', name: (s) => `Heat shrink tubing 2:1 ${s} mm black, 1 m`, variants: ['3.2', '4.8', '6.4', '9.5', '12.7', '19.1'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 10, group: 'Electrical', unspsc: '39121400', picture: 'sleeve' },
  tape: { sku: 'TAPE-PVC', name: (s) => `Insulating tape PVC 19 mm x 20 m ${s}`, variants: ['black', 'blue', 'red', 'green-yellow', 'white', 'brown', 'grey'], itemUnit: 'ROL', orderUnit: 'PAK', perOrderUnit: 10, group: 'Electrical', unspsc: '31201500', picture: 'tape' },
  gloves: { sku: 'GLV-NIT', name: (s) => `Nitrile disposable gloves powder-free size ${s}`, variants: ['S', 'M', 'L', 'XL'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 100, group: 'Safety', unspsc: '46181504', picture: 'glove' },
  cutGloves: { sku: 'GLV-CUT', name: (s) => `Cut protection gloves EN 388 level ${s.replace(' ', ', size ')}`, variants: grid(['B', 'C', 'D'], ['7', '8', '9', '10', '11'], () => true, ' '), itemUnit: 'PAR', orderUnit: 'PAK', perOrderUnit: 12, group: 'Safety', unspsc: '46181504', picture: 'glove' },
  leatherGloves: { sku: 'GLV-LEA', name: (s) => `Leather work gloves cowhide size ${s}`, variants: ['8', '9', '10', '11'], itemUnit: 'PAR', orderUnit: 'PAK', perOrderUnit: 12, group: 'Safety', unspsc: '46181504', picture: 'glove' },
  glasses: { sku: 'GLS', name: (s) => `Safety glasses ${s} EN 166`, variants: ['clear', 'tinted', 'over-glasses clear', 'yellow'], itemUnit: 'PCE', orderUnit: 'PCE', perOrderUnit: 1, group: 'Safety', unspsc: '46181802', picture: 'glasses' },
  earplugs: { sku: 'EAR', name: (s) => `Foam ear plugs ${s} SNR 37`, variants: ['single', 'corded', 'detectable'], itemUnit: 'PAR', orderUnit: 'BOX', perOrderUnit: 200, group: 'Safety', unspsc: '46181902', picture: 'earplug' },
  masks: { sku: 'FFP', name: (s) => `Respirator mask ${s}`, variants: ['FFP2 without valve', 'FFP2 with valve', 'FFP3 with valve'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 20, group: 'Safety', unspsc: '46182001', picture: 'mask' },
  ductTape: { sku: 'TAPE-DUCT', name: (s) => `Duct tape 48 mm x 50 m ${s}`, variants: ['silver', 'black'], itemUnit: 'ROL', orderUnit: 'PAK', perOrderUnit: 6, group: 'Tapes', unspsc: '31201500', picture: 'tape' },
  maskingTape: { sku: 'TAPE-MASK', name: (s) => `Masking tape ${s} mm x 50 m`, variants: ['19', '25', '38', '50'], itemUnit: 'ROL', orderUnit: 'PAK', perOrderUnit: 12, group: 'Tapes', unspsc: '31201500', picture: 'tape' },
  doubleTape: { sku: 'TAPE-DS', name: (s) => `Double-sided foam tape ${s} mm x 10 m`, variants: ['12', '19', '25'], itemUnit: 'ROL', orderUnit: 'PAK', perOrderUnit: 6, group: 'Tapes', unspsc: '31201500', picture: 'tape' },
  markers: { sku: 'MRK', name: (s) => `${s.startsWith('paint') ? 'Paint marker' : 'Permanent marker'} ${s.replace(/^(paint|perm) /, '')}`, variants: ['perm black', 'perm blue', 'perm red', 'perm green', 'paint white', 'paint yellow'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 10, group: 'Office', unspsc: '44121708', picture: 'marker' },
  batteries: { sku: 'BAT', name: (s) => `Battery alkaline ${s}`, variants: ['AA LR6', 'AAA LR03', '9V 6LR61', 'C LR14'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 10, group: 'Electrical', unspsc: '26111701', picture: 'battery' },
  sprays: { sku: 'SPR', name: (s) => `${s} spray 400 ml`, variants: ['Zinc', 'Multi-purpose oil', 'Brake cleaner', 'Contact cleaner'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 12, group: 'Chemicals', unspsc: '12352300', picture: 'spray' },
  wipes: { sku: 'WIPE', name: (s) => `Industrial cleaning wipes ${s}`, variants: ['tub of 72', 'tub of 150'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 6, group: 'Chemicals', unspsc: '47131502', picture: 'wipes' },
  hoseClamp: { sku: 'HC-W2', name: (s) => `Hose clamp W2 stainless ${s} mm`, variants: ['8-12', '10-16', '12-20', '16-25', '20-32', '25-40', '32-50', '40-60'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 50, group: 'Clamps', unspsc: '31162400', picture: 'clamp' },
  hoseClampA4: { sku: 'HC-W4', name: (s) => `Hose clamp W4 A4 stainless ${s} mm`, variants: ['12-20', '16-25', '20-32'], itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 50, group: 'Clamps', unspsc: '31162400', picture: 'clamp' },
  oRing: { sku: 'OR-NBR', name: (s) => `O-ring NBR 70 ${s}`, variants: ['10x2', '12x2', '15x2.5', '20x2.5', '20x3', '25x3', '30x3', '30x3.5', '40x3.5'], itemUnit: 'PCE', orderUnit: 'BAG', perOrderUnit: 25, group: 'Seals', unspsc: '31181700', picture: 'oring' },
  oRingFkm: { sku: 'OR-FKM', name: (s) => `O-ring FKM 75 ${s}`, variants: ['10x2', '20x3', '30x3.5'], itemUnit: 'PCE', orderUnit: 'BAG', perOrderUnit: 25, group: 'Seals', unspsc: '31181700', picture: 'oring' },
  rivet: { sku: 'RIV-AL', name: (s) => `Blind rivet aluminium/steel dome head ${s}`, variants: grid(['3.2', '4.0', '4.8'], ['8', '10', '12', '16']), itemUnit: 'PCE', orderUnit: 'BOX', perOrderUnit: 500, group: 'Rivets', unspsc: '31151600', picture: 'rivet' },
  drill: { sku: 'HSS-G', name: (s) => `Twist drill HSS-G DIN 338 ${s} mm`, variants: ['3', '4', '5', '6', '8', '10'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 10, group: 'Tools', unspsc: '27112802', picture: 'drill' },
  disc: { sku: 'CUT', name: (s) => `Cutting disc inox ${s}`, variants: ['115x1.0', '125x1.0', '125x1.6', '230x1.9'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 25, group: 'Abrasives', unspsc: '31191500', picture: 'disc' },
  bits: { sku: 'BIT', name: (s) => `Screwdriver bit 1/4" ${s} x 25 mm`, variants: ['PH1', 'PH2', 'PZ2', 'TX20', 'TX25', 'TX30'], itemUnit: 'PCE', orderUnit: 'PAK', perOrderUnit: 10, group: 'Tools', unspsc: '27112000', picture: 'drill' },
};

/** FNV-1a: a stable number for a text, so the choices below are the same on every run. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The demo SKU of a family's variant. */
export function demoSku(family: Family, variant: string): string {
  return `${family.sku}-${variant.replace(/[^A-Za-z0-9.]+/g, '-').toUpperCase()}`;
}

/** Which part of the whole range (percent) a customer carries: the first one most, an inactive one a little. */
function shareOf(customer: Customer, position: number): number {
  if (customer.inactive) return 20;
  return [74, 58, 48][position] ?? 40;
}

/** A row of demo item data, deterministic in its index. */
function demoItem(companyId: number, customerId: number, catalog: Catalog, family: Family, variant: string, index: number): Record<string, unknown> {
  const moq = [1, 1, 2, 5][index % 4];
  const increment = index % 3 === 0 ? 2 : 1;
  return {
    company_id: companyId,
    customer_id: customerId,
    catalog_id: catalog.id,
    supplier_id: catalog.supplierId,
    sku: demoSku(family, variant),
    name: family.name(variant),
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
    subscription_interval: index % 6 === 0 ? 14 : index % 10 === 5 ? 28 : 0,
    paused_until: index % 23 === 4 ? '2099-01-31' : null,
    disabled: index % 41 === 7 || index % 37 === 11,
    instant_delivery: index % 11 === 0,
    purchaseable: index % 17 !== 3,
    customer_sku: index % 2 === 0 ? `C-${customerId}-${1000 + index}` : '',
    created_at: new Date(Date.UTC(2026, 0, 1, 8, 0, index % 60, Math.floor(index / 60))),
    updated_at: new Date(Date.UTC(2026, 0, 1, 8, 0, index % 60, Math.floor(index / 60))),
  };
}

async function insertRows(em: EntityManager, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await em.execute(`insert into ${table} (${columns.join(', ')}) values ${values}`, chunk.flatMap((r) => columns.map((c) => r[c])));
  }
}

/**
 * Demo catalogs (1-2 per supplier) and items, generated from product families (screws, nuts, washers, cable
 * ties, tape, gloves, ... each with its sizes, lengths or colours): each customer carries a stable part of
 * every catalog's range (the first customer most, an inactive one a fifth), about 400 items in the demo
 * company; some disabled, a few with an ended contract, some paused. Items with a subscription interval are
 * subscribed at one or two of their customer's locations. Does nothing when the company has catalogs already.
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
  for (const [position, customer] of customers.entries()) {
    const share = shareOf(customer, position);
    for (const [catalog, families] of catalogs) {
      for (const key of families) {
        const family = FAMILIES[key]!;
        for (const variant of family.variants) {
          if (stableHash(`${customer.nr ?? customer.id}/${demoSku(family, variant)}`) % 100 >= share) continue;
          rows.push(demoItem(companyId, customer.id, catalog, family, variant, index++));
        }
      }
    }
  }
  await insertRows(em, 'catalog.item', rows);

  // Subscriptions: items with an interval at one or two active locations of their customer.
  const locations = await scoped.find(Location, { inactiveAt: null }, { orderBy: { sort: 'asc', id: 'asc' } });
  const subscribed = await em.execute<{ id: number; customer_id: number }[]>(
    'select id, customer_id from catalog.item where company_id = ? and subscription_interval > 0 and not disabled order by id',
    [companyId],
  );
  const subscriptions: Record<string, unknown>[] = [];
  for (const item of subscribed) {
    const at = locations.filter((l) => l.customerId === item.customer_id);
    if (at.length === 0) continue;
    const first = item.id % at.length;
    const chosen = item.id % 3 === 0 && at.length > 1 ? [first, (first + 1) % at.length] : [first];
    for (const i of chosen) subscriptions.push({ company_id: companyId, location_id: at[i]!.id, item_id: item.id, active: true, updated_at: new Date(Date.UTC(2026, 0, 2)) });
  }
  await insertRows(em, 'catalog.item_subscription', subscriptions);
}
