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

const EMPTY: RecentState = { customers: [], locations: [], suppliers: [], items: [] };
export const RECENT_STORAGE_KEY = 'kanban.recent';

/** The caches survive a reload (browser storage); they are cleared on logout. */
function stored(): RecentState {
  try {
    const value = JSON.parse(
      localStorage.getItem(RECENT_STORAGE_KEY) ?? 'null',
    ) as Partial<RecentState> | null;
    if (!value || typeof value !== 'object') return EMPTY;
    const list = (entries: unknown) =>
      Array.isArray(entries) ? (entries as RecentEntry[]).slice(0, RECENT_LIMIT) : [];
    return {
      customers: list(value.customers),
      locations: list(value.locations),
      suppliers: list(value.suppliers),
      items: list(value.items),
    };
  } catch {
    return EMPTY;
  }
}

export const recentSlice = createSlice({
  name: 'recent',
  initialState: stored,
  reducers: {
    visited(state, action: PayloadAction<{ kind: RecentKind; entry: RecentEntry }>) {
      const { kind, entry } = action.payload;
      state[kind] = [entry, ...state[kind].filter((e) => e.id !== entry.id)].slice(0, RECENT_LIMIT);
    },
    recentCleared() {
      return EMPTY;
    },
  },
});

export const { visited, recentCleared } = recentSlice.actions;
