import { type EntityImageDto, type ImageRef, imageUrl } from '@kanban/contracts';
import type { EntityImage } from './image.entity';

export function toImageRef(image: EntityImage): ImageRef {
  return { id: image.id, url: imageUrl(image.blobKey), selected: image.selected, selected_label: image.selectedLabel };
}

export function toImageDto(image: EntityImage): EntityImageDto {
  return {
    ...toImageRef(image),
    company_id: image.companyId,
    customer_id: image.customerId,
    location_id: image.locationId,
    storage_id: image.storageId,
    storage_location_id: image.storageLocationId,
    supplier_id: image.supplierId,
    item_id: image.itemId,
    width: image.width,
    height: image.height,
    content_type: image.contentType,
    created_at: image.createdAt.toISOString(),
  };
}
