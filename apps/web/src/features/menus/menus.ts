import type { MenuContext, NavigationState } from '../../shared/navigation/navigationSlice';
import { apiPath } from '../../shared/navigation/apiPath';
import type { Auth } from '../../shared/session/access';
import type { IconName } from '../../shared/icons';

export type MenuItemType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

/** A menu entry of spec 2: id, title (i18n key), type, icon, url, exact, auth, badge, target. */
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
  auth?: Auth;
  badge?: { title: string; bg: string; fg: string };
  target?: '_blank' | '_self';
  children?: MenuItem[];
}

const item = (
  id: string,
  icon: IconName,
  url: string,
  auth?: Auth,
  extra: Partial<MenuItem> = {},
): MenuItem => ({
  id,
  title: `menu.${id}`,
  type: 'item',
  icon,
  url,
  auth,
  exact: url === '',
  ...extra,
});

const collapse = (id: string, icon: IconName, auth: Auth | undefined, children: MenuItem[]): MenuItem => ({
  id,
  title: `menu.${id}`,
  type: 'collapse',
  icon,
  auth,
  children,
});

export const PLATFORM_MENU: MenuItem[] = [
  item('platform.dashboard', 'dashboard', '/platform', 'operator', { exact: true }),
  item('platform.companies', 'company', '/companies', 'session', { exact: true }),
  item('platform.changelog', 'changelog', '/documentation/changelog', 'session', {
    badge: { title: '1.0.0', bg: 'blue.600', fg: 'white' },
  }),
];

export const COMPANY_MENU: MenuItem[] = [
  item('company.dashboard', 'dashboard', '', 'user'),
  item('company.orders', 'order', 'order'),
  item('company.orderNew', 'add', 'ordernew'),
  item('company.orderQueue', 'queue', 'orderqueue'),
  item('company.requests', 'request', 'request'),
  item('company.customers', 'customer', 'customer', 'customer'),
  item('company.suppliers', 'supplier', 'supplier', 'supplier'),
  item('company.itemSearch', 'search', 'item_search', 'customer'),
  item('company.statOrders', 'chart', 'stat/orders', 'user'),
  item('company.statRules', 'chart', 'stat/rules', 'user'),
  item('company.journal', 'journal', 'journal', 'user'),
  // documentation: the changelog, which links the API documentation (spec clarifications "Menus")
  item('company.documentation', 'changelog', '/documentation/changelog', 'session'),
  collapse('company.notificationSettings', 'bell', 'user', [
    item('company.notificationRules', 'dot', 'settings/notifications/rules', 'user'),
    item('company.emailTemplates', 'dot', 'settings/notifications/email_templates', 'user'),
    item('company.fileTemplates', 'dot', 'settings/notifications/file_templates', 'user'),
    item('company.server', 'dot', 'settings/notifications/server', 'user'),
  ]),
  collapse('company.settings', 'settings', 'user', [
    item('company.users', 'dot', 'settings/user', 'user'),
    item('company.labelTemplates', 'dot', 'settings/templates/label', 'user'),
    item('company.units', 'dot', 'settings/units', 'user'),
    item('company.storageTypes', 'dot', 'settings/storage_types', 'user'),
    item('company.sensors', 'dot', 'settings/sensors', 'user'),
    item('company.settingsStats', 'dot', 'settings/stats', 'owner'),
  ]),
];

export const CUSTOMER_MENU: MenuItem[] = [
  item('customer.dashboard', 'dashboard', ''),
  item('customer.contacts', 'contact', 'contacts'),
  item('customer.orders', 'order', 'order'),
  item('customer.orderNew', 'add', 'ordernew'),
  item('customer.requests', 'request', 'request'),
  item('customer.locations', 'location', 'location'),
  item('customer.notifications', 'bell', 'notifications', 'user'),
  item('customer.items', 'item', 'item', 'user'),
  item('customer.statOrders', 'chart', 'stat/orders'),
  item('customer.printLocations', 'print', 'printlocations'),
  item('customer.reporting', 'chart', 'reporting'),
  item('customer.analysis', 'chart', 'analysis/service'),
  item('customer.printSettings', 'print', 'print/settings', 'user'),
  item('customer.users', 'user', 'user', 'user'),
];

export const LOCATION_MENU: MenuItem[] = [
  item('location.dashboard', 'dashboard', ''),
  item('location.orders', 'order', 'order'),
  item('location.orderNew', 'add', 'ordernew'),
  item('location.printItems', 'print', 'printitems'),
  item('location.storages', 'storage', 'storage'),
  item('location.rules', 'item', 'item', 'user'),
  item('location.notifications', 'bell', 'notifications', 'user'),
  item('location.users', 'user', 'user', 'user'),
  // the customer's contacts and its dashboard (spec clarifications "Menus")
  item('location.contacts', 'contact', 'contacts', undefined, { base: 'customer' }),
  item('location.backToCustomer', 'back', '', undefined, { base: 'customer' }),
];

/** The storage context's menu ships with the storage issue (spec clarifications); until then it is empty. */
export const STORAGE_MENU: MenuItem[] = [];

export const SUPPLIER_MENU: MenuItem[] = [
  item('supplier.dashboard', 'dashboard', ''),
  item('supplier.contacts', 'contact', 'contacts'),
  item('supplier.supplies', 'order', 'supply'),
  item('supplier.items', 'item', 'item', 'user'),
  item('supplier.catalogs', 'journal', 'catalog'),
  item('supplier.notifications', 'bell', 'notifications', 'user'),
  item('supplier.users', 'user', 'user', 'user'),
  collapse('supplier.importSettings', 'settings', 'supplier', [
    item('supplier.importServer', 'dot', 'import/server', 'supplier'),
    item('supplier.importMapping', 'dot', 'import/mapping', 'supplier'),
    item('supplier.importRule', 'dot', 'import/rule', 'supplier'),
    item('supplier.importProtocol', 'dot', 'import/protocol', 'supplier'),
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
