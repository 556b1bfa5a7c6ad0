import type { NavigationState } from './navigationSlice';

function ok(id: number | null | undefined): id is number {
  return typeof id === 'number' && id > 0;
}

/**
 * The one API path builder (spec 3): /c/{companyID}/customer/{customerID}/location/{locationID}/storage/{storageID}
 * or /c/{companyID}/supplier/{supplierID}; ids of 0 or below (or unset) are left out. `suffix` is appended.
 */
export function apiPath(nav: Partial<NavigationState>, suffix = ''): string {
  let path = '';
  if (ok(nav.companyID)) {
    path = `/c/${nav.companyID}`;
    if (ok(nav.supplierID)) path += `/supplier/${nav.supplierID}`;
    else {
      if (ok(nav.customerID)) path += `/customer/${nav.customerID}`;
      if (ok(nav.locationID)) path += `/location/${nav.locationID}`;
      if (ok(nav.storageID)) path += `/storage/${nav.storageID}`;
    }
  }
  const tail = suffix.replace(/^\/+/, '');
  return tail ? `${path}/${tail}` : path || '/';
}
