import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../shared/hooks';
import { useCustomerQuery } from '../customers';
import { entityNamed } from '../../shared/navigation/contextSlice';
import { visited } from '../../shared/navigation/recentSlice';
import { useLocationQuery } from './locationsApi';

/**
 * The ids of a location page and its records: names the customer for the breadcrumbs (the location header
 * names the location) and records the visit in the recent-locations menu.
 */
export function useLocationContext() {
  const dispatch = useAppDispatch();
  const params = useParams();
  const ids = {
    companyID: Number(params.companyID),
    customerID: Number(params.customerID),
    locationID: Number(params.locationID),
  };
  const { data: customer } = useCustomerQuery({ companyID: ids.companyID, customerID: ids.customerID });
  const location = useLocationQuery(ids);
  useEffect(() => {
    if (customer)
      dispatch(
        entityNamed({
          kind: 'customer',
          entity: { id: customer.id, name: customer.name, extended: customer.extended },
        }),
      );
  }, [customer, dispatch]);
  const data = location.data;
  useEffect(() => {
    if (data)
      dispatch(
        visited({
          kind: 'locations',
          entry: {
            id: data.id,
            name:
              customer && customer.name === data.name && data.extended_name ? data.extended_name : data.name,
            url: `/c/${ids.companyID}/customer/${data.customer_id}/location/${data.id}/`,
          },
        }),
      );
  }, [data, customer, ids.companyID, dispatch]);
  return { ids, location };
}
