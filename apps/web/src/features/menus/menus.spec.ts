import { emptyNavigation, type NavigationState } from '../../shared/navigation/navigationSlice';
import { allEntries, type MenuItem, menuFor, MENUS, PLATFORM_MENU, resolveUrl } from './menus';

const byId = new Map<string, MenuItem>();
const walk = (items: MenuItem[]) =>
  items.forEach((entry) => {
    byId.set(entry.id, entry);
    if (entry.children) walk(entry.children);
  });
Object.values(MENUS).forEach(walk);
const entry = (id: string): MenuItem => {
  const found = byId.get(id);
  if (!found) throw new Error(`no menu entry ${id}`);
  return found;
};
const nav = (ids: Partial<NavigationState>): NavigationState => ({ ...emptyNavigation, ...ids });

describe('side menus (spec 2)', () => {
  it('has one table per navigation context; unknown contexts fall back to the platform menu', () => {
    expect(Object.keys(MENUS).sort()).toEqual([
      'company',
      'customer',
      'location',
      'platform',
      'storage',
      'supplier',
    ]);
    expect(menuFor('nonsense')).toBe(PLATFORM_MENU);
    expect(menuFor('supplier')).toBe(MENUS.supplier);
  });

  it('ids are unique and titles are menu.<id>', () => {
    const ids: string[] = [];
    const collect = (items: MenuItem[]) =>
      items.forEach((e) => {
        ids.push(e.id);
        if (e.children) collect(e.children);
      });
    Object.values(MENUS).forEach(collect);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of byId.values()) expect(e.title).toBe(`menu.${e.id}`);
  });

  it.each([
    // user: company dashboard, statistics, journal, notification settings, settings group
    ['company.dashboard', 'user'],
    ['company.statOrders', 'user'],
    ['company.statRules', 'user'],
    ['company.journal', 'user'],
    ['company.notificationSettings', 'user'],
    ['company.settings', 'user'],
    // user: customer/location/supplier notifications, items, label settings, users
    ['customer.notifications', 'user'],
    ['customer.items', 'user'],
    ['customer.printSettings', 'user'],
    ['customer.users', 'user'],
    ['location.notifications', 'user'],
    ['location.rules', 'user'],
    ['location.users', 'user'],
    ['supplier.notifications', 'user'],
    ['supplier.items', 'user'],
    ['supplier.users', 'user'],
    // customer: customers and item search; supplier: suppliers and the supplier import settings
    ['company.customers', 'customer'],
    ['company.itemSearch', 'customer'],
    ['company.suppliers', 'supplier'],
    ['supplier.importSettings', 'supplier'],
    // owner: settings stats
    ['company.settingsStats', 'owner'],
  ])('%s needs %s', (id, auth) => {
    expect(entry(id).auth).toBe(auth);
  });

  it('the settings group and the notification settings are collapsible groups of user entries', () => {
    for (const id of ['company.settings', 'company.notificationSettings', 'supplier.importSettings']) {
      expect(entry(id).type).toBe('collapse');
      expect(entry(id).children?.length).toBeGreaterThan(0);
    }
    expect(entry('company.settings').children!.map((c) => c.id)).toEqual([
      'company.users',
      'company.labelTemplates',
      'company.units',
      'company.storageTypes',
      'company.sensors',
      'company.settingsStats',
    ]);
  });

  it('the platform changelog entry has the 1.0.0 badge', () => {
    expect(entry('platform.changelog').badge?.title).toBe('1.0.0');
  });

  it('the storage context has no menu yet; allEntries lists every leaf once', () => {
    expect(MENUS.storage).toEqual([]);
    const leaves = allEntries();
    expect(leaves.every((e) => e.type === 'item' || e.type === 'link')).toBe(true);
    expect(leaves.map((e) => e.id)).toContain('company.settingsStats');
    expect(leaves.map((e) => e.id)).not.toContain('company.settings');
  });
});

describe('resolveUrl: menu entries to addresses', () => {
  it('keeps absolute addresses', () => {
    expect(resolveUrl(entry('platform.companies'), emptyNavigation)).toBe('/companies');
  });

  it('puts relative addresses under their context', () => {
    const deep = nav({ companyID: 6, customerID: 2, locationID: 3, supplierID: 5 });
    expect(resolveUrl(entry('company.dashboard'), deep)).toBe('/c/6/');
    expect(resolveUrl(entry('company.orders'), deep)).toBe('/c/6/order');
    expect(resolveUrl(entry('company.server'), deep)).toBe('/c/6/settings/notifications/server');
    expect(resolveUrl(entry('customer.orders'), deep)).toBe('/c/6/customer/2/order');
    expect(resolveUrl(entry('location.storages'), deep)).toBe('/c/6/customer/2/location/3/storage');
    expect(resolveUrl(entry('supplier.importServer'), deep)).toBe('/c/6/supplier/5/import/server');
  });

  it('gives no address when the context ids are not selected (or 0 or below)', () => {
    expect(resolveUrl(entry('company.orders'), emptyNavigation)).toBeNull();
    expect(resolveUrl(entry('customer.orders'), nav({ companyID: 6 }))).toBeNull();
    expect(resolveUrl(entry('customer.orders'), nav({ companyID: 6, customerID: 0 }))).toBeNull();
    expect(resolveUrl(entry('location.orders'), nav({ companyID: 6, customerID: 2 }))).toBeNull();
    expect(resolveUrl(entry('supplier.items'), nav({ companyID: 6, supplierID: -1 }))).toBeNull();
  });

  it("puts the location's contacts and its way back under the location's customer (spec clarifications)", () => {
    const deep = nav({ companyID: 6, customerID: 2, locationID: 3 });
    expect(MENUS.location.map((e) => e.id).slice(-2)).toEqual(['location.contacts', 'location.backToCustomer']);
    expect(resolveUrl(entry('location.contacts'), deep)).toBe('/c/6/customer/2/contacts');
    expect(resolveUrl(entry('location.backToCustomer'), deep)).toBe('/c/6/customer/2/');
    expect(entry('location.backToCustomer').exact).toBe(true);
    expect(resolveUrl(entry('location.contacts'), nav({ companyID: 6 }))).toBeNull();
  });

  it('the company documentation entry opens the changelog for everyone signed in', () => {
    expect(entry('company.documentation').url).toBe('/documentation/changelog');
    expect(entry('company.documentation').auth).toBe('session');
    expect(resolveUrl(entry('company.documentation'), nav({ companyID: 6 }))).toBe('/documentation/changelog');
  });

  it('gives no address for groups', () => {
    expect(resolveUrl(entry('company.settings'), nav({ companyID: 6 }))).toBeNull();
  });
});
