import type {
  CONTACT_SORTS,
  ChangeLogEntryDto,
  ContactDto,
  ContactInput,
  ContactRuleDto,
  Page,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';

export type { ChangeLogEntryDto, ContactDto, ContactInput };

/** The customer or supplier contacts and change logs hang under. */
export interface ContactOwner {
  companyID: number;
  kind: 'customer' | 'supplier';
  id: number;
}

export function ownerPath(owner: ContactOwner, suffix: string): string {
  return `/c/${owner.companyID}/${owner.kind}/${owner.id}/${suffix}`;
}

export interface ContactListQuery {
  owner: ContactOwner;
  q?: string;
  sort?: (typeof CONTACT_SORTS)[number];
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export interface ChangeQuery {
  owner: ContactOwner;
  entity_kind?: string;
  entity_id?: number;
  page?: number;
  per_page?: number;
}

const listTag = (owner: ContactOwner) => ({ type: 'Contact' as const, id: `${owner.kind}-${owner.id}` });
const changesTag = (owner: ContactOwner) => ({ type: 'ChangeLog' as const, id: `${owner.kind}-${owner.id}` });

/** Contacts and change log calls (spec 7); every change also refreshes the owner's change log. */
export const contactsApi = api.enhanceEndpoints({ addTagTypes: ['Contact', 'ChangeLog'] }).injectEndpoints({
  endpoints: (build) => ({
    contacts: build.query<Page<ContactDto>, ContactListQuery>({
      query: ({ owner, ...params }) => ({ url: ownerPath(owner, 'contact/'), params }),
      providesTags: (result, _e, { owner }) => [
        listTag(owner),
        ...(result?.items ?? []).map((c) => ({ type: 'Contact' as const, id: c.id })),
      ],
    }),
    contact: build.query<ContactDto, { owner: ContactOwner; contactID: number }>({
      query: ({ owner, contactID }) => ownerPath(owner, `contact/${contactID}/`),
      providesTags: (_r, _e, { contactID }) => [{ type: 'Contact', id: contactID }],
    }),
    contactRules: build.query<ContactRuleDto[], { owner: ContactOwner; contactID: number }>({
      query: ({ owner, contactID }) => ownerPath(owner, `contact/${contactID}/rules`),
    }),
    createContact: build.mutation<ContactDto, { owner: ContactOwner; body: ContactInput }>({
      query: ({ owner, body }) => ({ url: ownerPath(owner, 'contact/'), method: 'POST', body }),
      invalidatesTags: (_r, _e, { owner }) => [listTag(owner), changesTag(owner)],
    }),
    updateContact: build.mutation<ContactDto, { owner: ContactOwner; contactID: number; body: ContactInput }>(
      {
        query: ({ owner, contactID, body }) => ({
          url: ownerPath(owner, `contact/${contactID}`),
          method: 'PATCH',
          body,
        }),
        invalidatesTags: (_r, _e, { owner, contactID }) => [
          listTag(owner),
          { type: 'Contact', id: contactID },
          changesTag(owner),
        ],
      },
    ),
    setMainContact: build.mutation<ContactDto, { owner: ContactOwner; contactID: number }>({
      query: ({ owner, contactID }) => ownerPath(owner, `contact/${contactID}/main`),
      // the previous main contact changes too: the whole list and every contact of the owner
      invalidatesTags: (_r, _e, { owner }) => [listTag(owner), 'Contact', changesTag(owner)],
    }),
    deleteContact: build.mutation<null, { owner: ContactOwner; contactID: number }>({
      query: ({ owner, contactID }) => ({ url: ownerPath(owner, `contact/${contactID}`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { owner, contactID }) => [
        listTag(owner),
        { type: 'Contact', id: contactID },
        changesTag(owner),
      ],
    }),
    changes: build.query<Page<ChangeLogEntryDto>, ChangeQuery>({
      query: ({ owner, ...params }) => ({ url: ownerPath(owner, 'changes/'), params }),
      providesTags: (_r, _e, { owner }) => [changesTag(owner)],
    }),
  }),
});

export const {
  useContactsQuery,
  useContactQuery,
  useContactRulesQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useSetMainContactMutation,
  useDeleteContactMutation,
  useChangesQuery,
} = contactsApi;
