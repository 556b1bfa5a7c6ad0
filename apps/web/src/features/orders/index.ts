// What the other features use of orders; they import it from here, never from its files.
export { statusPalette } from './OrderListPage';
export { pagePath, useOrdersQuery, useRequestsQuery, type OrderScope } from './ordersApi';
