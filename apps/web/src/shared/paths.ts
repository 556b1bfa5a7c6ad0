import { type Auth, passes, type Viewer } from './session/access';

/** Pages that exist; `page` names the component in routes.tsx. Later issues add their rows here. */
export type PageName =
  | 'login'
  | 'password'
  | 'register'
  | 'confirm'
  | 'error'
  | 'companies'
  | 'userProfile'
  | 'invitation'
  | 'changelog'
  | 'platformDashboard'
  | 'companyDashboard'
  | 'customers'
  | 'customerDashboard'
  | 'suppliers'
  | 'supplierDashboard'
  | 'contacts'
  | 'contact'
  | 'users'
  | 'userDetail'
  | 'customerUsers'
  | 'locationUsers'
  | 'supplierUsers'
  | 'locations'
  | 'locationDashboard'
  | 'locationTimes'
  | 'storages'
  | 'storageDashboard'
  | 'storagePlan'
  | 'storageTimes'
  | 'storagePreview'
  | 'catalogs'
  | 'customerItems'
  | 'supplierItems'
  | 'supplierItem'
  | 'supplies'
  | 'supply'
  | 'assortment'
  | 'assortmentCustomer'
  | 'itemSearch'
  | 'locationItems'
  | 'units'
  | 'storageTypes'
  | 'customFields'
  | 'sensors'
  | 'servers'
  | 'emailTemplates'
  | 'fileTemplates'
  | 'notificationRules'
  | 'ownerNotificationRules'
  | 'notificationRule'
  | 'orders'
  | 'orderDetail'
  | 'orderNew'
  | 'requests'
  | 'requestDetail'
  | 'journal'
  | 'orderQueue'
  | 'orderQueueEntry'
  | 'orderStats'
  | 'orderStatsDetails'
  | 'ruleStats'
  | 'serviceAnalysis'
  | 'serviceDetails'
  | 'reporting'
  | 'settingsStats'
  | 'labelTemplates'
  | 'labelTemplate'
  | 'printLabel'
  | 'printLocations'
  | 'printSettingsList'
  | 'printSettings'
  | 'supplierItemPrint';

export interface PathDef {
  path: string;
  page: PageName;
  /** public pages hide navbar, toolbar and footer */
  layout: 'public' | 'shell';
  auth: Auth;
  /** i18n key of the page title (breadcrumbs, document title) */
  title: string;
}

/** The address prefixes of the navigation contexts (spec 2). */
const COMPANY = '/c/:companyID';
const CUSTOMER = `${COMPANY}/customer/:customerID`;
const LOCATION = `${CUSTOMER}/location/:locationID`;
const SUPPLIER = `${COMPANY}/supplier/:supplierID`;

