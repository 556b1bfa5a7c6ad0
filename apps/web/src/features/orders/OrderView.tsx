import { Badge, Card, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
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
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="order-lines">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('orders.pos')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orders.sku')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orders.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orders.catalog')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('orders.quantity')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orders.unit')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orders.shipping')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orders.deliveredAt')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orders.status')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(order.lines ?? []).map((l) => (
                  <Table.Row key={l.pos} data-testid={`order-line-${l.pos}`}>
                    <Table.Cell>{l.pos}</Table.Cell>
                    <Table.Cell>{l.sku}</Table.Cell>
                    <Table.Cell whiteSpace="normal" minW="12rem">
                      {l.name}
                    </Table.Cell>
                    <Table.Cell>{l.catalog}</Table.Cell>
                    <Table.Cell textAlign="end">{l.quantity}</Table.Cell>
                    <Table.Cell>{l.unit}</Table.Cell>
                    <Table.Cell>{format.date(l.shipping)}</Table.Cell>
                    <Table.Cell data-testid={`order-line-${l.pos}-delivered`} title={l.delivered_at ? format.dateTime(l.delivered_at) : undefined}>
                      {l.delivered_at ? format.date(l.delivered_at) : '–'}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={statusPalette(l.status)}>{t(`orders.statuses.${l.status}`)}</Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
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
