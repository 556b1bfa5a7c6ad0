import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode, Role } from '@kanban/access';
import {
  type AddOrderImageRequest,
  type CompanyCaller,
  MAX_ORDER_IMAGES,
  orderEventMessage,
  type OrderFileRef,
  type OrderFilesReply,
  type OrderScope,
  type SetOrderAttachmentRequest,
  type StoredOrderFile,
} from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { type Clock, ORDERS_CLOCK } from '../requisition/company-time';
import { raw } from '../shared/access';
import { OrderImage } from './order.entity';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** Blob keys the gateway may hand over: its own folders for order files, never another kind of blob. */
const ATTACHMENT_KEY = /^order-files\/[0-9a-f]{32}$/;
const IMAGE_KEY = /^order-images\/[0-9a-f]{32}$/;
const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const ATTACHMENT_MIMES = new Set(['application/pdf', ...IMAGE_MIMES]);

/** Adding and removing files is ordering work: staff who may change data and customer users, not read-only users (spec 6). */
function assertMayChangeFiles(caller: CompanyCaller): void {
  if (caller.role === Role.Readonly) throw new AppError(ErrorCode.NoPermission, 'read-only users cannot change the files of an order');
}

/** The gateway checked and stored the bytes; a malformed reference means a wrong caller of the bus, not bad user input. */
function assertStored(file: StoredOrderFile | undefined, key: RegExp, mimes: Set<string>): void {
  if (!file || typeof file.key !== 'string' || !key.test(file.key) || !mimes.has(file.mime) || !Number.isInteger(file.size) || file.size < 0) {
    throw AppError.validation('file', 'not a stored order file');
  }
}

/**
 * An order's attachment (one file: a PDF or a picture) and its pictures (docs/replenishment.md "Attachments and
 * pictures"). The gateway holds the bytes in its blob store; this service records where they are, who may reach
 * them (the order's visibility: 404 for an order the caller cannot see in the scope) and the history event U.
 * Changes answer the blob keys they released, which the gateway then deletes.
 */