/** One row per page; the first row whose path matches an address wins (matchPath). */
export const PATHS: readonly PathDef[] = [
  // public pages
  { path: '/login', page: 'login', layout: 'public', auth: 'public', title: 'login.title' },
  { path: '/password', page: 'password', layout: 'public', auth: 'public', title: 'password.title' },
  { path: '/register', page: 'register', layout: 'public', auth: 'public', title: 'register.title' },
  { path: '/confirm', page: 'confirm', layout: 'public', auth: 'public', title: 'confirm.title' },
  { path: '/pages/error', page: 'error', layout: 'public', auth: 'public', title: 'errorPage.title' },
  // global
  { path: '/companies', page: 'companies', layout: 'shell', auth: 'session', title: 'companies.title' },
  { path: '/userProfile', page: 'userProfile', layout: 'shell', auth: 'session', title: 'profile.title' },
  { path: '/invitation', page: 'invitation', layout: 'shell', auth: 'session', title: 'users.invitations.pageTitle' },
  { path: '/documentation/changelog', page: 'changelog', layout: 'shell', auth: 'session', title: 'changelog.title' },
  { path: '/platform', page: 'platformDashboard', layout: 'shell', auth: 'operator', title: 'platform.title' },
  // company
  { path: COMPANY, page: 'companyDashboard', layout: 'shell', auth: 'member', title: 'dashboard.title' },
  { path: `${COMPANY}/customer`, page: 'customers', layout: 'shell', auth: 'customer', title: 'customers.title' },
  { path: CUSTOMER, page: 'customerDashboard', layout: 'shell', auth: 'customer', title: 'customers.dashboard' },
  { path: `${COMPANY}/supplier`, page: 'suppliers', layout: 'shell', auth: 'supplier', title: 'suppliers.title' },
  { path: SUPPLIER, page: 'supplierDashboard', layout: 'shell', auth: 'supplier', title: 'suppliers.dashboard' },
  // contacts
  { path: `${CUSTOMER}/contacts`, page: 'contacts', layout: 'shell', auth: 'customer', title: 'contacts.title' },
  { path: `${CUSTOMER}/contacts/:contactID`, page: 'contact', layout: 'shell', auth: 'customer', title: 'contacts.detail' },
  { path: `${SUPPLIER}/contacts`, page: 'contacts', layout: 'shell', auth: 'supplier', title: 'contacts.title' },
  { path: `${SUPPLIER}/contacts/:contactID`, page: 'contact', layout: 'shell', auth: 'supplier', title: 'contacts.detail' },
  // users
  { path: `${COMPANY}/settings/user`, page: 'users', layout: 'shell', auth: 'user', title: 'users.title' },
  { path: `${COMPANY}/settings/user/:userID`, page: 'userDetail', layout: 'shell', auth: 'user', title: 'users.detailTitle' },
  { path: `${CUSTOMER}/user`, page: 'customerUsers', layout: 'shell', auth: 'user', title: 'users.target.title.customer' },
  { path: `${LOCATION}/user`, page: 'locationUsers', layout: 'shell', auth: 'user', title: 'users.target.title.location' },
  { path: `${SUPPLIER}/user`, page: 'supplierUsers', layout: 'shell', auth: 'user', title: 'users.target.title.supplier' },
  // locations
  { path: `${CUSTOMER}/location`, page: 'locations', layout: 'shell', auth: 'customer', title: 'locations.title' },
  { path: LOCATION, page: 'locationDashboard', layout: 'shell', auth: 'customer', title: 'locations.dashboard' },
  { path: `${LOCATION}/times`, page: 'locationTimes', layout: 'shell', auth: 'customer', title: 'locations.timesTitle' },
  // storages (racks) of a location (docs/storages.md)
  { path: `${LOCATION}/storage`, page: 'storages', layout: 'shell', auth: 'customer', title: 'storages.title' },
  { path: `${LOCATION}/storage/:storageID`, page: 'storageDashboard', layout: 'shell', auth: 'customer', title: 'storages.dashboard' },
  { path: `${LOCATION}/storage/:storageID/plan`, page: 'storagePlan', layout: 'shell', auth: 'customer', title: 'storages.plan.title' },
  { path: `${LOCATION}/storage/:storageID/times`, page: 'storageTimes', layout: 'shell', auth: 'customer', title: 'storages.times.title' },
  { path: `${LOCATION}/storage/:storageID/preview`, page: 'storagePreview', layout: 'shell', auth: 'customer', title: 'storages.preview.title' },
  // catalogs and items
  { path: `${SUPPLIER}/catalog`, page: 'catalogs', layout: 'shell', auth: 'supplier', title: 'catalogs.title' },
  { path: `${CUSTOMER}/item`, page: 'customerItems', layout: 'shell', auth: 'customer', title: 'items.title' },
  { path: `${SUPPLIER}/item`, page: 'supplierItems', layout: 'shell', auth: 'supplier', title: 'items.title' },
  { path: `${SUPPLIER}/item/:itemID`, page: 'supplierItem', layout: 'shell', auth: 'supplier', title: 'items.detailTitle' },
  { path: `${SUPPLIER}/supply`, page: 'supplies', layout: 'shell', auth: 'supplier', title: 'supplies.title' },
  { path: `${SUPPLIER}/supply/:supplyID`, page: 'supply', layout: 'shell', auth: 'supplier', title: 'supplies.detail' },
  { path: `${SUPPLIER}/assortment`, page: 'assortment', layout: 'shell', auth: 'supplier', title: 'supplies.assortment.title' },
  { path: `${SUPPLIER}/assortment/:customerID`, page: 'assortmentCustomer', layout: 'shell', auth: 'supplier', title: 'supplies.assortment.itemsTitle' },
  { path: `${COMPANY}/item_search`, page: 'itemSearch', layout: 'shell', auth: 'customer', title: 'items.searchTitle' },
  { path: `${LOCATION}/item`, page: 'locationItems', layout: 'shell', auth: 'customer', title: 'items.locationTitle' },
  // orders and requests (docs/replenishment.md "Web pages")
  { path: `${COMPANY}/order`, page: 'orders', layout: 'shell', auth: 'customer', title: 'orders.title' },
  { path: `${COMPANY}/order/:orderID`, page: 'orderDetail', layout: 'shell', auth: 'customer', title: 'orders.detailTitle' },
  { path: `${COMPANY}/ordernew`, page: 'orderNew', layout: 'shell', auth: 'ordering', title: 'orders.newTitle' },
  { path: `${COMPANY}/orderqueue`, page: 'orderQueue', layout: 'shell', auth: 'customer', title: 'orderQueue.title' },
  { path: `${COMPANY}/orderqueue/:queueID`, page: 'orderQueueEntry', layout: 'shell', auth: 'customer', title: 'orderQueue.entryTitle' },
  { path: `${COMPANY}/request`, page: 'requests', layout: 'shell', auth: 'customer', title: 'orders.requestsTitle' },
  { path: `${COMPANY}/request/:requestID`, page: 'requestDetail', layout: 'shell', auth: 'customer', title: 'orders.requestTitle' },
  { path: `${CUSTOMER}/order`, page: 'orders', layout: 'shell', auth: 'customer', title: 'orders.title' },
  { path: `${CUSTOMER}/order/:orderID`, page: 'orderDetail', layout: 'shell', auth: 'customer', title: 'orders.detailTitle' },
  { path: `${CUSTOMER}/ordernew`, page: 'orderNew', layout: 'shell', auth: 'ordering', title: 'orders.newTitle' },
  { path: `${CUSTOMER}/request`, page: 'requests', layout: 'shell', auth: 'customer', title: 'orders.requestsTitle' },
  { path: `${CUSTOMER}/request/:requestID`, page: 'requestDetail', layout: 'shell', auth: 'customer', title: 'orders.requestTitle' },
  { path: `${LOCATION}/order`, page: 'orders', layout: 'shell', auth: 'customer', title: 'orders.title' },
  { path: `${LOCATION}/order/:orderID`, page: 'orderDetail', layout: 'shell', auth: 'customer', title: 'orders.detailTitle' },
  { path: `${LOCATION}/ordernew`, page: 'orderNew', layout: 'shell', auth: 'ordering', title: 'orders.newTitle' },
  // master-data settings
  { path: `${COMPANY}/settings/units`, page: 'units', layout: 'shell', auth: 'user', title: 'settings.units.title' },
  { path: `${COMPANY}/settings/storage_types`, page: 'storageTypes', layout: 'shell', auth: 'user', title: 'settings.storageTypes.title' },
  { path: `${COMPANY}/settings/custom_fields`, page: 'customFields', layout: 'shell', auth: 'user', title: 'settings.customFields.title' },
  { path: `${COMPANY}/settings/sensors`, page: 'sensors', layout: 'shell', auth: 'user', title: 'sensors.title' },
  // notification settings (docs/notifications.md)
  { path: `${COMPANY}/settings/notifications/server`, page: 'servers', layout: 'shell', auth: 'user', title: 'servers.title' },
  { path: `${COMPANY}/settings/notifications/email_templates`, page: 'emailTemplates', layout: 'shell', auth: 'user', title: 'emailTemplates.title' },
  { path: `${COMPANY}/settings/notifications/file_templates`, page: 'fileTemplates', layout: 'shell', auth: 'user', title: 'fileTemplates.title' },
  { path: `${COMPANY}/settings/notifications/rules`, page: 'notificationRules', layout: 'shell', auth: 'user', title: 'notificationRules.title' },
  // notification rules of a customer, location or supplier (docs/notification-rules.md)
  { path: `${CUSTOMER}/notifications`, page: 'ownerNotificationRules', layout: 'shell', auth: 'user', title: 'notificationRules.title' },
  { path: `${CUSTOMER}/notifications/new`, page: 'notificationRule', layout: 'shell', auth: 'user', title: 'notificationRules.create' },
  { path: `${CUSTOMER}/notifications/:ruleID`, page: 'notificationRule', layout: 'shell', auth: 'user', title: 'notificationRules.rule' },
  { path: `${LOCATION}/notifications`, page: 'ownerNotificationRules', layout: 'shell', auth: 'user', title: 'notificationRules.title' },
  { path: `${LOCATION}/notifications/new`, page: 'notificationRule', layout: 'shell', auth: 'user', title: 'notificationRules.create' },
  { path: `${LOCATION}/notifications/:ruleID`, page: 'notificationRule', layout: 'shell', auth: 'user', title: 'notificationRules.rule' },
  { path: `${SUPPLIER}/notifications`, page: 'ownerNotificationRules', layout: 'shell', auth: 'user', title: 'notificationRules.title' },
  { path: `${SUPPLIER}/notifications/new`, page: 'notificationRule', layout: 'shell', auth: 'user', title: 'notificationRules.create' },
  { path: `${SUPPLIER}/notifications/:ruleID`, page: 'notificationRule', layout: 'shell', auth: 'user', title: 'notificationRules.rule' },
  { path: `${COMPANY}/journal`, page: 'journal', layout: 'shell', auth: 'user', title: 'journal.title' },
  // statistics and reports (docs/statistics.md)
  { path: `${COMPANY}/stat/orders`, page: 'orderStats', layout: 'shell', auth: 'user', title: 'stats.orders.title' },
  { path: `${COMPANY}/stat/orders/details`, page: 'orderStatsDetails', layout: 'shell', auth: 'user', title: 'stats.orders.detailsTitle' },
  { path: `${COMPANY}/stat/rules`, page: 'ruleStats', layout: 'shell', auth: 'user', title: 'stats.rules.title' },
  { path: `${CUSTOMER}/stat/orders`, page: 'orderStats', layout: 'shell', auth: 'customer', title: 'stats.orders.title' },
  { path: `${CUSTOMER}/stat/orders/details`, page: 'orderStatsDetails', layout: 'shell', auth: 'customer', title: 'stats.orders.detailsTitle' },
  { path: `${CUSTOMER}/analysis/service`, page: 'serviceAnalysis', layout: 'shell', auth: 'customer', title: 'stats.service.title' },
  { path: `${CUSTOMER}/analysis/service/details`, page: 'serviceDetails', layout: 'shell', auth: 'customer', title: 'stats.service.detailsTitle' },
  { path: `${CUSTOMER}/reporting`, page: 'reporting', layout: 'shell', auth: 'customer', title: 'stats.reporting.title' },
  { path: `${COMPANY}/settings/stats`, page: 'settingsStats', layout: 'shell', auth: 'owner', title: 'stats.settings.title' },
  // label printing (docs/label-printing.md "Pages")
  { path: `${COMPANY}/settings/templates/label`, page: 'labelTemplates', layout: 'shell', auth: 'user', title: 'printing.templates.title' },
  { path: `${COMPANY}/settings/templates/label/new`, page: 'labelTemplate', layout: 'shell', auth: 'user', title: 'printing.editor.newTitle' },
  { path: `${COMPANY}/settings/templates/label/:templateID`, page: 'labelTemplate', layout: 'shell', auth: 'user', title: 'printing.editor.title' },
  { path: `${CUSTOMER}/printlocations`, page: 'printLocations', layout: 'shell', auth: 'customer', title: 'printing.locationLabels.title' },
  { path: `${CUSTOMER}/print/label`, page: 'printLabel', layout: 'shell', auth: 'customer', title: 'printing.itemLabels.title' },
  { path: `${CUSTOMER}/print/settings`, page: 'printSettingsList', layout: 'shell', auth: 'customer', title: 'printing.settings.listTitle' },
  { path: `${CUSTOMER}/print/settings/:printTemplateID`, page: 'printSettings', layout: 'shell', auth: 'customer', title: 'printing.settings.title' },
  { path: `${LOCATION}/print/label`, page: 'printLabel', layout: 'shell', auth: 'customer', title: 'printing.itemLabels.title' },
  { path: `${LOCATION}/printitems`, page: 'printLabel', layout: 'shell', auth: 'customer', title: 'printing.itemLabels.title' },
  { path: `${SUPPLIER}/item/:itemID/print`, page: 'supplierItemPrint', layout: 'shell', auth: 'user', title: 'printing.supplierItem.title' },
];

function segments(path: string): string[] {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean);
}

/** The table row for an address, if any (":name" matches one non-empty segment; companyID digits only). */
export function matchPath(pathname: string): { def: PathDef; params: Record<string, string> } | null {
  const actual = segments(pathname);
  for (const def of PATHS) {
    const pattern = segments(def.path);
    if (pattern.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((part, i) => {
      const value = actual[i]!;
      if (part.startsWith(':')) {
        params[part.slice(1)] = value;
        return !part.endsWith('ID') || /^\d+$/.test(value);
      }
      return part === value;
    });
    if (ok) return { def, params };
  }
  return null;
}

/** The single "route exists" check: a page not built yet has no row. */
export function routeExists(url: string): boolean {
  return matchPath(url) !== null;
}

/**
 * Whether the viewer may open an address: its page exists and the viewer passes the page's `auth`. The route guard
 * and the menus (side menu, shortcuts) both decide with this table, so a menu never offers a page the guard refuses.
 */
export function mayOpen(url: string, viewer: Viewer): boolean {
  const match = matchPath(url);
  return match !== null && passes(match.def.auth, viewer);
}
