import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { LoginResult } from '@kanban/contracts';
import { i18n } from '../../i18n/i18n';
import { snackbarShown } from '../layout/layoutSlice';
import { loggedIn, loggedOut, sessionRestored, type SessionState } from '../session/sessionSlice';
import { accessUsable, readTokens, type StoredTokens } from '../session/tokens';
import { type ApiError, isEnvelope } from './apiError';
import { connectionBack, connectionLost, type ConnectionState } from './connectionSlice';

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

/** HTTP statuses of a proxy or load balancer whose upstream (our server) does not answer. */
const NO_SERVER_STATUSES = [502, 503, 504];

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
  if (result.error) {
    const kind = result.error.status;
    // No answer at all (offline, refused connection, timeout), or a gateway/proxy in front of the server saying
    // it cannot reach it (502/503/504 without our envelope): the call can simply be tried again.
    const network = kind === 'FETCH_ERROR' || kind === 'TIMEOUT_ERROR' || NO_SERVER_STATUSES.includes(status);
    return {
      error: { status, code: typeof kind === 'number' ? kind : 0, message: '', ...(network ? { network: true } : {}) },
    };
  }
  return { error: { status, code: 0, message: '' } };
};

/**
 * A refresh's outcome: new tokens (`ok`), tokens another tab renewed meanwhile (`adopted`), the server refused the
 * token (`refused`, 1026: the session is over), or no answer worth acting on (`unavailable`: network failure,
 * 429, 5xx; the session stays and the refresh is tried again later).
 */
export type RefreshOutcome =
  | { kind: 'ok'; result: LoginResult }
  | { kind: 'adopted'; tokens: StoredTokens }
  | { kind: 'refused' }
  | { kind: 'unavailable' };

/** The server's refusal of a refresh token (wrong, spent, revoked, expired). */
const REFUSED = 1026;
const REFRESH_LOCK = 'kanban.session.refresh';

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Renews the tokens, one refresh at a time in this tab and across tabs (Web Locks): inside the lock the stored
 * session is read again, and when another tab renewed it meanwhile its tokens are taken instead of spending the
 * refresh token again. `known` is the refresh token this tab holds.
 */
export function renewSession(known: string): Promise<RefreshOutcome> {
  refreshing ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request(REFRESH_LOCK, () => renewLocked(known)) : await renewLocked(known);
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

async function renewLocked(known: string): Promise<RefreshOutcome> {
  const stored = readTokens();
  if (stored && stored.refreshToken !== known && accessUsable(stored.token)) return { kind: 'adopted', tokens: stored };
  return callRefresh(stored?.refreshToken ?? known);
}

async function callRefresh(refreshToken: string): Promise<RefreshOutcome> {
  try {
    const response = await fetch('/api/refresh_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': WEB_API_KEY },
      body: JSON.stringify({ RefreshToken: refreshToken }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (isEnvelope(body) && body.Meta.code === 200) return { kind: 'ok', result: body.Data as LoginResult };
    if (isEnvelope(body) && body.Meta.code === REFUSED) return { kind: 'refused' };
    return { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
}

/** Sign-out: revokes the session on the server (best effort, survives the page going away). */
export function revokeSession(refreshToken: string): void {
  void fetch('/api/logout', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'X-API-Key': WEB_API_KEY },
    body: JSON.stringify({ RefreshToken: refreshToken }),
  }).catch(() => undefined);
}

/** Applies a refresh's outcome to the store; answers whether the tab holds usable tokens afterwards. */
export function applyRefresh(dispatch: (action: unknown) => unknown, outcome: RefreshOutcome): boolean {
  switch (outcome.kind) {
    case 'ok':
      dispatch(loggedIn(outcome.result));
      return true;
    case 'adopted':
      dispatch(sessionRestored(outcome.tokens));
      return true;
    case 'refused':
      dispatch(loggedOut());
      dispatch(snackbarShown({ message: i18n.t('session.tokenFailed'), variant: 'error' }));
      return false;
    case 'unavailable':
      return false;
  }
}

/**
 * An expired access token ("access token expired", 401) is refreshed once and the call repeated; a refused
 * refresh logs out with "Failed to login with token." (spec 4, 8); a refresh that got no answer (network, 429)
 * keeps the session and answers the call's 401 (the session's timer tries again).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  let result = await envelopeBaseQuery(args, api, extra);
  const session = (api.getState() as { session: SessionState }).session;
  // 401 is the protocol code of a missing or expired access token; 1026 (also HTTP 401) is a refused credential.
  if (result.error && result.error.code === 401 && session.refreshToken) {
    if (applyRefresh(api.dispatch, await renewSession(session.refreshToken))) result = await envelopeBaseQuery(args, api, extra);
  }
  // The connection state follows every call: lost without an answer, back with any answer (an error included).
  if (result.error?.network) api.dispatch(connectionLost());
  else if ((api.getState() as { connection?: ConnectionState }).connection?.lost) api.dispatch(connectionBack());
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
    'Storage',
    'Unit',
    'StorageType',
    'CustomField',
    'Image',
    'Journal',
  ],
  endpoints: () => ({}),
});
