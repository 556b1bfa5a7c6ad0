import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { useServerList } from '../../shared/lists/useServerList';
import { type AssortmentColumn, AssortmentList, lastSupplyColumns } from './AssortmentList';
import { type AssortmentCustomerDto, type AssortmentSort, useAssortmentQuery } from './suppliesApi';

/** /c/{companyID}/supplier/{supplierID}/assortment: the customers the supplier supplies, each opening its items. */
export function AssortmentPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const list = useServerList<AssortmentSort>('customer');
  const { all: _all, ...query } = list.params;
  const result = useAssortmentQuery({ companyID, supplierID, ...query });
  const columns: AssortmentColumn<AssortmentCustomerDto, AssortmentSort>[] = [
    {
      label: t('supplies.fields.customer'),
      sort: 'customer',
      render: (c) => (
        <RouterLink to={`/c/${companyID}/supplier/${supplierID}/assortment/${c.customer_id}`}>
          <Text as="span" color="blue.700" fontWeight="medium">
            {c.customer}
          </Text>
        </RouterLink>
      ),
    },
    { label: t('supplies.assortment.supplies'), sort: 'supplies', render: (c) => c.supplies },
    { label: t('supplies.assortment.open'), render: (c) => c.open_supplies },
    { label: t('supplies.assortment.items'), render: (c) => c.items },
    ...lastSupplyColumns<AssortmentCustomerDto>(t, format),
  ];
  return (
    <AssortmentList
      companyID={companyID}
      supplierID={supplierID}
      title={t('supplies.assortment.title')}
      testId="assortment-page"
      filterLabel={t('supplies.assortment.filter')}
      filterTestId="assortment-filter"
      list={list}
      result={result}
      columns={columns}
      rowKey={(c) => c.customer_id}
      rowTestId={(c) => `assortment-row-${c.customer_id}`}
    />
  );
}
