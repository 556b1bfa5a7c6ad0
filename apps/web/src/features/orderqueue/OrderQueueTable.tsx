import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import type { Sorting } from '../../shared/lists/ListControls';
import type { OrderQueueEntryDto, OrderQueueSort } from './orderQueueApi';
import { QueueError, QueueStateBadge } from './QueueParts';

/** The rows' selection, for staff who may change data (null: no checkboxes). */
export interface QueueSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
  allOnPage: boolean;
}

/**
 * The order queue's entries of a page: order (opens the entry), the selection (staff who may change data; "select
 * the page" above the table), customer and location, supplier, state, attempts, time. A card per entry below 760 px.
 */
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
  const columns: DataColumn<OrderQueueEntryDto, OrderQueueSort>[] = [
    {
      key: 'order',
      label: t('orderQueue.order'),
      sort: 'order_id',
      cell: (entry) => (
        <RouterLink to={`/c/${companyID}/orderqueue/${entry.id}`}>
          <Text as="span" color="blue.700" fontWeight="medium">
            {entry.order_id}
          </Text>
        </RouterLink>
      ),
    },
    ...(selection
      ? [
          {
            key: 'select',
            label: t('orderQueue.selectColumn'),
            cellProps: { w: '8' },
            cell: (entry: OrderQueueEntryDto) => (
              <Checkbox.Root
                checked={selection.selected.has(entry.id)}
                onCheckedChange={(e) => selection.toggle(entry.id, !!e.checked)}
                aria-label={t('orderQueue.select', { id: entry.order_id })}
                data-testid={`orderqueue-select-${entry.order_id}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            ),
          },
        ]
      : []),
    {
      key: 'customer',
      label: t('orderQueue.customerLocation'),
      sort: 'customer',
      cellProps: { whiteSpace: 'normal', minW: '10rem' },
      cell: (entry) => (
        <>
          <Text>{entry.customer}</Text>
          <Text fontSize="xs" color="gray.600">
            {entry.location}
          </Text>
        </>
      ),
    },
    { key: 'supplier', label: t('orders.supplier'), sort: 'supplier', cell: (entry) => entry.supplier || '–' },
    {
      key: 'state',
      label: t('orderQueue.state'),
      sort: 'state',
      cellProps: { whiteSpace: 'normal', minW: '12rem', maxW: '20rem' },
      cell: (entry) => (
        <Stack gap="1" align="flex-start">
          <QueueStateBadge state={entry.state} testId={`orderqueue-state-${entry.order_id}`} />
          {entry.error ? <QueueError error={entry.error} testId={`orderqueue-error-${entry.order_id}`} /> : null}
        </Stack>
      ),
    },
    {
      key: 'attempts',
      label: t('orderQueue.attempts'),
      sort: 'attempts',
      align: 'end',
      testId: (entry) => `orderqueue-attempts-${entry.order_id}`,
      cell: (entry) => format.number(entry.attempts),
    },
    {
      key: 'queued',
      label: t('orderQueue.queued'),
      sort: 'created_at',
      cellProps: { whiteSpace: 'nowrap' },
      cell: (entry) => format.dateTime(entry.created_at),
    },
  ];
  return (
    <Stack gap="2">
      {selection ? (
        <Checkbox.Root
          size="sm"
          checked={selection.allOnPage}
          disabled={items.length === 0}
          onCheckedChange={(e) => items.forEach((entry) => selection.toggle(entry.id, !!e.checked))}
          data-testid="orderqueue-select-page"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('orderQueue.selectPage')}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
      <DataTable
        label={t('orderQueue.title')}
        testId="orderqueue-table"
        rows={items}
        rowKey={(entry) => entry.id}
        rowTestId={(entry) => `orderqueue-row-${entry.order_id}`}
        busy={busy}
        sorting={sorting}
        onSort={onSort}
        columns={columns}
      />
    </Stack>
  );
}