@Injectable()
export class OrderFilesService {
  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    private readonly orders: OrdersService,
    private readonly repository: OrdersRepository = new OrdersRepository(),
  ) {}

  async setAttachment(request: SetOrderAttachmentRequest): Promise<OrderFilesReply> {
    const { caller, scope, orderId, file } = request;
    assertMayChangeFiles(caller);
    assertStored(file, ATTACHMENT_KEY, ATTACHMENT_MIMES);
    const name = typeof file.name === 'string' && file.name.length > 0 && file.name.length <= 255 ? file.name : null;
    if (!name) throw AppError.validation('file', 'the file needs a name of at most 255 characters');
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.lockVisible(em, caller, scope ?? {}, orderId);
      const before = await this.repository.attachment(em, caller.companyId, orderId);
      const now = this.clock.now();
      await this.repository.setAttachment(em, caller, orderId, file, name, now);
      const replaced = before?.attachment_key ? String(before.attachment_name ?? '') : null;
      this.orders.addEvent(em, caller.companyId, orderId, 'U', orderEventMessage('attachment_added', { name, replaced }), caller.userId, now);
      await em.flush();
      const released = before?.attachment_key && before.attachment_key !== file.key ? [String(before.attachment_key)] : [];
      return { order: await this.orders.detail(em, caller, scope ?? {}, orderId), released };
    });
  }

  async removeAttachment(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderFilesReply> {
    assertMayChangeFiles(caller);
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.lockVisible(em, caller, scope, orderId);
      const before = await this.repository.attachment(em, caller.companyId, orderId);
      if (!before?.attachment_key) throw new AppError(ProtocolCode.NotFound, 'the order has no attachment');
      const now = this.clock.now();
      await this.repository.clearAttachment(em, caller.companyId, orderId, now);
      this.orders.addEvent(em, caller.companyId, orderId, 'U', orderEventMessage('attachment_removed', { name: String(before.attachment_name ?? '') }), caller.userId, now);
      await em.flush();
      return { order: await this.orders.detail(em, caller, scope, orderId), released: [String(before.attachment_key)] };
    });
  }

  /** Where the attachment's bytes are; 404 for an order the caller cannot see or one without attachment. */
  async attachment(caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<OrderFileRef> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      if (!(await this.orders.visibleRow(em, caller, scope, orderId))) throw new AppError(ProtocolCode.NotFound, 'order not found');
      const row = await this.repository.attachment(em, caller.companyId, orderId);
      if (!row?.attachment_key) throw new AppError(ProtocolCode.NotFound, 'the order has no attachment');
      return { key: String(row.attachment_key), name: String(row.attachment_name), mime: String(row.attachment_mime), size: raw.num(row.attachment_size) };
    });
  }

  async addImage(request: AddOrderImageRequest): Promise<OrderFilesReply> {
    const { caller, scope, orderId, image } = request;
    assertMayChangeFiles(caller);
    assertStored(image, IMAGE_KEY, IMAGE_MIMES);
    if (!Number.isInteger(image.width) || !Number.isInteger(image.height) || image.width < 1 || image.height < 1) {
      throw AppError.validation('image', 'not a stored picture');
    }
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.lockVisible(em, caller, scope ?? {}, orderId);
      if ((await this.repository.imageCount(em, caller.companyId, orderId)) >= MAX_ORDER_IMAGES) {
        throw AppError.validation('image', `an order has at most ${MAX_ORDER_IMAGES} pictures: delete one first`);
      }
      const now = this.clock.now();
      const row = em.create(OrderImage, {
        companyId: caller.companyId,
        orderId,
        blobKey: image.key,
        mime: image.mime,
        width: image.width,
        height: image.height,
        size: image.size,
        createdAt: now,
        createdBy: caller.userId,
      } as OrderImage);
      await em.flush();
      this.orders.addEvent(em, caller.companyId, orderId, 'U', orderEventMessage('picture_added', { image_id: row.id }), caller.userId, now);
      await em.flush();
      const order = await this.orders.detail(em, caller, scope ?? {}, orderId);
      return { order, image: order.images.find((i) => i.id === row.id)!, released: [] };
    });
  }

  /** Where a picture's bytes are; 404 for an order the caller cannot see or a picture of another order. */
  async image(caller: CompanyCaller, scope: OrderScope, orderId: number, imageId: number): Promise<OrderFileRef> {
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      if (!(await this.orders.visibleRow(em, caller, scope, orderId))) throw new AppError(ProtocolCode.NotFound, 'order not found');
      const row = await this.repository.image(em, caller.companyId, orderId, imageId);
      if (!row) throw new AppError(ProtocolCode.NotFound, 'picture not found');
      return { key: String(row.blob_key), name: `order-${orderId}-picture-${imageId}`, mime: String(row.mime), size: raw.num(row.size) };
    });
  }

  async removeImage(caller: CompanyCaller, scope: OrderScope, orderId: number, imageId: number): Promise<OrderFilesReply> {
    assertMayChangeFiles(caller);
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.lockVisible(em, caller, scope, orderId);
      const row = await this.repository.image(em, caller.companyId, orderId, imageId);
      if (!row) throw new AppError(ProtocolCode.NotFound, 'picture not found');
      await this.repository.deleteImage(em, caller.companyId, imageId);
      const now = this.clock.now();
      this.orders.addEvent(em, caller.companyId, orderId, 'U', orderEventMessage('picture_removed', { image_id: imageId }), caller.userId, now);
      await em.flush();
      return { order: await this.orders.detail(em, caller, scope, orderId), released: [String(row.blob_key)] };
    });
  }

  /** The order's row locked for the change (one change of its files at a time), or 404 when the caller cannot see it. */
  private async lockVisible(em: EntityManager, caller: CompanyCaller, scope: OrderScope, orderId: number): Promise<void> {
    if (!(await this.orders.visibleRow(em, caller, scope, orderId, { forUpdate: true }))) throw new AppError(ProtocolCode.NotFound, 'order not found');
  }
}
