import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { layoutSlice } from '../features/layout/layoutSlice';
import { contextCleared, contextSlice } from '../features/navigation/contextSlice';
import { navigationSlice } from '../features/navigation/navigationSlice';
import { RECENT_STORAGE_KEY, recentCleared, recentSlice, visited } from '../features/toolbar/recentSlice';
import { loggedIn, loggedOut, sessionSlice } from '../features/session/sessionSlice';
import { writeTokens } from '../features/session/tokens';
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
  listener.startListening({
    actionCreator: loggedIn,
    effect: (action) => {
      writeTokens({
        token: action.payload.token,
        refreshToken: action.payload.refresh_token,
        refreshExpiresAt: action.payload.refresh_expires_at,
      });
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
