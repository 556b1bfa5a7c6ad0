import { Checkbox, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { SortHeader, type Sorting } from '../../shared/lists/ListControls';
import type { OrderQueueEntryDto, OrderQueueSort } from './orderQueueApi';
import { QueueError, QueueStateBadge } from './QueueParts';

/** The rows' selection, for staff who may change data (null: no checkboxes). */
export interface QueueSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
  allOnPage: boolean;
}

/** The order queue's entries of a page: order (opens the entry), customer and location, supplier, state, attempts, time. */
export function OrderQueueTable({
  companyID,
  items,
  busy,
  sorting,
  onSort,
  selection,
}: {
  companyID: number;
  items: OrderQueueEntryDto[];
  busy: boolean;
  sorting: Sorting<OrderQueueSort>;
  onSort: (next: Sorting<OrderQueueSort>) => void;
  selection: QueueSelection | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-busy={busy} data-testid="orderqueue-table">
        <Table.Header>
          <Table.Row>
            {selection ? (
              <Table.ColumnHeader w="8">
                <Checkbox.Root
                  checked={selection.allOnPage}
                  disabled={items.length === 0}
                  onCheckedChange={(e) => items.forEach((entry) => selection.toggle(entry.id, !!e.checked))}
                  aria-label={t('orderQueue.selectPage')}
                  data-testid="orderqueue-select-page"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            ) : null}
            <SortHeader column="order_id" label={t('orderQueue.order')} sorting={sorting} onSort={onSort} />
            <SortHeader column="customer" label={t('orderQueue.customerLocation')} sorting={sorting} onSort={onSort} />
            <SortHeader column="supplier" label={t('orders.supplier')} sorting={sorting} onSort={onSort} />
            <SortHeader column="state" label={t('orderQueue.state')} sorting={sorting} onSort={onSort} />
            <SortHeader column="attempts" label={t('orderQueue.attempts')} sorting={sorting} onSort={onSort} />
            <SortHeader column="created_at" label={t('orderQueue.queued')} sorting={sorting} onSort={onSort} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((entry) => (
            <Table.Row key={entry.id} data-testid={`orderqueue-row-${entry.order_id}`}>
              {selection ? (
                <Table.Cell>
                  <Checkbox.Root
                    checked={selection.selected.has(entry.id)}
                    onCheckedChange={(e) => selection.toggle(entry.id, !!e.checked)}
                    aria-label={t('orderQueue.select', { id: entry.order_id })}
                    data-testid={`orderqueue-select-${entry.order_id}`}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
              ) : null}
              <Table.Cell>
                <RouterLink to={`/c/${companyID}/orderqueue/${entry.id}`}>
                  <Text as="span" color="blue.700" fontWeight="medium">
                    {entry.order_id}
                  </Text>
                </RouterLink>
              </Table.Cell>
              <Table.Cell whiteSpace="normal" minW="10rem">
                <Text>{entry.customer}</Text>
                <Text fontSize="xs" color="gray.600">
                  {entry.location}
                </Text>
              </Table.Cell>
              <Table.Cell>{entry.supplier || '–'}</Table.Cell>
              <Table.Cell whiteSpace="normal" minW="12rem" maxW="20rem">
                <Stack gap="1" align="flex-start">
                  <QueueStateBadge state={entry.state} testId={`orderqueue-state-${entry.order_id}`} />
                  {entry.error ? <QueueError error={entry.error} testId={`orderqueue-error-${entry.order_id}`} /> : null}
                </Stack>
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid={`orderqueue-attempts-${entry.order_id}`}>
                {entry.attempts}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{format.dateTime(entry.created_at)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
