import { Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { SupplyStatusBadge } from './SupplyStatusBadge';
import { useItemSuppliesQuery } from './suppliesApi';

/** The supplier item page's "last 10 supplies" (newest first), each opening its supply. */
export function ItemSupplies({ companyID, supplierID, itemID }: { companyID: number; supplierID: number; itemID: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, error } = useItemSuppliesQuery({ companyID, supplierID, itemID });
  if (error) return <ErrorBox error={error} />;
  if (!data) return null;
  if (data.length === 0) return <Text color="gray.600">{t('items.noSupplies')}</Text>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="item-supplies-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('supplies.fields.order')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('supplies.fields.created')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('supplies.fields.location')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('supplies.fields.quantity')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('lists.status')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((s) => (
            <Table.Row key={`${s.supply_id}-${s.pos}`}>
              <Table.Cell>
                <RouterLink to={`/c/${companyID}/supplier/${supplierID}/supply/${s.supply_id}`}>
                  <Text as="span" color="blue.700">
                    {t('supplies.orderNumber', { id: s.order_id })}
                  </Text>
                </RouterLink>
              </Table.Cell>
              <Table.Cell>{format.date(s.created_at)}</Table.Cell>
              <Table.Cell>
                {s.customer} · {s.location}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {s.quantity} {s.unit}
              </Table.Cell>
              <Table.Cell>
                <SupplyStatusBadge status={s.delivered ? 'delivered' : 'open'} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
