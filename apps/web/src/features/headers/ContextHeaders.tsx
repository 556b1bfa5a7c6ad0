import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, formErrorText } from '../../shared/api/apiError';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { apiPath } from '../../shared/navigation/apiPath';
import { entityNamed, locationLabel, type NamedEntity } from '../../shared/navigation/contextSlice';
import { EntityHeader, selectedImage } from '../../shared/headers/EntityHeader';
import { useCustomerQuery } from '../customers';
import { useSupplierQuery } from '../suppliers';
import { type HeaderEntity, useHeaderLocationQuery } from './contextApi';

/** Customer header: back to the customer list, hidden in single-customer mode; names the breadcrumb. */
export function CustomerHeader({ companyID, customerID }: { companyID: number; customerID: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const single = useAppSelector((s) => s.context.single.customerID);
  const { data, isLoading, error } = useCustomerQuery({ companyID, customerID });
  useEffect(() => {
    if (data)
      dispatch(
        entityNamed({ kind: 'customer', entity: { id: data.id, name: data.name, extended: data.extended } }),
      );
  }, [data, dispatch]);
  return (
    <EntityHeader
      testId="customer-header"
      name={data?.name}
      subtitle={data ? [data.nr, data.city].filter(Boolean).join(' · ') : undefined}
      image={selectedImage(data?.images)}
      back={
        single === customerID
          ? undefined
          : { to: apiPath({ companyID }, 'customer'), label: t('headers.backToCustomers') }
      }
      loading={isLoading}
      error={error ? errorText(error, t) : null}
    />
  );
}

function locationEntity(data: HeaderEntity): NamedEntity {
  return { id: data.id, name: data.name, extended: data.extended_name ?? data.extended };
}

/** Location header: back to the customer's location list; a location named like its customer shows its extended name. */
export function LocationHeader({
  companyID,
  customerID,
  locationID,
}: {
  companyID: number;
  customerID: number;
  locationID: number;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const customer = useAppSelector((s) => s.context.names.customer);
  const { data, isLoading, error } = useHeaderLocationQuery({ companyID, customerID, locationID });
  const entity = data ? locationEntity(data) : null;
  useEffect(() => {
    if (data) dispatch(entityNamed({ kind: 'location', entity: locationEntity(data) }));
  }, [data, dispatch]);
  return (
    <EntityHeader
      testId="location-header"
      name={entity ? locationLabel(entity, customer) : undefined}
      image={selectedImage(data?.images)}
      back={{ to: apiPath({ companyID, customerID }, 'location'), label: t('headers.backToLocations') }}
      loading={isLoading}
      error={error ? errorText(error, t) : null}
    />
  );
}

/** Supplier header: nothing while loading, "Error: " and the server message on failure, else name and image or initials. */
export function SupplierHeader({ companyID, supplierID }: { companyID: number; supplierID: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useSupplierQuery({ companyID, supplierID });
  useEffect(() => {
    if (data) dispatch(entityNamed({ kind: 'supplier', entity: { id: data.id, name: data.name } }));
  }, [data, dispatch]);
  return (
    <EntityHeader
      testId="supplier-header"
      name={data?.name}
      image={selectedImage(data?.images)}
      loading={isLoading}
      error={error ? formErrorText(error, t) : null}
    />
  );
}
