import type { UserDto } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { userUpdated } from '../../shared/session/sessionSlice';

export interface ProfileUpdate {
  first_name?: string;
  last_name?: string;
  initials?: string;
  job_title?: string;
  salutation?: string;
  pref_language?: 'de' | 'en';
  data?: { shortcuts?: string[] };
  image_id?: null;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<UserDto, void>({ query: () => '/user/me', providesTags: ['Me'] }),
    updateProfile: build.mutation<UserDto, ProfileUpdate>({
      query: (body) => ({ url: '/auth/user/update', method: 'POST', body }),
      invalidatesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userUpdated(data));
        } catch {
          // the caller shows the error
        }
      },
    }),
    uploadProfileImage: build.mutation<UserDto, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/image/', method: 'POST', body };
      },
      invalidatesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userUpdated(data));
        } catch {
          // the form shows the error
        }
      },
    }),
    changePassword: build.mutation<null, { current_password: string; password: string; password_confirm: string }>({
      query: (body) => ({ url: '/user/changepass', method: 'POST', body }),
    }),
  }),
});

export const {
  useMeQuery,
  useUpdateProfileMutation,
  useUploadProfileImageMutation,
  useChangePasswordMutation,
} = profileApi;
