import { Box, Button, Card, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Stat, Table, type TableCellProps, type TableRowProps, Text } from '@chakra-ui/react';
import type { OrderStatsLineDto, Page } from '@kanban/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CustomerHeader } from '../headers';
import { CompanyHeader } from '../companies';
import { useUnitName } from '../settings';
import { useFormat } from '../../i18n/useFormat';
import { Pager } from '../../shared/lists/ListControls';

/** The ids of a statistics page: company, and customer in the customer context (0 = company level). */
export function useStatsIds(): { companyID: number; customerID: number } {
  const params = useParams();
  return { companyID: Number(params.companyID), customerID: Number(params.customerID ?? 0) };
}

/** The context header: the customer's in the customer context, else the company's. */
export function StatsHeader({ companyID, customerID }: { companyID: number; customerID: number }) {
  return customerID > 0 ? <CustomerHeader companyID={companyID} customerID={customerID} /> : <CompanyHeader companyID={companyID} />;
}

export const ORDER_SOURCES = ['requisition', 'manual'] as const;

/** The filters of the order statistics live in the address (`?from=&to=&source=&location_id=&supplier_id=`), so details links and reloads keep them. */
export function useOrderFilters() {
  const [search, setSearch] = useSearchParams();
  const id = (name: string) => {
    const value = Number(search.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const filters = {
    from: search.get('from') || undefined,
    to: search.get('to') || undefined,
    source: search.get('source') || undefined,
    location_id: id('location_id'),
    supplier_id: id('supplier_id'),
  };
  const set = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next, { replace: true });
  };
  const page = id('page') ?? 1;
  return { filters, set, page, search };
}

