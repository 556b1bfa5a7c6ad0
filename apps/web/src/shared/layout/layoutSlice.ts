import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SidebarState = 'open' | 'closed' | 'folded' | 'mobile-open';
export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';
export type ShellDialog = 'password' | 'support' | null;

export interface LayoutState {
  sidebar: SidebarState;
  snackbar: { visible: boolean; message: string; variant: SnackbarVariant; id: number };
  dialog: ShellDialog;
}

const initialState: LayoutState = {
  sidebar: 'open',
  snackbar: { visible: false, message: '', variant: 'info', id: 0 },
  dialog: null,
};

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    sidebarSet(state, action: PayloadAction<SidebarState>) {
      state.sidebar = action.payload;
    },
    snackbarShown(state, action: PayloadAction<{ message: string; variant: SnackbarVariant }>) {
      state.snackbar = { visible: true, ...action.payload, id: state.snackbar.id + 1 };
    },
    snackbarHidden(state) {
      state.snackbar.visible = false;
    },
    dialogOpened(state, action: PayloadAction<ShellDialog>) {
      state.dialog = action.payload;
    },
  },
});

export const { sidebarSet, snackbarShown, snackbarHidden, dialogOpened } = layoutSlice.actions;
