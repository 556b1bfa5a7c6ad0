import type { CompanyCaller } from './identity';

/** Request/reply subjects of the catalog's entity images (metadata; the bytes stay in the gateway's blob store). */
export const ImageSubjects = {
  list: 'catalog.image.list',
  add: 'catalog.image.add',
  update: 'catalog.image.update',
  remove: 'catalog.image.delete',
} as const;

/** The entity ids an image may belong to (spec 3 Image); exactly one names its owner. */
export const IMAGE_OWNER_FIELDS = ['customer_id', 'location_id', 'storage_id', 'storage_location_id', 'supplier_id', 'item_id'] as const;
export type ImageOwnerField = (typeof IMAGE_OWNER_FIELDS)[number];

/** The owner of an image: which kind of entity and its id. */
export interface ImageOwner {
  field: ImageOwnerField;
  id: number;
}

/** How an entity's DTO shows its images (spec 3: images with url and selected). */
export interface ImageRef {
  id: number;
  url: string;
  selected: boolean;
  selected_label: boolean;
}

/** An image of an entity (spec 3 Image), as returned by the API. */
export interface EntityImageDto extends ImageRef {
  company_id: number;
  customer_id: number | null;
  location_id: number | null;
  storage_id: number | null;
  storage_location_id: number | null;
  supplier_id: number | null;
  item_id: number | null;
  width: number;
  height: number;
  content_type: string;
  created_at: string;
}

/** catalog.image.list: the images of one entity (read access to the entity needed). */
export interface ListImagesRequest {
  caller: CompanyCaller;
  owner: ImageOwner;
}

/** The stored bytes' facts, as the gateway prepared them (key: the random blob key under images/). */
export interface StoredImage {
  key: string;
  mime: string;
  width: number;
  height: number;
}

/** catalog.image.add: record a stored image for an entity, or replace the bytes of image `replaceId`. */
export interface AddImageRequest {
  caller: CompanyCaller;
  owner: ImageOwner;
  image: StoredImage;
  replaceId?: number;
  selected?: boolean;
  selectedLabel?: boolean;
}

/** The image and the blob keys no longer referenced (the gateway removes them). */
export interface ImageChangeReply {
  image: EntityImageDto;
  released: string[];
}

/** catalog.image.update: set or clear the selected / label-selected flag of one image. */
export interface UpdateImageRequest {
  caller: CompanyCaller;
  id: number;
  selected?: boolean;
  selectedLabel?: boolean;
}

/** catalog.image.delete: remove images by id (all or none). */
export interface RemoveImagesRequest {
  caller: CompanyCaller;
  ids: number[];
}

export interface RemoveImagesReply {
  deleted: number[];
  released: string[];
}
