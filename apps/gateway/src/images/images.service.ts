import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError, ProtocolCode } from '@kanban/access';
import {
  type AddImageRequest,
  type Caller,
  type CompanyCaller,
  type EntityImageDto,
  IdentitySubjects,
  type ImageChangeReply,
  type ImageOwner,
  ImageSubjects,
  type RemoveImagesReply,
  type SetUserImageReply,
  type SetUserImageRequest,
  type UserDto,
} from '@kanban/contracts';
import { BLOB_STORE, type BlobStore, ImageVariants, prepareUpload, requestedSize, type ServedImage } from '@kanban/images';
import { ServiceBus } from '@kanban/messaging';

const KEY = /^[0-9a-f]{32}$/;

/** Blob key of an image: its bytes live under images/ in the blob store. */
function blobKey(key: string): string {
  return `images/${key}`;
}

/** A bus request that timed out may still have been carried out: bytes stored for it are kept rather than broken. */
export function isServiceTimeout(error: unknown): boolean {
  return error instanceof AppError && error.message === 'service timed out';
}

/**
 * Profile images. The gateway holds the bytes (scaled on upload, fitted on request) in the blob store;
 * the identity service records the metadata. Image bytes never travel over the bus (1 MB messages).
 */
@Injectable()
export class ImagesService {
  private readonly log = new Logger('Images');
  private readonly variants: ImageVariants;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {
    this.variants = new ImageVariants(blobs);
  }

  /** Scales the upload, stores it under a new random key and makes it the caller's profile image. */
  async uploadProfileImage(caller: Caller, file: Buffer | undefined): Promise<UserDto> {
    const image = await prepareUpload(file);
    const key = randomBytes(16).toString('hex');
    await this.blobs.put(blobKey(key), image.data, image.mime);
    let reply: SetUserImageReply;
    try {
      reply = await this.setImage(caller, { key, mime: image.mime, width: image.width, height: image.height, bytes: image.data.length });
    } catch (error) {
      // After a timeout the service may still record the image: keep the blob rather than break it.
      if (!isServiceTimeout(error)) await this.discard([key]);
      throw error;
    }
    await this.discard(reply.released);
    return reply.user;
  }

  /** Removes the caller's profile image (and its blob). */
  async removeProfileImage(caller: Caller): Promise<UserDto> {
    const reply = await this.setImage(caller, null);
    await this.discard(reply.released);
    return reply.user;
  }

  /**
   * An image of an entity (customer, supplier, ...): scaled and stored like a profile image, recorded by
   * the catalog service (which checks the entity and the caller's access); `replaceId` swaps the bytes of
   * one of the entity's images.
   */
  async uploadEntityImage(
    caller: CompanyCaller,
    file: Buffer | undefined,
    options: { owner: ImageOwner; replaceId?: number; selected?: boolean; selectedLabel?: boolean },
  ): Promise<EntityImageDto> {
    const image = await prepareUpload(file, 'image');
    const key = randomBytes(16).toString('hex');
    await this.blobs.put(blobKey(key), image.data, image.mime);
    const request: AddImageRequest = { caller, ...options, image: { key, mime: image.mime, width: image.width, height: image.height } };
    let reply: ImageChangeReply;
    try {
      reply = await this.bus.request(ImageSubjects.add, request);
    } catch (error) {
      if (!isServiceTimeout(error)) await this.discard([key]);
      throw error;
    }
    await this.discard(reply.released);
    return reply.image;
  }

  /** Deletes images of entities (all named or none) and their bytes. */
  async removeEntityImages(caller: CompanyCaller, ids: number[]): Promise<RemoveImagesReply> {
    const reply = await this.bus.request(ImageSubjects.remove, { caller, ids });
    await this.discard(reply.released);
    return reply;
  }

  /**
   * A stored image fitted inside size x size (`?size=`: 20 or less or none gives 128, others snap up to the next of
   * IMAGE_SIZES; not a whole number: 1000). Each variant is resized once and kept in the blob store (ImageVariants).
   */
  async fitted(key: string, size: unknown): Promise<ServedImage> {
    const pixels = requestedSize(size);
    const image = KEY.test(key) ? await this.variants.fitted(blobKey(key), pixels) : null;
    if (!image) throw new AppError(ProtocolCode.NotFound, 'image not found');
    return image;
  }

  /** The same for a full blob key (order pictures), or null when nothing is stored under it. */
  fittedBlob(key: string, size: number): Promise<ServedImage | null> {
    return this.variants.fitted(key, size);
  }

  private setImage(caller: Caller, image: SetUserImageRequest['image']): Promise<SetUserImageReply> {
    const request: SetUserImageRequest = { caller: { userId: caller.userId, operator: caller.operator }, image };
    return this.bus.request(IdentitySubjects.setImage, request);
  }

  /** Best effort: a blob left behind costs space, never correctness (also after an entity's delete). */
  async discard(keys: string[]): Promise<void> {
    await this.discardBlobs(keys.map(blobKey));
  }

  /** The same for full blob keys (other folders than images/, e.g. order files); their fitted variants go too. */
  async discardBlobs(blobKeys: string[]): Promise<void> {
    for (const key of blobKeys) {
      await this.blobs.delete(key).catch((error: unknown) => this.log.warn(`could not remove blob ${key}: ${String(error)}`));
      await this.variants.discard(key).catch((error: unknown) => this.log.warn(`could not remove the variants of ${key}: ${String(error)}`));
    }
  }
}
