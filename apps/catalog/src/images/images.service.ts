import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ProtocolCode } from '@kanban/access';
import type {
  AddImageRequest,
  CompanyCaller,
  EntityImageDto,
  ImageChangeReply,
  ImageOwner,
  RemoveImagesReply,
  UpdateImageRequest,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { EntityImage, OWNER_PROPERTY } from './image.entity';
import { toImageDto } from './image.mapper';
import { ImagesRepository } from './images.repository';
import { assertMayRead, assertOwner } from './image-owners';

/**
 * Images of customers, suppliers, locations and items: their metadata and the rules
 * "one selected and one label-selected image per entity". Every change locks the owner row, so two
 * uploads at once cannot both become the selected image. The bytes are the gateway's business: replies
 * name the blob keys no image uses any more.
 */
@Injectable()
export class ImagesService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly images: ImagesRepository = new ImagesRepository(),
  ) {}

  async list(caller: CompanyCaller, owner: ImageOwner): Promise<EntityImageDto[]> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      assertMayRead(caller, await assertOwner(em, caller, owner.field, owner.id));
      const images = await this.images.ofOwner(em, { ownerField: owner.field, ownerId: owner.id });
      return images.map(toImageDto);
    });
  }

  /** A new image of the owner, or (replaceId) new bytes for one of its images; the first image is selected. */
  async add(request: AddImageRequest): Promise<ImageChangeReply> {
    const { caller, owner, image: stored } = request;
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await assertOwner(em, caller, owner.field, owner.id, true);
      const released: string[] = [];
      let image: EntityImage;
      if (request.replaceId !== undefined) {
        const found = await this.images.image(em, request.replaceId, { ownerField: owner.field, ownerId: owner.id });
        if (!found) throw new AppError(ProtocolCode.NotFound, 'image not found for this entity');
        image = found;
        released.push(image.blobKey);
      } else {
        const hasSelected = await this.images.hasSelected(em, { ownerField: owner.field, ownerId: owner.id });
        image = em.create(EntityImage, {
          companyId: caller.companyId,
          ownerField: owner.field,
          ownerId: owner.id,
          [OWNER_PROPERTY[owner.field]]: owner.id,
          blobKey: stored.key,
          contentType: stored.mime,
          width: stored.width,
          height: stored.height,
          selected: false,
          selectedLabel: false,
        } as unknown as EntityImage);
        await this.applyFlags(em, image, request.selected ?? !hasSelected, request.selectedLabel);
        return { image: toImageDto(image), released };
      }
      Object.assign(image, { blobKey: stored.key, contentType: stored.mime, width: stored.width, height: stored.height });
      await this.applyFlags(em, image, request.selected, request.selectedLabel);
      return { image: toImageDto(image), released };
    });
  }

  async update(request: UpdateImageRequest): Promise<EntityImageDto> {
    const { caller } = request;
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const image = await this.images.image(em, request.id);
      if (!image) throw new AppError(ProtocolCode.NotFound, 'image not found');
      await assertOwner(em, caller, image.ownerField, image.ownerId, true);
      await this.applyFlags(em, image, request.selected, request.selectedLabel);
      return toImageDto(image);
    });
  }

  /** Deletes all the images named or none (404 when one is unknown); a deleted selected image passes the flag on. */
  async remove(caller: CompanyCaller, ids: number[]): Promise<RemoveImagesReply> {
    const unique = [...new Set(ids)];
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const images = await this.images.images(em, unique);
      if (images.length !== unique.length) {
        const missing = unique.filter((id) => !images.some((image) => image.id === id));
        throw new AppError(ProtocolCode.NotFound, `image not found: ${missing.join(', ')}`);
      }
      const owners = new Map(images.map((image) => [`${image.ownerField}:${image.ownerId}`, image] as const));
      for (const image of owners.values()) await assertOwner(em, caller, image.ownerField, image.ownerId, true);
      await this.images.delete(em, unique);
      for (const image of owners.values()) {
        if (!images.some((gone) => gone.ownerField === image.ownerField && gone.ownerId === image.ownerId && gone.selected)) continue;
        const next = await this.images.first(em, image);
        if (next) next.selected = true;
      }
      await em.flush();
      return { deleted: unique, released: images.map((image) => image.blobKey) };
    });
  }

  /** true makes the image the owner's only (label-)selected one; false clears it; undefined keeps it. */
  private async applyFlags(em: EntityManager, image: EntityImage, selected?: boolean, selectedLabel?: boolean): Promise<void> {
    if (selected === true) await this.images.clearFlag(em, image, 'selected');
    if (selectedLabel === true) await this.images.clearFlag(em, image, 'selectedLabel');
    if (selected !== undefined) image.selected = selected;
    if (selectedLabel !== undefined) image.selectedLabel = selectedLabel;
    await em.flush();
  }
}
