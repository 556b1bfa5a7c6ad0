import { Badge, Card, DataList, Heading, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../shared/hooks';
import { EntityImages } from '../../shared/images';
import { useFormat } from '../../i18n/useFormat';
import { ChangeLogPanel } from '../contacts';
import { SupplierHeader } from '../headers';
import { visited } from '../../shared/navigation/recentSlice';
import { useSupplierQuery } from './suppliersApi';
import { SupplyOverview } from '../dashboards';

/** /c/{companyID}/supplier/{supplierID}/: the supplier's header and data ("Back to Company" is in the navbar). */
export function SupplierDashboard() {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const { data: supplier } = useSupplierQuery({ companyID, supplierID });
  useEffect(() => {
    if (supplier)
      dispatch(
        visited({
          kind: 'suppliers',
          entry: { id: supplier.id, name: supplier.name, url: `/c/${companyID}/supplier/${supplier.id}/` },
        }),
      );
  }, [supplier, companyID, dispatch]);
  const row = (label: string, value: string) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value || '–'}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="4" data-testid="supplier-dashboard">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <SupplyOverview companyID={companyID} supplierID={supplierID} />
      {supplier ? (
        <Card.Root maxW="720px">
          <Card.Header>
            <Heading as="h2" size="md">
              {t('suppliers.details')}{' '}
              {supplier.active ? null : <Badge colorPalette="gray">{t('lists.inactive')}</Badge>}
            </Heading>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              {row(t('suppliers.fields.nr'), supplier.nr)}
              {row(t('suppliers.fields.ext_nr'), supplier.ext_nr)}
              {row(t('suppliers.fields.street'), supplier.street)}
              {row(t('suppliers.fields.city'), [supplier.postal, supplier.city].filter(Boolean).join(' '))}
              {row(
                t('suppliers.fields.country_iso'),
                supplier.country_iso ? t(`countries.${supplier.country_iso}`) : '',
              )}
              {row(t('suppliers.fields.description'), supplier.description)}
              {row(t('suppliers.since'), format.date(supplier.created_at))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      ) : null}
      {supplier ? (
        <EntityImages
          companyID={companyID}
          owner={{ field: 'supplier_id', id: supplierID }}
          entityTag={{ type: 'Supplier', id: supplierID }}
        />
      ) : null}
      {supplier ? <ChangeLogPanel owner={{ companyID, kind: 'supplier', id: supplier.id }} /> : null}
    </Stack>
  );
}
