import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { type BlobStore, prepareUpload } from '@kanban/images';
import { Customer } from '../customers/customer.entity';
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

/**
 * Demo images: a logo for every customer and supplier of the company (the first customer also a second,
 * label-selected one), stored like uploads. Does nothing when the company has images already.
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
}
