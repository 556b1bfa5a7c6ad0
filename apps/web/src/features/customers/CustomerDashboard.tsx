import { Badge, Card, DataList, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../shared/hooks';
import { EntityImages } from '../../shared/images';
import { useFormat } from '../../i18n/useFormat';
import { ChangeLogPanel } from '../contacts';
import { CustomerHeader } from '../headers';
import { visited } from '../../shared/navigation/recentSlice';
import { useCustomerQuery } from './customersApi';
import { ReplenishmentOverview } from '../dashboards';
import { SensorAlarmsCard } from '../sensors';

/** /c/{companyID}/customer/{customerID}/: the customer's header, address and ordering settings. */
export function CustomerDashboard() {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = Number(params.customerID);
  const { data: customer } = useCustomerQuery({ companyID, customerID });
  useEffect(() => {
    if (customer)
      dispatch(
        visited({
          kind: 'customers',
          entry: { id: customer.id, name: customer.name, url: `/c/${companyID}/customer/${customer.id}/` },
        }),
      );
  }, [customer, companyID, dispatch]);
  const row = (label: string, value: string | number) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === '' ? '–' : value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="4" data-testid="customer-dashboard">
      <CustomerHeader companyID={companyID} customerID={customerID} />
      <ReplenishmentOverview scope={{ companyID, customerID }} />
      <SensorAlarmsCard scope={{ companyID, customerID }} />
      {customer ? (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('customers.address')}{' '}
                {customer.inactive ? <Badge colorPalette="gray">{t('lists.inactive')}</Badge> : null}
              </Heading>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal">
                {row(t('customers.fields.street'), customer.street)}
                {row(t('customers.fields.city'), [customer.postal, customer.city].filter(Boolean).join(' '))}
                {row(
                  t('customers.fields.country_iso'),
                  customer.country_iso ? t(`countries.${customer.country_iso}`) : '',
                )}
                {row(t('customers.fields.vat_id'), customer.vat_id)}
                {row(t('customers.since'), format.date(customer.created_at))}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('customers.ordering')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal">
                {row(t('customers.fields.auftragsnr'), customer.auftragsnr)}
                {row(
                  t('customers.fields.use_backorder'),
                  customer.use_backorder
                    ? t(`customers.backorder.${customer.backorder_type}`)
                    : t('common.no'),
                )}
                {row(
                  t('customers.fields.use_request_workflow'),
                  t(customer.use_request_workflow ? 'common.yes' : 'common.no'),
                )}
                {row(
                  t('customers.fields.use_subscription'),
                  t(customer.use_subscription ? 'common.yes' : 'common.no'),
                )}
                {row(
                  t('customers.fields.automatic_restock_days'),
                  customer.automatic_restock_days || t('customers.off'),
                )}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      ) : null}
      {customer ? (
        <EntityImages
          companyID={companyID}
          owner={{ field: 'customer_id', id: customerID }}
          entityTag={{ type: 'Customer', id: customerID }}
        />
      ) : null}
      {customer ? <ChangeLogPanel owner={{ companyID, kind: 'customer', id: customer.id }} /> : null}
    </Stack>
  );
}
