import { useEffect } from 'react';
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
