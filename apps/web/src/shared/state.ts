import { combineReducers } from '@reduxjs/toolkit';
import { api } from './api/api';
import { connectionSlice } from './api/connectionSlice';
import { layoutSlice } from './layout/layoutSlice';
import { contextSlice } from './navigation/contextSlice';
import { navigationSlice } from './navigation/navigationSlice';
import { recentSlice } from './navigation/recentSlice';
import { sessionSlice } from './session/sessionSlice';

/**
 * The state's shape: the API cache and the slices every floor reads. It lives here, at the bottom, so the typed
 * hooks (hooks.ts) need nothing from app/; app/store.ts builds the store from this reducer.
 */
export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  navigation: navigationSlice.reducer,
  context: contextSlice.reducer,
  layout: layoutSlice.reducer,
  recent: recentSlice.reducer,
  connection: connectionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
