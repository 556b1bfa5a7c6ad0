import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import {
  type AddOrderImageRequest,
  type CompanyCaller,
  type OrderDto,
  type OrderFileRef,
  type OrderFilesReply,
  type OrderImageDto,
  type OrderScope,
  OrdersSubjects,
  type SetOrderAttachmentRequest,
} from '@kanban/contracts';
import { BLOB_STORE, type BlobStore, prepareUpload, requestedSize, type ServedImage } from '@kanban/images';
import { ServiceBus } from '@kanban/messaging';
import { ImagesService, isServiceTimeout } from '../images/images.service';

/** The largest attachment (a PDF or a picture before scaling) in bytes; larger answers 1000 `file`. */
export const ATTACHMENT_UPLOAD_LIMIT = 10 * 1024 * 1024;

/** What multer (memory storage) hands over. */
export interface UploadedBytes {
  buffer: Buffer;
  size: number;
  originalname?: string;
}

const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A PDF by its content: every PDF starts with `%PDF-` (the file name and the multipart type do not count). */
export function isPdf(data: Buffer): boolean {
  return data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-';
}

/**
 * The name an attachment is kept under: the uploaded name without folders and control characters (busboy reads
 * multipart names as Latin-1: UTF-8 names are decoded again), at most 200 characters, with the extension of what is
 * stored (a HEIF picture is kept as a JPEG: `.jpg`).
 */
export function attachmentName(original: string | undefined, mime: string): string {
  let name = original ?? '';
  const utf8 = Buffer.from(name, 'latin1').toString('utf8');
  if (!utf8.includes('\uFFFD')) name = utf8;
  name = name.replace(/\\/g, '/').split('/').pop() ?? '';
  name = name.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  const base = name.replace(/\.[^.]*$/, '').trim().slice(0, 200) || 'attachment';
  return `${base}.${EXTENSION[mime] ?? 'bin'}`;
}

/** Content-Disposition of a download: an ASCII name for old clients and the exact name (RFC 5987) for the others. */
export function downloadDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * An order's attachment and pictures (docs/replenishment.md "Attachments and pictures"): the gateway checks and
 * stores the bytes in its blob store (`order-files/<32 hex>`, `order-images/<32 hex>`; they never travel over the
 * bus), the orders service records them on the order, checks who may and answers the blobs it released, which are
 * removed here. A failed record removes the new blob again (not after a timeout: the service may still record it).
 */
@Injectable()
export class OrderFilesService {
  constructor(
    private readonly bus: ServiceBus,
    private readonly images: ImagesService,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  /** A PDF (by content) or a picture (scaled like every upload) becomes the order's attachment, replacing the previous one. */
  async uploadAttachment(caller: CompanyCaller, scope: OrderScope, orderId: number, file: UploadedBytes | undefined): Promise<OrderDto> {
    if (!file?.buffer || file.buffer.length === 0) {
      throw new AppError(ErrorCode.NoImage, 'no file submitted: send a PDF or a picture in the multipart field "file"', { field: 'file' });
    }
    if (file.buffer.length > ATTACHMENT_UPLOAD_LIMIT) throw AppError.validation('file', `the file is larger than ${ATTACHMENT_UPLOAD_LIMIT / 1024 / 1024} MB`);
    let stored: { data: Buffer; mime: string };
    if (isPdf(file.buffer)) {
      stored = { data: file.buffer, mime: 'application/pdf' };
    } else {
      try {
        stored = await prepareUpload(file.buffer, 'file');
      } catch (error) {
        if (error instanceof AppError && error.code === ErrorCode.NoImage) {
          throw AppError.validation('file', 'the file is neither a PDF nor a picture (JPEG, PNG, WebP, GIF, TIFF, AVIF or HEIF)');
        }
        throw error;
      }
    }
    const key = `order-files/${randomBytes(16).toString('hex')}`;
    const request: SetOrderAttachmentRequest = {
      caller,
      scope,
      orderId,
      file: { key, mime: stored.mime, size: stored.data.length, name: attachmentName(file.originalname, stored.mime) },
    };
    const reply = await this.storeAndRecord(key, stored, () => this.bus.request(OrdersSubjects.setAttachment, request));
    return reply.order;
  }

  async removeAttachment(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderDto> {
    const reply = await this.bus.request(OrdersSubjects.removeAttachment, { caller, scope, orderId });
    await this.images.discardBlobs(reply.released);
    return reply.order;
  }

  /** The attachment's bytes with its name and type. */
  async attachment(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<{ data: Buffer; ref: OrderFileRef }> {
    const ref = await this.bus.request(OrdersSubjects.getAttachment, { caller, scope, orderId });
    const data = await this.blobs.get(ref.key);
    if (!data) throw new AppError(ProtocolCode.NotFound, 'the attachment is gone');
    return { data, ref };
  }

  /** A picture of the order (multipart `image`), scaled like every image upload. */
  async uploadImage(caller: CompanyCaller, scope: OrderScope, orderId: number, file: Buffer | undefined): Promise<OrderImageDto> {
    const image = await prepareUpload(file, 'image');
    const key = `order-images/${randomBytes(16).toString('hex')}`;
    const request: AddOrderImageRequest = {
      caller,
      scope,
      orderId,
      image: { key, mime: image.mime, size: image.data.length, width: image.width, height: image.height },
    };
    const reply = await this.storeAndRecord(key, image, () => this.bus.request(OrdersSubjects.addOrderImage, request));
    return reply.image!;
  }

  /** A picture fitted inside size x size (`?size=` as for every image: snapped to IMAGE_SIZES, the variant kept). */
  async image(caller: CompanyCaller, scope: OrderScope, orderId: number, imageId: number, size: unknown): Promise<ServedImage> {
    const pixels = requestedSize(size);
    const ref = await this.bus.request(OrdersSubjects.getOrderImage, { caller, scope, orderId, imageId });
    const image = await this.images.fittedBlob(ref.key, pixels);
    if (!image) throw new AppError(ProtocolCode.NotFound, 'the picture is gone');
    return image;
  }

  async removeImage(caller: CompanyCaller, scope: OrderScope, orderId: number, imageId: number): Promise<OrderDto> {
    const reply = await this.bus.request(OrdersSubjects.removeOrderImage, { caller, scope, orderId, imageId });
    await this.images.discardBlobs(reply.released);
    return reply.order;
  }

  private async storeAndRecord(key: string, bytes: { data: Buffer; mime: string }, record: () => Promise<OrderFilesReply>): Promise<OrderFilesReply> {
    await this.blobs.put(key, bytes.data, bytes.mime);
    let reply: OrderFilesReply;
    try {
      reply = await record();
    } catch (error) {
      if (!isServiceTimeout(error)) await this.images.discardBlobs([key]);
      throw error;
    }
    await this.images.discardBlobs(reply.released);
    return reply;
  }
}
