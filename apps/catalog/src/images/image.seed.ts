import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { type BlobStore, type ImageBytes, prepareUpload } from '@kanban/images';
import { Customer } from '../customers/customer.entity';
import { Item } from '../items/item.entity';
import { itemPictureSvg } from '../items/item-pictures';
import { demoSku, FAMILIES, type Family, stableHash } from '../items/items.seed';
import { Supplier } from '../suppliers/supplier.entity';
import { EntityImage } from './image.entity';

const COLOURS = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0f766e'];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A coloured logo with the initials, drawn by sharp (no file is downloaded or kept in the repository). */
async function logo(name: string, colour: string, variant: number): Promise<Buffer> {
  const shape =
    variant === 0
      ? '<circle cx="430" cy="82" r="46" fill="#ffffff" fill-opacity="0.35"/>'
      : '<rect x="0" y="400" width="640" height="80" fill="#ffffff" fill-opacity="0.25"/>';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" rx="48" fill="${colour}"/>${shape}` +
    `<text x="320" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="190" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials(name)}</text></svg>`;
  return Buffer.from(svg);
}

/** Which share of the demo items (percent) has a product picture. */
const ITEMS_WITH_IMAGES = 65;

/**
 * Product pictures for about two thirds of the company's demo items (a stable choice per item): drawn once per
 * product (family and variant), stored under a key of their own per item like an upload; every twentieth
 * pictured item also has a second, label-selected picture. Items of products the demo families do not know
 * (created by hand) get none.
 */
async function seedItemImages(em: EntityManager, companyId: number, blobs: BlobStore): Promise<void> {
  const products = new Map<string, [Family, string]>();
  for (const family of Object.values(FAMILIES)) for (const variant of family.variants) products.set(demoSku(family, variant), [family, variant]);
  const items = await em.find(Item, { companyId }, { fields: ['id', 'sku', 'customerId'], orderBy: { id: 'asc' } });
  // What to store: (item, drawing, label?) in item order; each drawing is made once.
  const planned: { itemId: number; drawing: string; label: boolean }[] = [];
  const drawings = new Map<string, () => Promise<ImageBytes>>();
  let pictured = 0;
  for (const item of items) {
    const product = products.get(item.sku);
    if (!product || stableHash(`image/${item.customerId}/${item.sku}`) % 100 >= ITEMS_WITH_IMAGES) continue;
    const [family, variant] = product;
    for (const label of pictured++ % 20 === 0 ? [false, true] : [false]) {
      const drawing = `${item.sku}${label ? '/label' : ''}`;
      planned.push({ itemId: item.id, drawing, label });
      if (drawings.has(drawing)) continue;
      const code = label ? `${family.sku} · ${family.itemUnit}/${family.orderUnit}` : family.sku.replace(/^DIN/, 'DIN ');
      const tint = label ? '#6b7280' : COLOURS[stableHash(family.group) % COLOURS.length]!;
      const svg = itemPictureSvg(family.picture, code, variant, family.name(variant), tint);
      drawings.set(drawing, async () => prepareUpload(await sharp(Buffer.from(svg)).png().toBuffer()));
    }
  }
  // sharp works on its own threads: a few drawings at a time use the machine's cores.
  const drawn = new Map<string, ImageBytes>();
  const queue = [...drawings.entries()];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) drawn.set(next[0], await next[1]());
    }),
  );
  const rows = await Promise.all(
    planned.map(async ({ itemId, drawing, label }, n) => {
      const image = drawn.get(drawing)!;
      const key = randomBytes(16).toString('hex');
      await blobs.put(`images/${key}`, image.data, image.mime);
      return {
        company_id: companyId,
        owner_field: 'item_id',
        owner_id: itemId,
        item_id: itemId,
        blob_key: key,
        width: image.width,
        height: image.height,
        content_type: image.mime,
        selected: !label,
        selected_label: label,
        created_at: new Date(Date.UTC(2026, 0, 3, 9, 0, 0, n)),
      };
    }),
  );
  const columns = Object.keys(rows[0] ?? {}) as (keyof (typeof rows)[number])[];
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await em.execute(`insert into catalog.image (${columns.join(', ')}) values ${values}`, chunk.flatMap((r) => columns.map((c) => r[c])));
  }
}

/**
 * Demo images: a logo for every customer and supplier of the company (the first customer also a second,
 * label-selected one) and product pictures for most items, stored like uploads. Does nothing when the
 * company has images already.
 */
export async function seedDemoImages(em: EntityManager, companyId: number, blobs: BlobStore): Promise<void> {
  if ((await em.count(EntityImage, { companyId })) > 0) return;
  const customers = await em.find(Customer, { companyId }, { orderBy: { id: 'asc' } });
  const suppliers = await em.find(Supplier, { companyId }, { orderBy: { id: 'asc' } });
  const owners = [
    ...customers.map((c, i) => ({ field: 'customer_id' as const, id: c.id, name: c.name, count: i === 0 ? 2 : 1 })),
    ...suppliers.map((s) => ({ field: 'supplier_id' as const, id: s.id, name: s.name, count: 1 })),
  ];
  let n = 0;
  for (const owner of owners) {
    for (let variant = 0; variant < owner.count; variant++) {
      const svg = await logo(owner.name, COLOURS[n++ % COLOURS.length]!, variant);
      // SVG is refused on upload: draw it to PNG first, then store it by the upload rules.
      const image = await prepareUpload(await sharp(svg).png().toBuffer());
      const key = randomBytes(16).toString('hex');
      await blobs.put(`images/${key}`, image.data, image.mime);
      em.create(EntityImage, {
        companyId,
        ownerField: owner.field,
        ownerId: owner.id,
        customerId: owner.field === 'customer_id' ? owner.id : null,
        supplierId: owner.field === 'supplier_id' ? owner.id : null,
        blobKey: key,
        contentType: image.mime,
        width: image.width,
        height: image.height,
        selected: variant === 0,
        selectedLabel: owner.count === 2 ? variant === 1 : false,
      } as unknown as EntityImage);
      // One row per flush: the embedded driver answers a multi-row insert's ids unreliably.
      await em.flush();
    }
  }
  await seedItemImages(em, companyId, blobs);
}
