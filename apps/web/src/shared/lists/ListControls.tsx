import { Button, ButtonGroup, Flex, IconButton, Table, type TableColumnHeaderProps, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';

export interface Sorting<K extends string> {
  sort: K;
  order: 'asc' | 'desc';
}

/** A column header that sorts the list on the server; a second click reverses the order. */
export function SortHeader<K extends string>({
  column,
  label,
  sorting,
  onSort,
  ...header
}: {
  column: K;
  label: string;
  sorting: Sorting<K>;
  onSort: (s: Sorting<K>) => void;
} & Omit<TableColumnHeaderProps, 'onSort'>) {
  const active = sorting.sort === column;
  const next: Sorting<K> = { sort: column, order: active && sorting.order === 'asc' ? 'desc' : 'asc' };
  return (
    <Table.ColumnHeader aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'} {...header}>
      <Button
        variant="ghost"
        size="xs"
        px="1"
        fontWeight="semibold"
        onClick={() => onSort(next)}
        data-testid={`sort-${column}`}
      >
        {label}
        {active ? (
          <Icon
            name="chevron"
            boxSize="3"
            transform={sorting.order === 'asc' ? 'rotate(180deg)' : undefined}
          />
        ) : null}
      </Button>
    </Table.ColumnHeader>
  );
}

/**
 * Pages of a server-side list: the count line ("1–3 of 3") and, when there is more than one page, previous and next
 * (a list that fits on one page shows no pager buttons; a page past the end keeps them, to go back).
 */
export function Pager({
  page,
  perPage,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-testid="pager">
      <Text fontSize="sm" color="gray.600">
        {t('lists.range', { from, to, total })}
      </Text>
      {pages > 1 || page > 1 ? (
        <ButtonGroup size="sm" variant="outline" attached data-testid="pager-buttons">
          <IconButton aria-label={t('lists.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <Icon name="back" />
          </IconButton>
          <IconButton aria-label={t('lists.next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            <Icon name="back" transform="rotate(180deg)" />
          </IconButton>
        </ButtonGroup>
      ) : null}
    </Flex>
  );
}
