import type { MenuContext, NavigationState } from '../../shared/navigation/navigationSlice';
import { apiPath } from '../../shared/navigation/apiPath';
import { mayOpen } from '../../shared/paths';
import type { Viewer } from '../../shared/session/access';
import type { IconName } from '../../shared/icons';

export type MenuItemType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

/**
 * A menu entry of spec 2: id, title (i18n key), type, icon, url, exact, badge, target. The spec's `auth` of an entry
 * is not written here: it is the `auth` of the page the entry opens (the PATHS table of shared/paths.ts), the same rule
 * the route guard applies, so a menu cannot offer a page the guard refuses (see visibleEntries).
 */
export interface MenuItem {
  id: string;
  title: string;
  type: MenuItemType;
  icon?: IconName;
  /** relative to the context's base path ('' = the context root); absolute when it starts with '/' */
  url?: string;
  /** the context whose base path a relative url is under, when not the entry's own (the location's customer) */
  base?: MenuContext;
  exact?: boolean;
  badge?: { title: string; bg: string; fg: string };
  target?: '_blank' | '_self';
  children?: MenuItem[];
}

const item = (id: string, icon: IconName, url: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  title: `menu.${id}`,
  type: 'item',
  icon,
  url,
  exact: url === '',
  ...extra,
});

const collapse = (id: string, icon: IconName, children: MenuItem[]): MenuItem => ({
  id,
  title: `menu.${id}`,
  type: 'collapse',
  icon,
  children,
});

export const PLATFORM_MENU: MenuItem[] = [
  item('platform.dashboard', 'dashboard', '/platform', { exact: true }),
  item('platform.companies', 'company', '/companies', { exact: true }),
  item('platform.changelog', 'changelog', '/documentation/changelog', {
    badge: { title: '1.0.0', bg: 'blue.600', fg: 'white' },
  }),
];

export const COMPANY_MENU: MenuItem[] = [
  item('company.dashboard', 'dashboard', ''),
  item('company.orders', 'order', 'order'),
  item('company.orderNew', 'add', 'ordernew'),
  item('company.orderQueue', 'queue', 'orderqueue'),
  item('company.requests', 'request', 'request'),
  item('company.customers', 'customer', 'customer'),
  item('company.suppliers', 'supplier', 'supplier'),
  item('company.itemSearch', 'search', 'item_search'),
  item('company.statOrders', 'chart', 'stat/orders'),
  item('company.statRules', 'chart', 'stat/rules'),
  item('company.journal', 'journal', 'journal'),
  // documentation: the changelog, which links the API documentation (spec clarifications "Menus")
  item('company.documentation', 'changelog', '/documentation/changelog'),
  collapse('company.notificationSettings', 'bell', [
    item('company.notificationRules', 'dot', 'settings/notifications/rules'),
    item('company.emailTemplates', 'dot', 'settings/notifications/email_templates'),
    item('company.fileTemplates', 'dot', 'settings/notifications/file_templates'),
    item('company.server', 'dot', 'settings/notifications/server'),
  ]),
  collapse('company.settings', 'settings', [
    item('company.users', 'dot', 'settings/user'),
    item('company.labelTemplates', 'dot', 'settings/templates/label'),
    item('company.units', 'dot', 'settings/units'),
    item('company.storageTypes', 'dot', 'settings/storage_types'),
    item('company.sensors', 'dot', 'settings/sensors'),
    item('company.settingsStats', 'dot', 'settings/stats'),
  ]),
];

export const CUSTOMER_MENU: MenuItem[] = [
  item('customer.dashboard', 'dashboard', ''),
  item('customer.contacts', 'contact', 'contacts'),
  item('customer.orders', 'order', 'order'),
  item('customer.orderNew', 'add', 'ordernew'),
  item('customer.requests', 'request', 'request'),
  item('customer.locations', 'location', 'location'),
  item('customer.notifications', 'bell', 'notifications'),
  item('customer.items', 'item', 'item'),
  item('customer.statOrders', 'chart', 'stat/orders'),
  item('customer.printLocations', 'print', 'printlocations'),
  item('customer.reporting', 'chart', 'reporting'),
  item('customer.analysis', 'chart', 'analysis/service'),
  item('customer.printSettings', 'print', 'print/settings'),
  item('customer.users', 'user', 'user'),
];

export const LOCATION_MENU: MenuItem[] = [
  item('location.dashboard', 'dashboard', ''),
  item('location.orders', 'order', 'order'),
  item('location.orderNew', 'add', 'ordernew'),
  item('location.printItems', 'print', 'printitems'),
  item('location.storages', 'storage', 'storage'),
  // kanban rules and stock entry: for every role that may open the page (customer users enter stock here)
  item('location.rules', 'item', 'item'),
  item('location.notifications', 'bell', 'notifications'),
  item('location.users', 'user', 'user'),
  // the customer's contacts and its dashboard (spec clarifications "Menus")
  item('location.contacts', 'contact', 'contacts', { base: 'customer' }),
  item('location.backToCustomer', 'back', '', { base: 'customer' }),
];

