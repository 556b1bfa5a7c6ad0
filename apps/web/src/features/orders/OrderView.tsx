import { Badge, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DataTable } from '../../shared/lists/DataTable';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { useUnitName } from '../settings';
import { extStatusKey } from './extStatus';
import { historyText } from './historyText';
import { statusPalette } from './OrderListPage';
import type { OrderDto } from './ordersApi';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Text data-testid={testId}>{value || '–'}</Text>
    </Stack>
  );
}

/** An order's facts, lines (with status, shipping day and the day delivered) and history: the body of the order and request pages. */
export function OrderView({ order }: { order: OrderDto }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const units = useUnitName();
  const extKey = extStatusKey(order);
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <Flex justify="space-between" align="center" mb="3" wrap="wrap" gap="2">
            <Heading as="h2" size="md">
              {t('orders.detailHeading', { id: order.id })}
            </Heading>
            <Badge colorPalette={statusPalette(order.status)} data-testid="order-status" size="lg">
              {t(`orders.statuses.${order.status}`)}
            </Badge>
          </Flex>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Fact label={t('orders.date')} value={format.date(order.date)} />
            <Fact label={t('orders.created')} value={format.dateTime(order.created)} />
            <Fact label={t('orders.customer')} value={order.customer} />
            <Fact label={t('orders.location')} value={order.location} />
            <Fact label={t('orders.supplier')} value={order.supplier} />
            <Fact label={t('orders.source')} value={t(`orders.sources.${order.source}`)} />
            <Fact label={t('orders.extStatus')} value={extKey === null ? '' : t(extKey)} testId="order-ext-status" />
            <Fact label={t('orders.lineCount')} value={String(order.line_count)} />
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Heading as="h2" size="md" mb="3">
            {t('orders.lines')}
          </Heading>
          <DataTable
            label={t('orders.lines')}
            testId="order-lines"
            rows={order.lines ?? []}
            rowKey={(l) => l.pos}
            rowTestId={(l) => `order-line-${l.pos}`}
            cardTitle={(l) => `${l.pos} · ${l.sku}`}
            columns={[
              { key: 'pos', label: t('orders.pos'), cell: (l) => l.pos, hideOnCard: true },
              { key: 'sku', label: t('orders.sku'), cell: (l) => l.sku, hideOnCard: true },
              { key: 'name', label: t('orders.name'), cell: (l) => l.name, cellProps: { whiteSpace: 'normal', minW: '12rem' } },
              { key: 'catalog', label: t('orders.catalog'), cell: (l) => l.catalog },
              { key: 'quantity', label: t('orders.quantity'), align: 'end', cell: (l) => format.number(l.quantity) },
              { key: 'unit', label: t('orders.unit'), cell: (l) => <span title={l.unit}>{units.name(l.unit)}</span> },
              { key: 'shipping', label: t('orders.shipping'), cell: (l) => format.date(l.shipping) },
              {
                key: 'delivered',
                label: t('orders.deliveredAt'),
                testId: (l) => `order-line-${l.pos}-delivered`,
                cell: (l) => <span title={l.delivered_at ? format.dateTime(l.delivered_at) : undefined}>{l.delivered_at ? format.date(l.delivered_at) : '–'}</span>,
              },
              {
                key: 'status',
                label: t('orders.status'),
                cell: (l) => <Badge colorPalette={statusPalette(l.status)}>{t(`orders.statuses.${l.status}`)}</Badge>,
              },
            ]}
          />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Heading as="h2" size="md" mb="3">
            {t('orders.history')}
          </Heading>
          <Stack gap="2" data-testid="order-history">
            {(order.history ?? []).map((e) => (
              <Flex key={e.id} gap="3" align="baseline" data-testid="order-history-event" data-code={e.code ?? undefined}>
                <Badge>{e.type}</Badge>
                <Text fontSize="sm" color="gray.600" minW="150px">
                  {format.dateTime(e.created_at)}
                </Text>
                <Text fontSize="sm">
                  {t(`orders.events.${e.type}`)}: {historyText(e, i18n)}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
