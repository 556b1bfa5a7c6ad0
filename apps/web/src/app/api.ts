import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { LoginResult } from '@kanban/contracts';
import { i18n } from '../i18n/i18n';
import { snackbarShown } from '../features/layout/layoutSlice';
import { loggedIn, loggedOut, type SessionState } from '../features/session/sessionSlice';
import { type ApiError, isEnvelope } from './apiError';

/** The client key of the web app (X-API-Key); the embedded run's default, overridable at build time. */
export const WEB_API_KEY: string = import.meta.env.VITE_API_KEY ?? 'kanban-web-demo-key';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { session: SessionState }).session.token;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    headers.set('X-API-Key', WEB_API_KEY);
    return headers;
  },
});

/** Unwraps the envelope: Data on Meta.code 200, else an ApiError with the catalogue code. */
const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  const status = result.meta?.response?.status ?? 0;
  const body = result.error ? (result.error as { data?: unknown }).data : result.data;
  if (isEnvelope(body)) {
    if (body.Meta.code === 200) return { data: body.Data };
    const data = body.Data as ({ errors?: ApiError['errors'] } & Record<string, unknown>) | null;
    return {
      error: {
        status,
        code: body.Meta.code,
        message: body.Meta.message,
        field: body.Meta.field,
        errors: data?.errors,
        data: data ?? undefined,
      },
    };
  }
  if (result.error)
    return {
      error: { status, code: typeof result.error.status === 'number' ? result.error.status : 0, message: '' },
    };
  return { error: { status, code: 0, message: '' } };
};

let refreshing: Promise<LoginResult | null> | null = null;

/** Trades the refresh token for new tokens; one call at a time (the token rotates). */
export function refreshSession(refreshToken: string): Promise<LoginResult | null> {
  refreshing ??= (async () => {
    try {
      const response = await fetch('/api/refresh_token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': WEB_API_KEY },
        body: JSON.stringify({ RefreshToken: refreshToken }),
      });
      const body: unknown = await response.json();
      return isEnvelope(body) && body.Meta.code === 200 ? (body.Data as LoginResult) : null;
    } catch {
      return null;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

/**
 * An expired access token ("access token expired", 401) is refreshed once if the refresh token is still
 * valid and the call repeated; a failed refresh logs out with "Failed to login with token." (spec 4, 8).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  let result = await envelopeBaseQuery(args, api, extra);
  const session = (api.getState() as { session: SessionState }).session;
  if (result.error && (result.error.code === 401 || result.error.status === 401) && session.refreshToken) {
    const refreshed = await refreshSession(session.refreshToken);
    if (refreshed) {
      api.dispatch(loggedIn(refreshed));
      result = await envelopeBaseQuery(args, api, extra);
    } else {
      api.dispatch(loggedOut());
      api.dispatch(snackbarShown({ message: i18n.t('session.tokenFailed'), variant: 'error' }));
    }
  }
  return result;
};

/** The one RTK Query API of the app; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Company',
    'CompanyUser',
    'LicenseStats',
    'AppUsage',
    'PlatformCompany',
    'Customer',
    'Supplier',
    'Location',
    'Unit',
    'StorageType',
    'CustomField',
    'Image',
    'Journal',
  ],
  endpoints: () => ({}),
});
