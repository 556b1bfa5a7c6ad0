import { Stack } from '@chakra-ui/react';
import type { Page } from '@kanban/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { SupplierHeader } from '../headers';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import type { Column } from '../../shared/lists/EntityList';
import { EmptyList } from '../../shared/lists/EmptyList';
import { Pager } from '../../shared/lists/ListControls';
import { ListFrame } from '../../shared/lists/ListFrame';
import type { useServerList } from '../../shared/lists/useServerList';

/**
 * A column of an assortment table; `mono`: its cells in the monospace font (SKUs). The first column is the row's
 * identity (a link). Cells that render a number (counts, quantities) are shown in the language's number format.
 */
export interface AssortmentColumn<T, K extends string> extends Column<T, K> {
  mono?: boolean;
}

interface Props<T, K extends string> {
  companyID: number;
  supplierID: number;
  /** shown between the supplier's header and the list */
  before?: ReactNode;
  title: string;
  testId: string;
  filterLabel: string;
  filterTestId: string;
  list: ReturnType<typeof useServerList<K>>;
  /** the list call's state */
  result: { data?: Page<T>; error?: unknown; isFetching: boolean };
  columns: AssortmentColumn<T, K>[];
  rowKey: (row: T) => number;
  rowTestId: (row: T) => string;
}

/**
 * What the assortment pages share (docs/supplies.md): the supplier's header, the list with its filter, a table whose
 * columns sort on the server (a card per row below 760 px), the "none" text and the pager.
 */
export function AssortmentList<T, K extends string>({
  companyID,
  supplierID,
  before,
  title,
  testId,
  filterLabel,
  filterTestId,
  list,
  result: { data, error, isFetching },
  columns,
  rowKey,
  rowTestId,
}: Props<T, K>) {
  const { t } = useTranslation();
  const format = useFormat();
  const dataColumns: DataColumn<T, K>[] = columns.map((c) => ({
    key: c.label,
    label: c.label,
    sort: c.sort,
    cellProps: c.mono ? { fontFamily: 'mono' } : undefined,
    cell: (row: T) => {
      const value = c.render(row);
      return typeof value === 'number' ? format.number(value) : value;
    },
  }));
  return (
    <Stack gap="4">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      {before}
      <ListFrame title={title} testId={testId} filter={list.filter} onFilter={list.setFilter} filterLabel={filterLabel} filterTestId={filterTestId} error={error}>
        <DataTable
          label={title}
          rows={data?.items ?? []}
          rowKey={rowKey}
          rowTestId={rowTestId}
          busy={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          columns={dataColumns}
        />
        {data && data.items.length === 0 ? <EmptyList filtered={list.filtered} none={t('supplies.none')} onReset={list.reset} testId="assortment-empty" /> : null}
        {data && data.total > 0 ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} /> : null}
      </ListFrame>
    </Stack>
  );
}

/** The columns both assortment tables end with: the last supply (sorts) and the last delivery. */
export function lastSupplyColumns<T extends { last_supply_at: string; last_delivered_at: string | null }>(
  t: (key: string) => string,
  format: ReturnType<typeof useFormat>,
): AssortmentColumn<T, 'last_supply_at'>[] {
  return [
    { label: t('supplies.assortment.lastSupply'), sort: 'last_supply_at', render: (row) => format.date(row.last_supply_at) },
    { label: t('supplies.assortment.lastDelivered'), render: (row) => (row.last_delivered_at ? format.date(row.last_delivered_at) : '–') },
  ];
}
