import { contextCleared, contextSlice, entityNamed, locationLabel, singleModes } from './contextSlice';

describe('locationLabel (spec 2: a location named like its customer shows its extended name)', () => {
  const customer = { id: 1, name: 'Bosch Werk' };

  it('shows the extended name when the location is named like its customer', () => {
    expect(locationLabel({ id: 2, name: 'Bosch Werk', extended: 'Halle 3' }, customer)).toBe('Halle 3');
  });

  it('shows the name otherwise, or when there is no extended name or no customer', () => {
    expect(locationLabel({ id: 2, name: 'Lager Nord', extended: 'Halle 3' }, customer)).toBe('Lager Nord');
    expect(locationLabel({ id: 2, name: 'Bosch Werk', extended: '' }, customer)).toBe('Bosch Werk');
    expect(locationLabel({ id: 2, name: 'Bosch Werk', extended: 'Halle 3' }, null)).toBe('Bosch Werk');
  });
});

describe('contextSlice', () => {
  const reduce = contextSlice.reducer;

  it('records names and single modes, and clears them', () => {
    let state = reduce(undefined, entityNamed({ kind: 'customer', entity: { id: 4, name: 'ACME' } }));
    state = reduce(state, singleModes({ customerID: 4 }));
    expect(state.names.customer).toEqual({ id: 4, name: 'ACME' });
    expect(state.single).toEqual({ customerID: 4, supplierID: null });
    state = reduce(state, contextCleared());
    expect(state.names.customer).toBeNull();
    expect(state.single).toEqual({ customerID: null, supplierID: null });
  });
});
