import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { useServerList } from '../../shared/lists/useServerList';
import { type AssortmentColumn, AssortmentList, lastSupplyColumns } from './AssortmentList';
import { type AssortmentItemDto, type AssortmentItemSort, useAssortmentItemsQuery } from './suppliesApi';

/** /c/{companyID}/supplier/{supplierID}/assortment/{customerID}: the items supplied to one customer. */
export function AssortmentCustomerPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const customerID = Number(params.customerID);
  const list = useServerList<AssortmentItemSort>('sku');
  const { all: _all, ...query } = list.params;
  const result = useAssortmentItemsQuery({ companyID, supplierID, customerID, ...query });
  const columns: AssortmentColumn<AssortmentItemDto, AssortmentItemSort>[] = [
    {
      label: t('supplies.fields.sku'),
      sort: 'sku',
      mono: true,
      render: (i) => (
        <RouterLink to={`/c/${companyID}/supplier/${supplierID}/item/${i.item_id}`}>
          <Text as="span" color="blue.700">
            {i.sku}
          </Text>
        </RouterLink>
      ),
    },
    { label: t('supplies.fields.name'), sort: 'name', render: (i) => i.name },
    { label: t('supplies.assortment.supplies'), sort: 'supplies', render: (i) => i.supplies },
    { label: t('supplies.fields.quantity'), sort: 'quantity', render: (i) => i.quantity },
    { label: t('supplies.assortment.delivered'), render: (i) => i.delivered_quantity },
    { label: t('supplies.fields.unit'), render: (i) => i.unit },
    ...lastSupplyColumns<AssortmentItemDto>(t, format),
  ];
  return (
    <AssortmentList
      companyID={companyID}
      supplierID={supplierID}
      before={
        <Box>
          <RouterLink to={`/c/${companyID}/supplier/${supplierID}/assortment`}>
            <Text as="span" color="blue.700">
              {t('supplies.assortment.back')}
            </Text>
          </RouterLink>
        </Box>
      }
      title={t('supplies.assortment.itemsTitle')}
      testId="assortment-customer-page"
      filterLabel={t('supplies.assortment.itemFilter')}
      filterTestId="assortment-item-filter"
      list={list}
      result={result}
      columns={columns}
      rowKey={(i) => i.item_id}
      rowTestId={(i) => `assortment-item-${i.item_id}`}
    />
  );
}
