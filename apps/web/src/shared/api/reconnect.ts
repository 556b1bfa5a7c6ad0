import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from './api';
import { isNetworkError } from './apiError';
import { connectionBack, type ConnectionState } from './connectionSlice';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
interface QueryEntry {
  status: string;
  endpointName?: string;
  originalArgs?: unknown;
  error?: unknown;
}
type Initiate = (args: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => UnknownAction;

/** Statuses of a proxy in front of the server that cannot reach it (as in api.ts). */
const NO_SERVER = new Set([502, 503, 504]);

/** Asks the gateway's liveness call whether the server answers again (any answer but a proxy's "no upstream"). */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    return !NO_SERVER.has(response.status);
  } catch {
    return false;
  }
}

/**
 * One reconnection attempt: when the server answers, the connection is marked back and every query that failed for
 * want of an answer is fetched again (its page shows the data without a reload; the session was never touched).
 * Answers whether the server answered.
 */
export async function reconnect(dispatch: Dispatch, getState: () => unknown): Promise<boolean> {
  if (!(await serverAnswers())) return false;
  const state = getState() as { connection: ConnectionState; api: { queries: Record<string, QueryEntry | undefined> } };
  if (state.connection.lost) dispatch(connectionBack());
  const endpoints = api.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
  for (const entry of Object.values(state.api.queries)) {
    if (!entry || entry.status !== 'rejected' || !isNetworkError(entry.error) || !entry.endpointName) continue;
    const endpoint = endpoints[entry.endpointName];
    if (endpoint) void dispatch(endpoint.initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }));
  }
  return true;
}
