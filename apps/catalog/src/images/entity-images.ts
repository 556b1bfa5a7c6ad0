import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '@kanban/access';
import type { ImageOwnerField, ImageRef } from '@kanban/contracts';
import { EntityImage } from './image.entity';
import { toImageRef } from './image.mapper';

/** Images first by selection, then oldest first: the first one is what a header shows. */
export const IMAGE_ORDER = { selected: 'desc', id: 'asc' } as const;

/** The images of many entities of one kind (one query), for their DTOs. */
export async function imagesOf(em: EntityManager, field: ImageOwnerField, ids: number[]): Promise<Map<number, ImageRef[]>> {
  const byOwner = new Map<number, ImageRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const images = await em.find(EntityImage, { ownerField: field, ownerId: { $in: ids } }, { orderBy: IMAGE_ORDER });
  for (const image of images) byOwner.get(image.ownerId)?.push(toImageRef(image));
  return byOwner;
}

/**
 * Before an entity is deleted: its images would be lost, so without `confirm` the delete answers 1002
 * (spec clarification "1002 vs 1007"); with it, the images' rows go in the same transaction and their
 * blob keys are answered for the gateway to remove.
 */
export async function releaseImagesOf(em: EntityManager, field: ImageOwnerField, id: number, confirm: boolean): Promise<string[]> {
  const images = await em.find(EntityImage, { ownerField: field, ownerId: id }, { fields: ['id', 'blobKey'] });
  if (images.length === 0) return [];
  if (!confirm) {
    throw new AppError(ErrorCode.EntityHasData, `entity has data: ${images.length} image(s) would be deleted; repeat with confirm=1`);
  }
  await em.nativeDelete(EntityImage, { ownerField: field, ownerId: id });
  return images.map((image) => image.blobKey);
}
