import { Box, Button, Card, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Stat, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CustomerHeader } from '../headers/ContextHeaders';
import { CompanyHeader } from '../companies/CompanyHeader';

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

/** A row of figure cards. */
export function Figures({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: items.length > 4 ? 4 : items.length }} gap="4">
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
  columns: { label: string; value: (row: T) => ReactNode; numeric?: boolean }[];
  rowKey: (row: T) => string | number;
  empty: string;
  testId?: string;
  onRow?: (row: T) => void;
}) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Header>
        <Heading size="sm">{title}</Heading>
      </Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <Text color="gray.600">{empty}</Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" interactive={Boolean(onRow)}>
              <Table.Header>
                <Table.Row>
                  {columns.map((c) => (
                    <Table.ColumnHeader key={c.label} textAlign={c.numeric ? 'end' : 'start'}>
                      {c.label}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={rowKey(row)} cursor={onRow ? 'pointer' : undefined} onClick={onRow ? () => onRow(row) : undefined}>
                    {columns.map((c) => (
                      <Table.Cell key={c.label} textAlign={c.numeric ? 'end' : 'start'}>
                        {c.value(row)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
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
