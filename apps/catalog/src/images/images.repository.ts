import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IMAGE_ORDER } from './entity-images';
import { EntityImage } from './image.entity';

type Owner = Pick<EntityImage, 'ownerField' | 'ownerId'>;

/** The images' queries (ORM, under the tenant filter of the caller's unit of work). */
@Injectable()
export class ImagesRepository {
  /** The owner's images in their order. */
  ofOwner(em: EntityManager, owner: Owner): Promise<EntityImage[]> {
    return em.find(EntityImage, { ownerField: owner.ownerField, ownerId: owner.ownerId }, { orderBy: IMAGE_ORDER });
  }

  /** An image (of the owner, when one is given). */
  image(em: EntityManager, id: number, owner?: Owner): Promise<EntityImage | null> {
    return em.findOne(EntityImage, owner ? { id, ownerField: owner.ownerField, ownerId: owner.ownerId } : { id });
  }

  images(em: EntityManager, ids: number[]): Promise<EntityImage[]> {
    return em.find(EntityImage, { id: { $in: ids } });
  }

  async hasSelected(em: EntityManager, owner: Owner): Promise<boolean> {
    return (await em.count(EntityImage, { ownerField: owner.ownerField, ownerId: owner.ownerId, selected: true })) > 0;
  }

  async delete(em: EntityManager, ids: number[]): Promise<void> {
    await em.nativeDelete(EntityImage, { id: { $in: ids } });
  }

  /** The owner's first image left. */
  first(em: EntityManager, owner: Owner): Promise<EntityImage | null> {
    return em.findOne(EntityImage, { ownerField: owner.ownerField, ownerId: owner.ownerId }, { orderBy: { id: 'asc' } });
  }

  /** Clears the flag (selected or selected as label) on the owner's other images than `image`. */
  async clearFlag(em: EntityManager, image: EntityImage, flag: 'selected' | 'selectedLabel'): Promise<void> {
    const others = { ownerField: image.ownerField, ownerId: image.ownerId, ...(image.id ? { id: { $ne: image.id } } : {}) };
    await em.nativeUpdate(EntityImage, { ...others, [flag]: true }, { [flag]: false });
  }
}
