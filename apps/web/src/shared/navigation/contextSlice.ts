import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface NamedEntity {
  id: number;
  name: string;
  /** locations: the extended name, shown when the location is named like its customer */
  extended?: string;
}

/**
 * What the shell knows about the selected entities beyond their ids: names for breadcrumbs and headers,
 * and the single-customer / single-supplier modes (a user who may see exactly one customer or supplier
 * goes straight to it and gets no back button). Pages that load those entities report them here.
 */
export interface ContextState {
  names: { customer: NamedEntity | null; location: NamedEntity | null; storage: NamedEntity | null; supplier: NamedEntity | null };
  single: { customerID: number | null; supplierID: number | null };
}

const initialState: ContextState = {
  names: { customer: null, location: null, storage: null, supplier: null },
  single: { customerID: null, supplierID: null },
};

export const contextSlice = createSlice({
  name: 'context',
  initialState,
  reducers: {
    entityNamed(
      state,
      action: PayloadAction<{ kind: keyof ContextState['names']; entity: NamedEntity | null }>,
    ) {
      state.names[action.payload.kind] = action.payload.entity;
    },
    singleModes(state, action: PayloadAction<Partial<ContextState['single']>>) {
      state.single = { ...state.single, ...action.payload };
    },
    contextCleared() {
      return initialState;
    },
  },
});

export const { entityNamed, singleModes, contextCleared } = contextSlice.actions;

/** A location named like its customer shows its extended name (spec 2). */
export function locationLabel(location: NamedEntity, customer: NamedEntity | null): string {
  if (customer && location.name === customer.name && location.extended) return location.extended;
  return location.name;
}