/**
 * The storage (rack) context's menu (spec clarifications): rack dashboard, plan, times, preview, back to the
 * location. Plan, times and preview appear once their pages exist (PATHS).
 */
export const STORAGE_MENU: MenuItem[] = [
  item('storage.overview', 'dashboard', ''),
  item('storage.plan', 'storage', 'plan'),
  item('storage.times', 'clock', 'times'),
  item('storage.preview', 'search', 'preview'),
  item('storage.backToLocation', 'back', '', { base: 'location' }),
];

export const SUPPLIER_MENU: MenuItem[] = [
  item('supplier.dashboard', 'dashboard', ''),
  item('supplier.contacts', 'contact', 'contacts'),
  item('supplier.supplies', 'order', 'supply'),
  item('supplier.items', 'item', 'item'),
  item('supplier.catalogs', 'journal', 'catalog'),
  item('supplier.notifications', 'bell', 'notifications'),
  item('supplier.users', 'user', 'user'),
  collapse('supplier.importSettings', 'settings', [
    item('supplier.importServer', 'dot', 'import/server'),
    item('supplier.importMapping', 'dot', 'import/mapping'),
    item('supplier.importRule', 'dot', 'import/rule'),
    item('supplier.importProtocol', 'dot', 'import/protocol'),
  ]),
];

/** One table per navigation context; unknown contexts fall back to the platform menu. */
export const MENUS: Record<MenuContext, MenuItem[]> = {
  platform: PLATFORM_MENU,
  company: COMPANY_MENU,
  customer: CUSTOMER_MENU,
  location: LOCATION_MENU,
  storage: STORAGE_MENU,
  supplier: SUPPLIER_MENU,
};

export function menuFor(context: string): MenuItem[] {
  return (MENUS as Record<string, MenuItem[] | undefined>)[context] ?? PLATFORM_MENU;
}

const CONTEXT_OF_PREFIX: Record<string, MenuContext> = {
  platform: 'platform',
  company: 'company',
  customer: 'customer',
  location: 'location',
  storage: 'storage',
  supplier: 'supplier',
};

/** The absolute address of an entry for the given navigation state (null when its context is not set). */
export function resolveUrl(entry: MenuItem, nav: NavigationState): string | null {
  if (entry.url === undefined) return null;
  if (entry.url.startsWith('/')) return entry.url;
  const context = entry.base ?? CONTEXT_OF_PREFIX[entry.id.split('.')[0]!];
  const base: Partial<NavigationState> = { companyID: nav.companyID };
  if (context === 'customer' || context === 'location' || context === 'storage')
    base.customerID = nav.customerID;
  if (context === 'location' || context === 'storage') base.locationID = nav.locationID;
  if (context === 'storage') base.storageID = nav.storageID;
  if (context === 'supplier') base.supplierID = nav.supplierID;
  for (const value of Object.values(base)) if (!value || value <= 0) return null;
  const path = apiPath(base, entry.url);
  return entry.url === '' ? `${path}/` : path;
}

/**
 * Whether a leaf entry is offered: its address resolves in the current navigation and the viewer may open it
 * (`mayOpen`: the page exists and its route's auth passes). Entries of pages not built yet (storage, notifications,
 * printing, import, ...) have no route and stay hidden until their page ships; a new tab (`_blank`) opens what it names.
 */
export function entryUrlFor(entry: MenuItem, nav: NavigationState, viewer: Viewer): string | null {
  const url = resolveUrl(entry, nav);
  if (url === null) return null;
  if (entry.target === '_blank') return viewer.authenticated ? url : null;
  return mayOpen(url, viewer) ? url : null;
}

/** The entries of a table the viewer is offered; a group without an offered entry disappears too. */
export function visibleEntries(items: MenuItem[], nav: NavigationState, viewer: Viewer): MenuItem[] {
  const out: MenuItem[] = [];
  for (const entry of items) {
    if (entry.children) {
      const children = visibleEntries(entry.children, nav, viewer);
      if (children.length) out.push({ ...entry, children });
    } else if (entry.type === 'divider' || entryUrlFor(entry, nav, viewer) !== null) out.push(entry);
  }
  return out;
}

/** Every leaf entry of every table, for the shortcuts search. */
export function allEntries(): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (items: MenuItem[]) => {
    for (const entry of items) {
      if (entry.children) walk(entry.children);
      else if (entry.type === 'item' || entry.type === 'link') out.push(entry);
    }
  };
  for (const table of Object.values(MENUS)) walk(table);
  return out;
}
