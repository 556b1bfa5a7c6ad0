import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { SupplyStatusBadge } from './SupplyStatusBadge';
import { type ItemSupplyDto, useItemSuppliesQuery } from './suppliesApi';

/** The supplier item page's "last 10 supplies" (newest first), each opening its supply; a card each below 760 px. */
export function ItemSupplies({ companyID, supplierID, itemID }: { companyID: number; supplierID: number; itemID: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, error } = useItemSuppliesQuery({ companyID, supplierID, itemID });
  if (error) return <ErrorBox error={error} />;
  if (!data) return null;
  if (data.length === 0) return <Text color="gray.600">{t('items.noSupplies')}</Text>;
  const columns: DataColumn<ItemSupplyDto>[] = [
    {
      key: 'order',
      label: t('supplies.fields.order'),
      cell: (s) => (
        <RouterLink to={`/c/${companyID}/supplier/${supplierID}/supply/${s.supply_id}`}>
          <Text as="span" color="blue.700">
            {t('supplies.orderNumber', { id: s.order_id })}
          </Text>
        </RouterLink>
      ),
    },
    { key: 'created', label: t('supplies.fields.created'), cell: (s) => format.date(s.created_at) },
    { key: 'location', label: t('supplies.fields.location'), cell: (s) => `${s.customer} · ${s.location}` },
    { key: 'quantity', label: t('supplies.fields.quantity'), align: 'end', cell: (s) => `${format.number(s.quantity)} ${s.unit}` },
    { key: 'status', label: t('lists.status'), cell: (s) => <SupplyStatusBadge status={s.delivered ? 'delivered' : 'open'} /> },
  ];
  return (
    <DataTable
      label={t('items.lastSupplies')}
      testId="item-supplies-table"
      rows={data}
      rowKey={(s) => `${s.supply_id}-${s.pos}`}
      columns={columns}
    />
  );
}
