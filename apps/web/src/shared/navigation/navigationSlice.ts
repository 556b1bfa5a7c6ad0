import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Navigation state of spec 3/4: the selected ids; null when not selected. */
export interface NavigationState {
  companyID: number | null;
  customerID: number | null;
  locationID: number | null;
  storageID: number | null;
  supplierID: number | null;
}

export const emptyNavigation: NavigationState = {
  companyID: null,
  customerID: null,
  locationID: null,
  storageID: null,
  supplierID: null,
};

type Id = number | null;

/**
 * Clearing rules of spec 4: choosing a customer clears location, storage, supplier; choosing a supplier
 * clears customer, location, storage; choosing a location clears storage and supplier; choosing a storage
 * clears supplier; choosing null goes back one level (clears that id and the ones below it).
 */
export const navigationSlice = createSlice({
  name: 'navigation',
  initialState: emptyNavigation,
  reducers: {
    companySelected(state, action: PayloadAction<Id>) {
      if (action.payload !== state.companyID) return { ...emptyNavigation, companyID: action.payload };
      return state;
    },
    customerSelected(state, action: PayloadAction<Id>) {
      state.customerID = action.payload;
      state.locationID = null;
      state.storageID = null;
      if (action.payload !== null) state.supplierID = null;
    },
    supplierSelected(state, action: PayloadAction<Id>) {
      state.supplierID = action.payload;
      if (action.payload !== null) {
        state.customerID = null;
        state.locationID = null;
        state.storageID = null;
      }
    },
    locationSelected(state, action: PayloadAction<Id>) {
      state.locationID = action.payload;
      state.storageID = null;
      if (action.payload !== null) state.supplierID = null;
    },
    storageSelected(state, action: PayloadAction<Id>) {
      state.storageID = action.payload;
      if (action.payload !== null) state.supplierID = null;
    },
    /** Sets all ids at once from the address (the route is the source of truth after a reload). */
    navigationSynced(_state, action: PayloadAction<NavigationState>) {
      return action.payload;
    },
    navigationCleared() {
      return emptyNavigation;
    },
  },
});

export const {
  companySelected,
  customerSelected,
  supplierSelected,
  locationSelected,
  storageSelected,
  navigationSynced,
  navigationCleared,
} = navigationSlice.actions;

export type MenuContext = 'platform' | 'company' | 'customer' | 'location' | 'storage' | 'supplier';

function set(id: Id): boolean {
  return id !== null && id > 0;
}

/** The menu context is chosen by the deepest id set. */
export function menuContextOf(nav: NavigationState): MenuContext {
  if (!set(nav.companyID)) return 'platform';
  if (set(nav.supplierID)) return 'supplier';
  if (set(nav.customerID)) {
    if (set(nav.locationID)) return set(nav.storageID) ? 'storage' : 'location';
    return 'customer';
  }
  return 'company';
}

/** Reads the ids from an address such as /c/6/customer/2/location/3/storage/4/plan. */
export function navigationFromPath(pathname: string): NavigationState {
  const nav: NavigationState = { ...emptyNavigation };
  const segments = pathname.split('/').filter(Boolean);
  const num = (value: string | undefined): Id => (value && /^\d+$/.test(value) ? Number(value) : null);
  if (segments[0] !== 'c') return nav;
  nav.companyID = num(segments[1]);
  if (nav.companyID === null) return nav;
  if (segments[2] === 'supplier') {
    nav.supplierID = num(segments[3]);
    return nav;
  }
  if (segments[2] === 'customer') {
    nav.customerID = num(segments[3]);
    if (nav.customerID !== null && segments[4] === 'location') {
      nav.locationID = num(segments[5]);
      if (nav.locationID !== null && segments[6] === 'storage') nav.storageID = num(segments[7]);
    }
  }
  return nav;
}
