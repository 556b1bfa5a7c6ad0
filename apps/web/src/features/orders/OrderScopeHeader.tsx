import { CustomerHeader, LocationHeader } from '../headers';
import type { OrderScope } from './ordersApi';

/** The customer's or location's header on pages of those contexts; nothing at company level. */
export function OrderScopeHeader({ scope }: { scope: OrderScope }) {
  if (scope.customerID && scope.locationID)
    return <LocationHeader companyID={scope.companyID} customerID={scope.customerID} locationID={scope.locationID} />;
  if (scope.customerID) return <CustomerHeader companyID={scope.companyID} customerID={scope.customerID} />;
  return null;
}
