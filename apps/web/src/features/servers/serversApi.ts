import type { Page, ServerDto, ServerInput, ServerSort, ServerType, ServerVerifyResult } from '@kanban/contracts';
import { api } from '../../shared/api/api';
import { apiPath } from '../../shared/navigation/apiPath';

export type { ServerDto, ServerInput, ServerSort, ServerType, ServerVerifyResult };

export interface ServerListArgs {
  companyID: number;
  q?: string;
  type?: ServerType;
  sort?: ServerSort;
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

const LIST = { type: 'Server' as const, id: 'LIST' };

/** The company's servers (notifications service; docs/notifications.md). */
export const serversApi = api.enhanceEndpoints({ addTagTypes: ['Server'] }).injectEndpoints({
  endpoints: (build) => ({
    servers: build.query<Page<ServerDto>, ServerListArgs>({
      query: ({ companyID, ...params }) => ({ url: apiPath({ companyID }, 'server'), params }),
      providesTags: [LIST],
    }),
    createServer: build.mutation<ServerDto, { companyID: number; body: ServerInput }>({
      query: ({ companyID, body }) => ({ url: `${apiPath({ companyID }, 'server')}/`, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateServer: build.mutation<ServerDto, { companyID: number; id: number; body: ServerInput }>({
      query: ({ companyID, id, body }) => ({ url: apiPath({ companyID }, `server/${id}`), method: 'PATCH', body }),
      invalidatesTags: [LIST],
    }),
    /** connects and signs in (changes nothing): the server's greeting, or 1056 with its own message */
    verifyServer: build.mutation<ServerVerifyResult, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: apiPath({ companyID }, `server/${id}/verify`), method: 'GET' }),
    }),
    deleteServer: build.mutation<null, { companyID: number; id: number }>({
      query: ({ companyID, id }) => ({ url: apiPath({ companyID }, `server/${id}`), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useServersQuery, useCreateServerMutation, useUpdateServerMutation, useDeleteServerMutation, useVerifyServerMutation } = serversApi;
