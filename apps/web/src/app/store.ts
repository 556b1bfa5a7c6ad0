import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { layoutSlice } from '../features/layout/layoutSlice';
import { contextCleared, contextSlice } from '../features/navigation/contextSlice';
import { navigationSlice } from '../features/navigation/navigationSlice';
import { RECENT_STORAGE_KEY, recentCleared, recentSlice, visited } from '../features/toolbar/recentSlice';
import { loggedIn, loggedOut, sessionSlice, userUpdated } from '../features/session/sessionSlice';
import { tokensOf, writeTokens } from '../features/session/tokens';
import { api } from './api';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  navigation: navigationSlice.reducer,
  context: contextSlice.reducer,
  layout: layoutSlice.reducer,
  recent: recentSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

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

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
