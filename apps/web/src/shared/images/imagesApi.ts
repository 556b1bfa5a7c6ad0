import type { EntityImageDto, ImageOwner, RemoveImagesReply } from '@kanban/contracts';
import { api } from '../api/api';
import { apiPath } from '../navigation/apiPath';

export type { EntityImageDto, ImageOwner };

// Items declare their tag type in their own feature (itemsApi); images name it too, to refresh an item's rows.
const imagesBase = api.enhanceEndpoints({ addTagTypes: ['Item'] });

/** A tag of the entity whose DTO shows the images (its header reads them): refreshed on every change. */
export type EntityTag = Parameters<typeof imagesBase.util.invalidateTags>[0][number];

interface OwnerArgs {
  companyID: number;
  owner: ImageOwner;
  entityTag?: EntityTag;
}

const listTag = (owner: ImageOwner) => ({ type: 'Image' as const, id: `${owner.field}:${owner.id}` });
const changed = (arg: OwnerArgs) => [listTag(arg.owner), ...(arg.entityTag ? [arg.entityTag] : [])];

export const imagesApi = imagesBase.injectEndpoints({
  endpoints: (build) => ({
    entityImages: build.query<EntityImageDto[], { companyID: number; owner: ImageOwner }>({
      query: ({ companyID, owner }) => ({
        url: apiPath({ companyID }, 'image'),
        params: { [owner.field]: owner.id },
      }),
      providesTags: (_r, _e, { owner }) => [listTag(owner)],
    }),
    uploadEntityImage: build.mutation<EntityImageDto, OwnerArgs & { file: File; selected?: boolean }>({
      query: ({ companyID, owner, file, selected }) => {
        const body = new FormData();
        body.append(owner.field, String(owner.id));
        if (selected !== undefined) body.append('selected', selected ? '1' : '0');
        body.append('image', file);
        return { url: `${apiPath({ companyID }, 'image')}/`, method: 'POST', body };
      },
      invalidatesTags: (_r, _e, arg) => changed(arg),
    }),
    updateEntityImage: build.mutation<
      EntityImageDto,
      OwnerArgs & { id: number; selected?: boolean; selected_label?: boolean }
    >({
      query: ({ companyID, id, selected, selected_label }) => ({
        url: `${apiPath({ companyID }, 'image')}/`,
        method: 'PATCH',
        body: { id, selected, selected_label },
      }),
      invalidatesTags: (_r, _e, arg) => changed(arg),
    }),
    deleteEntityImages: build.mutation<RemoveImagesReply, OwnerArgs & { ids: number[] }>({
      query: ({ companyID, ids }) => ({
        url: `${apiPath({ companyID }, 'image')}/delete`,
        method: 'POST',
        body: { ids },
      }),
      invalidatesTags: (_r, _e, arg) => changed(arg),
    }),
  }),
});

export const {
  useEntityImagesQuery,
  useUploadEntityImageMutation,
  useUpdateEntityImageMutation,
  useDeleteEntityImagesMutation,
} = imagesApi;
