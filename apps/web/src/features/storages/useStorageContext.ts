import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../shared/hooks';
import { apiPath } from '../../shared/navigation/apiPath';
import { entityNamed } from '../../shared/navigation/contextSlice';
import { useCustomerQuery } from '../customers';
import type { LocationIds, StorageIds } from './storagesApi';

/** The page address of a rack (its dashboard: the storage context's root). */
export function storageUrl(ids: StorageIds): string {
  return `${apiPath(ids)}/`;
}

/** The company, customer and location of a storage page (its address); names the customer for the breadcrumbs. */
export function useStorageIds(): LocationIds {
  const dispatch = useAppDispatch();
  const params = useParams();
  const ids = {
    companyID: Number(params.companyID),
    customerID: Number(params.customerID),
    locationID: Number(params.locationID),
  };
  const { data: customer } = useCustomerQuery({ companyID: ids.companyID, customerID: ids.customerID });
  useEffect(() => {
    if (customer) dispatch(entityNamed({ kind: 'customer', entity: { id: customer.id, name: customer.name, extended: customer.extended } }));
  }, [customer, dispatch]);
  return ids;
}

/** The ids of a page under a rack (plan, times, preview): the location's and the rack's from the address. */
export function useStoragePageIds(): StorageIds {
  const location = useStorageIds();
  return { ...location, storageID: Number(useParams().storageID) };
}

/** Names the rack for the breadcrumbs once it is loaded. */
export function useStorageNamed(storage: { id: number; name: string } | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (storage) dispatch(entityNamed({ kind: 'storage', entity: { id: storage.id, name: storage.name } }));
  }, [storage, dispatch]);
}

/** The current time, renewed every `ms` (ages of readings move on while the page is open). */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
