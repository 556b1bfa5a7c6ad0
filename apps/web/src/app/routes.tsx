import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PublicLayout } from './shell/PublicLayout';
import { RouteGuard } from './RouteGuard';
import { PageSpinner } from '../shared/errors/PageSpinner';
import { PATHS, type PageName } from '../shared/paths';

const named = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(() => load().then((m) => ({ default: m[name] })));

/** Route-based code splitting: each page (and the shell) is its own chunk. */
const PAGES: Record<PageName, LazyExoticComponent<ComponentType>> = {
  login: named(() => import('../features/session/components/LoginPage'), 'LoginPage'),
  password: named(() => import('../features/session/components/PasswordPage'), 'PasswordPage'),
  register: named(() => import('../features/session/components/RegisterPage'), 'RegisterPage'),
  confirm: named(() => import('../features/session/components/ConfirmPage'), 'ConfirmPage'),
  error: named(() => import('../features/errors/ErrorPage'), 'ErrorPage'),
  companies: named(() => import('../features/companies/CompaniesPage'), 'CompaniesPage'),
  userProfile: named(() => import('../features/profile/UserProfilePage'), 'UserProfilePage'),
  invitation: named(() => import('../features/users/InvitationPage'), 'InvitationPage'),
  changelog: named(() => import('../features/changelog/ChangelogPage'), 'ChangelogPage'),
  platformDashboard: named(() => import('../features/platform/PlatformDashboard'), 'PlatformDashboard'),
  customers: named(() => import('../features/customers/CustomersPage'), 'CustomersPage'),
  customerDashboard: named(() => import('../features/customers/CustomerDashboard'), 'CustomerDashboard'),
  suppliers: named(() => import('../features/suppliers/SuppliersPage'), 'SuppliersPage'),
  supplierDashboard: named(() => import('../features/suppliers/SupplierDashboard'), 'SupplierDashboard'),
  locations: named(() => import('../features/locations/LocationsPage'), 'LocationsPage'),
  locationDashboard: named(() => import('../features/locations/LocationDashboard'), 'LocationDashboard'),
  locationTimes: named(() => import('../features/locations/LocationTimesPage'), 'LocationTimesPage'),
  storages: named(() => import('../features/storages/StoragesPage'), 'StoragesPage'),
  storageDashboard: named(() => import('../features/storages/StoragePage'), 'StoragePage'),
  storagePlan: named(() => import('../features/storages/StoragePlanPage'), 'StoragePlanPage'),
  storageTimes: named(() => import('../features/storages/StorageTimesPage'), 'StorageTimesPage'),
  storagePreview: named(() => import('../features/storages/StoragePreviewPage'), 'StoragePreviewPage'),
  companyDashboard: named(() => import('../features/companies/CompanyDashboard'), 'CompanyDashboard'),
  contacts: named(() => import('../features/contacts/ContactsPage'), 'ContactsPage'),
  contact: named(() => import('../features/contacts/ContactPage'), 'ContactPage'),
  users: named(() => import('../features/users/UsersPage'), 'UsersPage'),
  userDetail: named(() => import('../features/users/UserDetailPage'), 'UserDetailPage'),
  customerUsers: named(() => import('../features/users/TargetUsersPage'), 'CustomerUsersPage'),
  locationUsers: named(() => import('../features/users/TargetUsersPage'), 'LocationUsersPage'),
  supplierUsers: named(() => import('../features/users/TargetUsersPage'), 'SupplierUsersPage'),
  catalogs: named(() => import('../features/items/CatalogsPage'), 'CatalogsPage'),
  customerItems: named(() => import('../features/items/CustomerItemsPage'), 'CustomerItemsPage'),
  supplierItems: named(() => import('../features/items/SupplierItemsPage'), 'SupplierItemsPage'),
  supplierItem: named(() => import('../features/items/ItemDetailPage'), 'ItemDetailPage'),
  supplies: named(() => import('../features/supplies/SupplyListPage'), 'SupplyListPage'),
  supply: named(() => import('../features/supplies/SupplyDetailPage'), 'SupplyDetailPage'),
  assortment: named(() => import('../features/supplies/AssortmentPage'), 'AssortmentPage'),
  assortmentCustomer: named(() => import('../features/supplies/AssortmentCustomerPage'), 'AssortmentCustomerPage'),
  itemSearch: named(() => import('../features/items/ItemSearchPage'), 'ItemSearchPage'),
  locationItems: named(() => import('../features/items/LocationItemsPage'), 'LocationItemsPage'),
  units: named(() => import('../features/settings/UnitsPage'), 'UnitsPage'),
  storageTypes: named(() => import('../features/settings/StorageTypesPage'), 'StorageTypesPage'),
  customFields: named(() => import('../features/settings/CustomFieldsPage'), 'CustomFieldsPage'),
  sensors: named(() => import('../features/sensors/SensorsPage'), 'SensorsPage'),
  servers: named(() => import('../features/servers/ServersPage'), 'ServersPage'),
  emailTemplates: named(() => import('../features/templates/TemplatesPage'), 'EmailTemplatesPage'),
  fileTemplates: named(() => import('../features/templates/TemplatesPage'), 'FileTemplatesPage'),
  notificationRules: named(() => import('../features/notification-rules/RuleListPages'), 'CompanyNotificationRulesPage'),
  ownerNotificationRules: named(() => import('../features/notification-rules/RuleListPages'), 'OwnerNotificationRulesPage'),
  notificationRule: named(() => import('../features/notification-rules/RulePage'), 'NotificationRulePage'),
  orders: named(() => import('../features/orders/OrderListPage'), 'OrdersPage'),
  orderDetail: named(() => import('../features/orders/OrderDetailPage'), 'OrderDetailPage'),
  orderNew: named(() => import('../features/orders/OrderNewPage'), 'OrderNewPage'),
  requests: named(() => import('../features/orders/OrderListPage'), 'RequestsPage'),
  requestDetail: named(() => import('../features/orders/RequestDetailPage'), 'RequestDetailPage'),
  journal: named(() => import('../features/journal/JournalPage'), 'JournalPage'),
  orderQueue: named(() => import('../features/orderqueue/OrderQueuePage'), 'OrderQueuePage'),
  orderQueueEntry: named(() => import('../features/orderqueue/OrderQueueEntryPage'), 'OrderQueueEntryPage'),
  orderStats: named(() => import('../features/stats/OrderStatsPage'), 'OrderStatsPage'),
  orderStatsDetails: named(() => import('../features/stats/OrderStatsDetailsPage'), 'OrderStatsDetailsPage'),
  ruleStats: named(() => import('../features/stats/RuleStatsPage'), 'RuleStatsPage'),
  serviceAnalysis: named(() => import('../features/stats/ServiceAnalysisPage'), 'ServiceAnalysisPage'),
  serviceDetails: named(() => import('../features/stats/ServiceAnalysisPage'), 'ServiceDetailsPage'),
  reporting: named(() => import('../features/stats/ReportingPage'), 'ReportingPage'),
  settingsStats: named(() => import('../features/stats/SettingsStatsPage'), 'SettingsStatsPage'),
  labelTemplates: named(() => import('../features/printing/LabelTemplatesPage'), 'LabelTemplatesPage'),
  labelTemplate: named(() => import('../features/printing/LabelTemplateEditorPage'), 'LabelTemplateEditorPage'),
  printLabel: named(() => import('../features/printing/PrintLabelPage'), 'PrintLabelPage'),
  printLocations: named(() => import('../features/printing/PrintLocationsPage'), 'PrintLocationsPage'),
  printSettingsList: named(() => import('../features/printing/PrintSettingsListPage'), 'PrintSettingsListPage'),
  printSettings: named(() => import('../features/printing/PrintSettingsPage'), 'PrintSettingsPage'),
  supplierItemPrint: named(() => import('../features/printing/SupplierItemPrintPage'), 'SupplierItemPrintPage'),
};

const Shell = named(() => import('./shell/Shell'), 'Shell');

function page(name: PageName) {
  const Page = PAGES[name];
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

/** Routes come from the PATHS table; every route change passes the guard. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/login" replace />} />
      <Route element={<RouteGuard />}>
        <Route element={<PublicLayout />}>
          {PATHS.filter((p) => p.layout === 'public').map((p) => (
            <Route key={p.path} path={p.path} element={page(p.page)} />
          ))}
        </Route>
        <Route
          element={
            <Suspense fallback={<PageSpinner />}>
              <Shell />
            </Suspense>
          }
        >
          {PATHS.filter((p) => p.layout === 'shell').map((p) => (
            <Route key={p.path} path={p.path} element={page(p.page)} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/pages/error" replace />} />
    </Routes>
  );
}
