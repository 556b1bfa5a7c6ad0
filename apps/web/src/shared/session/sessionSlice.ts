import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResult, UserDto } from '@kanban/contracts';
import { type Claims, claimsOf, type StoredTokens } from './tokens';

export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  refreshToken: string | null;
  refreshExpiresAt: string | null;
  user: UserDto | null;
  claims: Claims;
}

export const initialSessionState: SessionState = {
  status: 'restoring',
  token: null,
  refreshToken: null,
  refreshExpiresAt: null,
  user: null,
  claims: { companies: {}, operator: false },
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<LoginResult>) {
      const r = action.payload;
      state.status = 'authenticated';
      state.token = r.token;
      state.refreshToken = r.refresh_token;
      state.refreshExpiresAt = r.refresh_expires_at;
      state.user = r.user;
      state.claims = claimsOf(r.token);
    },
    /** Tokens taken from storage: at start while the access token is valid, or renewed by another tab. */
    sessionRestored(state, action: PayloadAction<StoredTokens>) {
      const r = action.payload;
      state.status = 'authenticated';
      state.token = r.token;
      state.refreshToken = r.refreshToken;
      state.refreshExpiresAt = r.refreshExpiresAt;
      if (r.user) state.user = r.user;
      state.claims = claimsOf(r.token);
    },
    userUpdated(state, action: PayloadAction<UserDto>) {
      state.user = action.payload;
    },
    loggedOut() {
      return { ...initialSessionState, status: 'anonymous' as const };
    },
  },
});

export const { loggedIn, loggedOut, sessionRestored, userUpdated } = sessionSlice.actions;
