import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type RecentKind = 'customers' | 'locations' | 'suppliers' | 'items';
export interface RecentEntry {
  id: number;
  name: string;
  url: string;
}

/** Caches of the 5 most recently visited entries per kind (spec 9); pages of later issues fill them. */
export const RECENT_LIMIT = 5;
export type RecentState = Record<RecentKind, RecentEntry[]>;

const initialState: RecentState = { customers: [], locations: [], suppliers: [], items: [] };

export const recentSlice = createSlice({
  name: 'recent',
  initialState,
  reducers: {
    visited(state, action: PayloadAction<{ kind: RecentKind; entry: RecentEntry }>) {
      const { kind, entry } = action.payload;
      state[kind] = [entry, ...state[kind].filter((e) => e.id !== entry.id)].slice(0, RECENT_LIMIT);
    },
    recentCleared() {
      return initialState;
    },
  },
});

export const { visited, recentCleared } = recentSlice.actions;
