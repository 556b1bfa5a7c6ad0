import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type Store } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RootState } from './state';

/** The store's dispatch: plain actions and thunks (RTK Query's included). */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppStore = Store<RootState, UnknownAction> & { dispatch: AppDispatch };

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
