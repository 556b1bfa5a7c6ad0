import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from '../shared/api/api';
import { contextCleared } from '../shared/navigation/contextSlice';
import { RECENT_STORAGE_KEY, recentCleared, visited } from '../shared/navigation/recentSlice';
import { loggedIn, loggedOut, userUpdated } from '../shared/session/sessionSlice';
import { tokensOf, writeTokens } from '../shared/session/tokens';
import { rootReducer, type RootState } from '../shared/state';

/** Store factory (tests make their own with a preloaded state). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  // Tokens are stored on login/refresh and removed on logout; the API cache goes with the session.
  // Every tab reads them from there: a change arrives in the others as a storage event (SessionBoot).
  listener.startListening({
    actionCreator: loggedIn,
    effect: (action) => {
      writeTokens(tokensOf(action.payload));
    },
  });
  listener.startListening({
    actionCreator: userUpdated,
    effect: (_action, listenerApi) => {
      const { session } = listenerApi.getState() as RootState;
      if (session.token && session.refreshToken && session.refreshExpiresAt && session.user)
        writeTokens({ token: session.token, refreshToken: session.refreshToken, refreshExpiresAt: session.refreshExpiresAt, user: session.user });
    },
  });
  listener.startListening({
    actionCreator: loggedOut,
    effect: (_action, listenerApi) => {
      writeTokens(null);
      listenerApi.dispatch(api.util.resetApiState());
      listenerApi.dispatch(recentCleared());
      listenerApi.dispatch(contextCleared());
    },
  });
  listener.startListening({
    matcher: isAnyOf(visited, recentCleared),
    effect: (_action, listenerApi) => {
      try {
        localStorage.setItem(
          RECENT_STORAGE_KEY,
          JSON.stringify((listenerApi.getState() as RootState).recent),
        );
      } catch {
        // storage unavailable: the caches last for this page only
      }
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

// The typed hooks (useAppDispatch, useAppSelector, useAppStore) live in shared/hooks.ts, typed from shared/state.ts.
