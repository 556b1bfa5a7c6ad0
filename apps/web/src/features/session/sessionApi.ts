import type { LoginResult } from '@kanban/contracts';
import { api } from '../../shared/api/api';

export interface RegisterInput {
  email?: string;
  token?: string;
  password: string;
  password_confirm: string;
  first_name: string;
  last_name: string;
  company_name?: string;
}

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    authenticate: build.mutation<LoginResult, { Email: string; Password: string }>({
      query: (body) => ({ url: '/authenticate', method: 'POST', body }),
    }),
    requestReset: build.mutation<null, { Email: string }>({
      query: (body) => ({ url: '/resetpass', method: 'POST', body }),
    }),
    resetPassword: build.mutation<null, { token: string; password: string; password_confirm: string }>({
      query: (body) => ({ url: '/resetpass', method: 'POST', body }),
    }),
    register: build.mutation<{ user_id: number; confirmation_required: boolean }, RegisterInput>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    confirm: build.mutation<null, { token: string }>({
      query: (body) => ({ url: '/confirm', method: 'POST', body }),
    }),
  }),
});

export const {
  useAuthenticateMutation,
  useRequestResetMutation,
  useResetPasswordMutation,
  useRegisterMutation,
  useConfirmMutation,
} = sessionApi;