/** Period (from, to) and source of the order statistics. */
export function OrderFilterBar({ filters, set, from, to }: { filters: ReturnType<typeof useOrderFilters>['filters']; set: ReturnType<typeof useOrderFilters>['set']; from?: string; to?: string }) {
  const { t } = useTranslation();
  const narrowed = Boolean(filters.location_id || filters.supplier_id || filters.source || filters.from || filters.to);
  return (
    <Flex gap="3" wrap="wrap" align="end" data-testid="stats-filters">
      <Field.Root w="auto">
        <Field.Label>{t('stats.from')}</Field.Label>
        <Input type="date" size="sm" value={filters.from ?? from ?? ''} onChange={(e) => set({ from: e.target.value })} data-testid="stats-from" />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label>{t('stats.to')}</Field.Label>
        <Input type="date" size="sm" value={filters.to ?? to ?? ''} onChange={(e) => set({ to: e.target.value })} data-testid="stats-to" />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label>{t('stats.source')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={filters.source ?? ''} onChange={(e) => set({ source: e.target.value })} data-testid="stats-source">
            <option value="">{t('stats.allSources')}</option>
            {ORDER_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`stats.sources.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {narrowed ? (
        <Button size="sm" variant="outline" onClick={() => set({ from: undefined, to: undefined, source: undefined, location_id: undefined, supplier_id: undefined })}>
          {t('stats.clearFilters')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** A row of figure cards (at most `columns`, default 4, side by side). */
export function Figures({ items, columns = 4 }: { items: { label: string; value: ReactNode; testId?: string }[]; columns?: number }) {
  return (
    <SimpleGrid columns={{ base: 2, md: Math.min(columns, items.length) }} gap="4">
      {items.map((item) => (
        <Card.Root size="sm" key={item.label}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{item.label}</Stat.Label>
              <Stat.ValueText fontSize="2xl" data-testid={item.testId}>
                {item.value}
              </Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** A column of a statistics table: its header and each row's cell. */
export interface StatsColumn<T> {
  label: string;
  value: (row: T) => ReactNode;
  /** right-aligned */
  numeric?: boolean;
  /** kept on one line (days) */
  nowrap?: boolean;
  /** more props of a row's cell (a colour, a smaller text) */
  cell?: (row: T) => TableCellProps;
}

/** The rows of a statistics table; `onRow` makes rows clickable (a filter), `rowProps` styles a row. */
function StatsRows<T>({
  rows,
  columns,
  rowKey,
  onRow,
  rowProps,
  testId,
}: {
  rows: T[];
  columns: StatsColumn<T>[];
  rowKey: (row: T) => string | number;
  onRow?: (row: T) => void;
  rowProps?: (row: T) => TableRowProps;
  testId?: string;
}) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive={Boolean(onRow)} data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) => (
              <Table.ColumnHeader key={i} textAlign={c.numeric ? 'end' : 'start'}>
                {c.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} cursor={onRow ? 'pointer' : undefined} onClick={onRow ? () => onRow(row) : undefined} {...rowProps?.(row)}>
              {columns.map((c, i) => (
                <Table.Cell key={i} textAlign={c.numeric ? 'end' : 'start'} whiteSpace={c.nowrap ? 'nowrap' : undefined} {...c.cell?.(row)}>
                  {c.value(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A titled table of figures; `onRow` makes rows clickable (a filter). */
export function FigureTable<T>({
  title,
  rows,
  columns,
  rowKey,
  empty,
  testId,
  onRow,
}: {
  title: string;
  rows: T[];
  columns: StatsColumn<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
  testId?: string;
  onRow?: (row: T) => void;
}) {
  return (
    <TitledCard title={title} testId={testId}>
      {rows.length === 0 ? <Text color="gray.600">{empty}</Text> : <StatsRows rows={rows} columns={columns} rowKey={rowKey} onRow={onRow} />}
    </TitledCard>
  );
}

/** A card with a small heading: a table or a chart of a statistics page. */
export function TitledCard({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Header>
        <Heading size="sm">{title}</Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** One page of rows the server pages (lines, rules) with the pager below; `testId` names the table. */
export function PagedTable<T>({
  data,
  columns,
  rowKey,
  empty,
  testId,
  onPage,
  rowProps,
}: {
  data: Page<T>;
  columns: StatsColumn<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
  testId: string;
  onPage: (page: number) => void;
  rowProps?: (row: T) => TableRowProps;
}) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        {data.items.length === 0 ? (
          <Text color="gray.600">{empty}</Text>
        ) : (
          <StatsRows rows={data.items} columns={columns} rowKey={rowKey} rowProps={rowProps} testId={testId} />
        )}
      </Card.Body>
      <Card.Footer>
        <Box w="full">
          <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={onPage} />
        </Box>
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * The columns of an order line (`OrderStatsLineDto`) that the order statistics' lines and the service analysis's
 * lines both show: `head` = order day, order/pos, location (with the customer at company level), the supplier if asked,
 * SKU, item, quantity with its unit's name ("5 Packungen"), shipping day; and the status.
 */
export function useLineColumns(customerID: number): {
  head: (options?: { supplier?: boolean }) => StatsColumn<OrderStatsLineDto>[];
  status: StatsColumn<OrderStatsLineDto>;
} {
  const { t } = useTranslation();
  const format = useFormat();
  const num = useNumber();
  const units = useUnitName();
  const line = {
    date: { label: t('stats.date'), value: (l: OrderStatsLineDto) => format.date(l.date), nowrap: true },
    order: { label: t('stats.order'), value: (l: OrderStatsLineDto) => `${l.order_id}/${l.pos}`, nowrap: true },
    location: { label: t('stats.location'), value: (l: OrderStatsLineDto) => (customerID ? l.location : `${l.location} (${l.customer})`) },
    supplier: { label: t('stats.supplier'), value: (l: OrderStatsLineDto) => l.supplier || '–' },
    sku: { label: t('stats.sku'), value: (l: OrderStatsLineDto) => l.sku },
    item: { label: t('stats.item'), value: (l: OrderStatsLineDto) => l.name },
    quantity: { label: t('stats.orders.quantity'), value: (l: OrderStatsLineDto) => `${num(l.quantity)} ${units.name(l.unit, l.quantity)}`, numeric: true, nowrap: true },
    shipping: { label: t('stats.shipping'), value: (l: OrderStatsLineDto) => format.date(l.shipping), nowrap: true },
    status: { label: t('stats.status'), value: (l: OrderStatsLineDto) => t(`stats.statuses.${l.status}`, { defaultValue: l.status }) },
  } satisfies Record<string, StatsColumn<OrderStatsLineDto>>;
  return {
    head: ({ supplier = false } = {}) => [line.date, line.order, line.location, ...(supplier ? [line.supplier] : []), line.sku, line.item, line.quantity, line.shipping],
    status: line.status,
  };
}

/** A day without its year for the x axis of a chart (11-24, 24.11). */
export function useShortDay() {
  const format = useFormat();
  return (day: string) => format.date(day).replace(/\d{4}/, '').replace(/[./-]+$|^[./-]+/g, '');
}

/** Numbers in the page's language (quantities may have decimals). */
export function useNumber() {
  const { i18n } = useTranslation();
  return (value: number | null | undefined, digits = 2) =>
    value === null || value === undefined ? '–' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
}

export function usePercent() {
  const { i18n } = useTranslation();
  return (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}
