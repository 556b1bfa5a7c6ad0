import { Role } from '@kanban/access';
import { emptyNavigation, type NavigationState } from '../../shared/navigation/navigationSlice';
import { mayOpen, routeExists } from '../../shared/paths';
import type { Viewer } from '../../shared/session/access';
import { allEntries, entryUrlFor, type MenuItem, menuFor, MENUS, PLATFORM_MENU, resolveUrl, visibleEntries } from './menus';

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

  it('entries carry no access rule of their own: what they may show is the route table\'s (one table, not two)', () => {
    for (const e of byId.values()) expect(Object.keys(e)).not.toContain('auth');
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

  it('the storage context has its menu (clarifications); allEntries lists every leaf once', () => {
    expect(MENUS.storage.map((e) => e.id)).toEqual(['storage.overview', 'storage.plan', 'storage.times', 'storage.preview', 'storage.backToLocation']);
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
    expect(resolveUrl(entry('company.documentation'), nav({ companyID: 6 }))).toBe('/documentation/changelog');
  });

  it('gives no address for groups', () => {
    expect(resolveUrl(entry('company.settings'), nav({ companyID: 6 }))).toBeNull();
  });
});

describe('visibleEntries: a role is offered exactly the pages the route guard lets it open (issue 16)', () => {
  const deep = nav({ companyID: 1, customerID: 2, locationID: 3, supplierID: 4 });
  const as = (role: Role | undefined, operator = false): Viewer => ({ authenticated: true, operator, role });
  const ids = (items: MenuItem[]): string[] => items.flatMap((e) => [e.id, ...(e.children ? ids(e.children) : [])]);
  const offered = (context: keyof typeof MENUS, viewer: Viewer) => ids(visibleEntries(MENUS[context], deep, viewer));

  it.each([Role.Readonly, Role.Writer, Role.Admin, Role.Customer, Role.Supplier, Role.Owner])('role %s: every offered entry opens a built page the guard lets in', (role) => {
    for (const context of Object.keys(MENUS) as (keyof typeof MENUS)[]) {
      const leaves = visibleEntries(MENUS[context], deep, as(role)).flatMap((e) => e.children ?? [e]);
      for (const leaf of leaves) {
        const url = resolveUrl(leaf, deep)!;
        expect([leaf.id, routeExists(url), mayOpen(url, as(role))]).toEqual([leaf.id, true, true]);
      }
    }
  });

  it('a supplier user is offered no ordering pages in the company menu, and its supplier pages but no staff pages', () => {
    expect(offered('company', as(Role.Supplier))).toEqual(['company.dashboard', 'company.suppliers', 'company.documentation']);
    expect(offered('supplier', as(Role.Supplier))).toEqual(['supplier.dashboard', 'supplier.contacts', 'supplier.supplies', 'supplier.items', 'supplier.catalogs']);
  });

  it('a customer user: orders, new order, queue, requests, customers, item search; kanban rules / stock at a location', () => {
    expect(offered('company', as(Role.Customer))).toEqual([
      'company.dashboard',
      'company.orders',
      'company.orderNew',
      'company.orderQueue',
      'company.requests',
      'company.customers',
      'company.itemSearch',
      'company.documentation',
    ]);
    expect(offered('location', as(Role.Customer))).toEqual([
      'location.dashboard',
      'location.orders',
      'location.orderNew',
      'location.printItems',
      'location.storages',
      'location.rules',
      'location.contacts',
      'location.backToCustomer',
    ]);
    expect(offered('customer', as(Role.Customer))).not.toContain('customer.users');
  });

  it('read-only users are not offered "new order" (they may not order), staff who may change data are', () => {
    expect(offered('company', as(Role.Readonly))).not.toContain('company.orderNew');
    expect(offered('location', as(Role.Readonly))).not.toContain('location.orderNew');
    expect(offered('location', as(Role.Readonly))).toContain('location.rules');
    expect(offered('company', as(Role.Writer))).toContain('company.orderNew');
  });

  it('pages not built yet are not offered; a group without an offered entry disappears', () => {
    const admin = offered('company', as(Role.Admin));
    // label printing (issue 19): label templates for the user group, print locations and settings, print items
    expect(admin).toContain('company.labelTemplates');
    expect(offered('company', as(Role.Readonly))).not.toContain('company.labelTemplates');
    // notification settings: rules, servers and templates are built (issue 18); readers see none
    expect(visibleEntries(MENUS.company, deep, as(Role.Admin)).find((e) => e.id === 'company.notificationSettings')?.children?.map((c) => c.id)).toEqual([
      'company.notificationRules',
      'company.emailTemplates',
      'company.fileTemplates',
      'company.server',
    ]);
    expect(offered('company', as(Role.Readonly))).not.toContain('company.notificationSettings');
    // the notification rules of a customer, location or supplier: the user group
    expect(offered('customer', as(Role.Admin))).toContain('customer.notifications');
    expect(offered('location', as(Role.Admin))).toContain('location.notifications');
    expect(offered('supplier', as(Role.Admin))).toContain('supplier.notifications');
    expect(offered('customer', as(Role.Readonly))).not.toContain('customer.notifications');
    expect(visibleEntries(MENUS.company, deep, as(Role.Admin)).find((e) => e.id === 'company.settings')?.children?.map((c) => c.id)).toEqual([
      'company.users',
      'company.labelTemplates',
      'company.units',
      'company.storageTypes',
      'company.sensors',
      'company.settingsStats',
    ]);
    expect(offered('company', as(Role.Writer))).not.toContain('company.settingsStats');
    expect(offered('customer', as(Role.Admin))).toContain('customer.printLocations');
    expect(offered('customer', as(Role.Admin))).toContain('customer.printSettings');
    expect(offered('location', as(Role.Admin))).toContain('location.printItems');
    expect(offered('location', as(Role.Admin))).toContain('location.storages');
    // the rack's page, its plan, times and preview, and the way back; readers and customer users open them too
    const rack = nav({ companyID: 1, customerID: 2, locationID: 3, storageID: 4 });
    expect(ids(visibleEntries(MENUS.storage, rack, as(Role.Admin)))).toEqual(['storage.overview', 'storage.plan', 'storage.times', 'storage.preview', 'storage.backToLocation']);
    expect(resolveUrl(entry('storage.backToLocation'), rack)).toBe('/c/1/customer/2/location/3/');
    expect(resolveUrl(entry('storage.plan'), rack)).toBe('/c/1/customer/2/location/3/storage/4/plan');
    expect(ids(visibleEntries(MENUS.storage, rack, as(Role.Customer)))).toContain('storage.preview');
    expect(offered('supplier', as(Role.Admin))).not.toContain('supplier.importSettings');
  });

  it('no company role, no company entries but the documentation; the operator its platform dashboard', () => {
    expect(offered('company', as(undefined))).toEqual(['company.documentation']);
    expect(offered('platform', as(undefined, true))).toEqual(['platform.dashboard', 'platform.companies', 'platform.changelog']);
    expect(offered('platform', as(undefined))).toEqual(['platform.companies', 'platform.changelog']);
    expect(entryUrlFor(entry('company.orders'), emptyNavigation, as(Role.Admin))).toBeNull();
  });
});
