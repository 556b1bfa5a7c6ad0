import type {
  CompanyDto,
  CompanyUserDto,
  InvitationDto,
  InvitationPreviewDto,
  NamedRestrictionDto,
  Page,
  RestrictionDto,
  RestrictionKind,
  TargetUserDto,
} from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { CompanyUserDto, InvitationDto, InvitationPreviewDto, NamedRestrictionDto, RestrictionKind, TargetUserDto };

export const USER_SORTS = ['email', 'first_name', 'last_name', 'role'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UserListQuery {
  companyID: number;
  q?: string;
  role?: number;
  /** only users with access restrictions */
  restricted: boolean;
  sort?: UserSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

export interface UserInput {
  email?: string;
  role?: number;
  first_name?: string;
  last_name?: string;
  initials?: string;
  job_title?: string;
  app?: boolean;
}

/** The entity whose `user` page lists who may see it. */
export interface TargetRef {
  companyID: number;
  customerID?: number;
  locationID?: number;
  supplierID?: number;
}

export interface TargetUsersQuery extends TargetRef {
  /** false: also the unrestricted users who see it */
  restricted: boolean;
  q?: string;
  sort?: UserSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

const LIST = { type: 'CompanyUser' as const, id: 'LIST' };
const INVITATIONS = { type: 'CompanyUser' as const, id: 'INVITATIONS' };
const restrictionsTag = (userID: number) => ({ type: 'CompanyUser' as const, id: `restrictions-${userID}` });

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<Page<CompanyUserDto>, UserListQuery>({
      query: ({ companyID, restricted, ...params }) => ({
        url: apiPath({ companyID }, 'user'),
        params: { ...params, ...(restricted ? { restricted: 1 } : {}) },
      }),
      providesTags: (result) => [
        LIST,
        ...(result?.items ?? []).map((u) => ({ type: 'CompanyUser' as const, id: u.id })),
      ],
    }),
    user: build.query<CompanyUserDto, { companyID: number; userID: number }>({
      query: ({ companyID, userID }) => `${apiPath({ companyID }, `user/${userID}`)}/`,
      providesTags: (_r, _e, { userID }) => [{ type: 'CompanyUser', id: userID }],
    }),
    /** A new address answers the new (pending) member; an existing account answers only its invitation. */
    inviteUser: build.mutation<CompanyUserDto | InvitationDto, { companyID: number; body: UserInput }>({
      query: ({ companyID, body }) => ({ url: `${apiPath({ companyID }, 'user')}/`, method: 'POST', body }),
      invalidatesTags: [LIST, INVITATIONS, 'LicenseStats'],
    }),
    /** GET user/invitation: open invitations of existing accounts (not members until they accept). */
    invitations: build.query<InvitationDto[], { companyID: number }>({
      query: ({ companyID }) => apiPath({ companyID }, 'user/invitation'),
      providesTags: [INVITATIONS],
    }),
    withdrawInvitation: build.mutation<null, { companyID: number; invitationID: number }>({
      query: ({ companyID, invitationID }) => ({ url: apiPath({ companyID }, `user/invitation/${invitationID}`), method: 'DELETE' }),
      invalidatesTags: [INVITATIONS],
    }),
    /** The invited person's look at an invitation (GET /invitation?token=). */
    invitation: build.query<InvitationPreviewDto, { token: string }>({
      query: ({ token }) => ({ url: '/invitation', params: { token } }),
    }),
    acceptInvitation: build.mutation<CompanyDto, { token: string }>({
      query: (body) => ({ url: '/invitation/accept', method: 'POST', body }),
      invalidatesTags: [{ type: 'Company', id: 'LIST' }],
    }),
    updateUser: build.mutation<CompanyUserDto, { companyID: number; userID: number; body: UserInput }>({
      query: ({ companyID, userID, body }) => ({
        url: apiPath({ companyID }, `user/${userID}`),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, _e, { userID }) => [LIST, { type: 'CompanyUser', id: userID }, 'LicenseStats'],
    }),
    deleteUser: build.mutation<null, { companyID: number; userID: number }>({
      query: ({ companyID, userID }) => ({ url: apiPath({ companyID }, `user/${userID}`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { userID }) => [LIST, { type: 'CompanyUser', id: userID }, 'LicenseStats'],
    }),
    /** GET user/{id}/resend: sends the invitation again (safe to repeat). */
    resendInvitation: build.mutation<null, { companyID: number; userID: number }>({
      query: ({ companyID, userID }) => ({
        url: apiPath({ companyID }, `user/${userID}/resend`),
        method: 'GET',
      }),
    }),
    userRestrictions: build.query<
      NamedRestrictionDto[],
      { companyID: number; userID: number; kind: RestrictionKind }
    >({
      query: ({ companyID, userID, kind }) => apiPath({ companyID }, `user/${userID}/${kind}`),
      providesTags: (_r, _e, { userID }) => [restrictionsTag(userID)],
    }),
    addRestriction: build.mutation<
      RestrictionDto,
      { companyID: number; user_id: number; customer_id?: number; location_id?: number; supplier_id?: number }
    >({
      query: ({ companyID, ...body }) => ({
        url: `${apiPath({ companyID }, 'accessrestriction')}/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { user_id }) => [
        LIST,
        { type: 'CompanyUser', id: user_id },
        restrictionsTag(user_id),
      ],
    }),
    removeRestriction: build.mutation<null, { companyID: number; id: number; userID: number }>({
      query: ({ companyID, id }) => ({
        url: apiPath({ companyID }, `accessrestriction/${id}`),
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { userID }) => [
        LIST,
        { type: 'CompanyUser', id: userID },
        restrictionsTag(userID),
      ],
    }),
    targetUsers: build.query<Page<TargetUserDto>, TargetUsersQuery>({
      query: ({ companyID, customerID, locationID, supplierID, restricted, ...params }) => ({
        url: apiPath({ companyID, customerID, locationID, supplierID }, 'user'),
        params: { ...params, restricted: restricted ? 1 : 0 },
      }),
      providesTags: [LIST],
    }),
    /** A customer's locations for the restriction picker (GET customer/{id}/location, from the locations part). */
    customerLocations: build.query<
      Page<{ id: number; name: string }>,
      { companyID: number; customerID: number; q?: string }
    >({
      query: ({ companyID, customerID, q }) => ({
        url: apiPath({ companyID, customerID }, 'location'),
        params: { all: 1, per_page: 50, sort: 'name', ...(q ? { q } : {}) },
      }),
    }),
  }),
});

export const {
  useUsersQuery,
  useUserQuery,
  useInviteUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useResendInvitationMutation,
  useInvitationsQuery,
  useWithdrawInvitationMutation,
  useInvitationQuery,
  useAcceptInvitationMutation,
  useUserRestrictionsQuery,
  useAddRestrictionMutation,
  useRemoveRestrictionMutation,
  useTargetUsersQuery,
  useCustomerLocationsQuery,
} = usersApi;
