import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the server answers (issue 16, "network errors are not logouts"): a call without an answer (the browser
 * is offline, the server or a proxy in front of it is down) marks the connection lost; the next answer of any kind
 * marks it back. The session is not touched either way: the shell shows "No connection, retrying…" and tries the
 * failed calls again (ConnectionBanner).
 */
export interface ConnectionState {
  lost: boolean;
  /** when the connection was lost (ms since epoch), for "since" texts and the retry schedule */
  since: number | null;
}

const initialState: ConnectionState = { lost: false, since: null };

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    connectionLost(state) {
      if (state.lost) return;
      state.lost = true;
      state.since = Date.now();
    },
    connectionBack(state) {
      state.lost = false;
      state.since = null;
    },
  },
});

export const { connectionLost, connectionBack } = connectionSlice.actions;
