import { Badge, Button, Card, DataList, Flex, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { SupplierHeader } from '../headers';
import { EntityImages } from '../../shared/images';
import { mayOpen } from '../../shared/paths';
import { useViewer } from '../../shared/session/useViewer';
import { useUnitName } from '../settings';
import { ItemSupplies } from '../supplies';
import { ItemThumb } from './ItemImages';
import { ITEM_DATES, ITEM_NUMBERS } from './itemForm';
import { useItemQuery } from './itemsApi';

/**
 * /c/{companyID}/supplier/{supplierID}/item/{itemID}: the item's data with its selected image, its images and
 * its last 10 supplies.
 */
export function ItemDetailPage() {
  const { t } = useTranslation();
  const units = useUnitName();
  const format = useFormat();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const itemID = Number(params.itemID);
  const { data: item, error } = useItemQuery({ companyID, supplierID, itemID });
  // the item's label (issue 19), for those who may print it
  const printPath = `/c/${companyID}/supplier/${supplierID}/item/${itemID}/print`;
  const mayPrint = mayOpen(printPath, useViewer());
  const row = (label: string, value: string | number) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === '' ? '–' : value}</DataList.ItemValue>
    </DataList.Item>
  );
  const yes = (value: boolean) => t(value ? 'items.yes' : 'items.no');
  return (
    <Stack gap="4" data-testid="item-detail">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      {error ? <ErrorBox error={error} entity="item" /> : null}
      {item ? (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
          <Card.Root>
            <Card.Header>
              <Flex align="center" gap="3" data-testid="item-header">
                <ItemThumb item={item} size={64} />
                <Heading as="h1" size="md">
                  {item.sku} · {item.name}{' '}
                  {item.disabled ? <Badge colorPalette="gray">{t('items.disabled')}</Badge> : null}{' '}
                  {item.paused ? <Badge colorPalette="orange">{t('items.pausedUntil', { date: format.date(item.paused_until) })}</Badge> : null}
                </Heading>
                {mayPrint ? (
                  <Button asChild size="sm" variant="outline" ms="auto" data-testid="item-print">
                    <RouterLink to={printPath}>{t('printing.supplierItem.title')}</RouterLink>
                  </Button>
                ) : null}
              </Flex>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal">
                {row(t('items.fields.customer_sku'), item.customer_sku)}
                {row(t('items.fields.description'), item.description)}
                {row(t('items.fields.item_unit'), item.item_unit ? units.label(item.item_unit) : item.item_unit)}
                {row(t('items.fields.order_unit'), item.order_unit ? units.label(item.order_unit) : item.order_unit)}
                {ITEM_NUMBERS.map((f) => row(t(`items.fields.${f}`), item[f]))}
                {row(t('items.fields.material_number'), item.material_number)}
                {row(t('items.fields.material_group'), item.material_group)}
                {row(t('items.fields.unspsc'), item.unspsc)}
                {ITEM_DATES.map((f) => row(t(`items.fields.${f}`), item[f] ? format.date(item[f]) : ''))}
                {row(t('items.fields.instant_delivery'), yes(item.instant_delivery))}
                {row(t('items.fields.purchaseable'), yes(item.purchaseable))}
                {row(t('items.fields.latest_order'), item.latest_order ? format.dateTime(item.latest_order) : '')}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root data-testid="item-supplies">
            <Card.Header>
              <Heading as="h2" size="md">
                {t('items.lastSupplies')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <ItemSupplies companyID={companyID} supplierID={supplierID} itemID={itemID} />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      ) : null}
      {item ? <EntityImages companyID={companyID} owner={{ field: 'item_id', id: item.id }} entityTag={{ type: 'Item', id: item.id }} /> : null}
    </Stack>
  );
}
