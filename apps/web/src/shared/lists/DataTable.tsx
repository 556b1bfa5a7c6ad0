import { Box, Card, type CardRootProps, DataList, Flex, Stack, Table, type TableCellProps, type TableRowProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIsMobile } from '../layout/useMediaQuery';
import { SortHeader, type Sorting } from './ListControls';

export interface DataColumn<T, K extends string = string> {
  /** stable key of the column (React key) */
  key: string;
  /** the header text (also the label of the value on a card) */
  label: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** the server's sort key, when the column sorts (needs `sorting` and `onSort` on the table) */
  sort?: K;
  /** test id of the cell (kept on the card, so tests find the value at any width) */
  testId?: (row: T) => string;
  /** left out of the card layout (e.g. a value the card's title already shows) */
  hideOnCard?: boolean;
  /** props of the desktop cell (font, colour) */
  cellProps?: TableCellProps;
}

export interface DataTableProps<T, K extends string = string> {
  /** the table's name for assistive technology: the scroll region is labelled with it */
  label: string;
  /** test id of the table (on the table, or the card list below 760 px) */
  testId?: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** test id of a row: the table row, or its card below 760 px */
  rowTestId?: (row: T) => string;
  /** props of the row (style, data attributes); the card below 760 px gets them too */
  rowProps?: (row: T) => TableRowProps;
  /**
   * The columns; the first is the row's identity: it stays in view while the table scrolls sideways and is the
   * card's title below 760 px.
   */
  columns: DataColumn<T, K>[];
  /** the row's actions (a menu, buttons): the last column, kept in view while the table scrolls sideways */
  actions?: (row: T) => ReactNode;
  /** the header of the actions column (default: none) */
  actionsLabel?: string;
  /** the row's main action as a button on its card below 760 px (e.g. "Enter stock", "Mark delivered") */
  mainAction?: (row: T) => ReactNode;
  /** the card's title below 760 px when the first column alone does not name the row (it is then listed as a value) */
  cardTitle?: (row: T) => ReactNode;
  busy?: boolean;
  sorting?: Sorting<K>;
  onSort?: (sorting: Sorting<K>) => void;
  size?: 'sm' | 'md';
}

/** Sticky cells: the first column on the left, the actions on the right, over the scrolled cells. */
const STICKY_FIRST = { position: 'sticky', insetInlineStart: 0, zIndex: 1, bg: 'bg' } as const;
const STICKY_LAST = { position: 'sticky', insetInlineEnd: 0, zIndex: 1, bg: 'bg' } as const;

/**
 * A list as people use it at any width (issue 16, "tables that fit"):
 * - from 761 px a table in a scroll region that the keyboard reaches (focusable, labelled); the first column (the
 *   row's identity) and the actions stay in view while the middle scrolls sideways;
 * - up to 760 px a card per row: the first column as title, the other values as label/value pairs, the main action
 *   as a button beside the actions.
 * Row and cell test ids are the same in both layouts.
 */
export function DataTable<T, K extends string = string>({
  label,
  testId,
  rows,
  rowKey,
  rowTestId,
  rowProps,
  columns,
  actions,
  actionsLabel,
  mainAction,
  cardTitle,
  busy,
  sorting,
  onSort,
  size = 'sm',
}: DataTableProps<T, K>) {
  const mobile = useIsMobile();
  if (mobile) return <DataCards {...{ label, testId, rows, rowKey, rowTestId, rowProps, columns, actions, mainAction, cardTitle, busy }} />;
  const [first, ...rest] = columns;
  const cellOf = (column: DataColumn<T, K>, row: T, sticky: boolean) => (
    <Table.Cell
      key={column.key}
      textAlign={column.align === 'end' ? 'end' : undefined}
      data-testid={column.testId?.(row)}
      {...(sticky ? STICKY_FIRST : {})}
      {...column.cellProps}
    >
      {column.cell(row)}
    </Table.Cell>
  );
  const headerOf = (column: DataColumn<T, K>, sticky: boolean) =>
    column.sort && sorting && onSort ? (
      <SortHeader key={column.key} column={column.sort} label={column.label} sorting={sorting} onSort={onSort} {...(sticky ? STICKY_FIRST : {})} />
    ) : (
      <Table.ColumnHeader key={column.key} textAlign={column.align === 'end' ? 'end' : undefined} {...(sticky ? STICKY_FIRST : {})}>
        {column.label}
      </Table.ColumnHeader>
    );
  return (
    <Box
      overflowX="auto"
      tabIndex={0}
      role="region"
      aria-label={label}
      data-scroll-region=""
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
    >
      <Table.Root size={size} aria-busy={busy} data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {first ? headerOf(first, true) : null}
            {rest.map((c) => headerOf(c, false))}
            {actions ? (
              <Table.ColumnHeader textAlign="end" {...STICKY_LAST}>
                {actionsLabel}
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} data-testid={rowTestId?.(row)} {...rowProps?.(row)}>
              {first ? cellOf(first, row, true) : null}
              {rest.map((c) => cellOf(c, row, false))}
              {actions ? (
                <Table.Cell textAlign="end" {...STICKY_LAST} data-row-actions="">
                  {actions(row)}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function DataCards<T, K extends string>({
  label,
  testId,
  rows,
  rowKey,
  rowTestId,
  rowProps,
  columns,
  actions,
  mainAction,
  cardTitle,
  busy,
}: Pick<DataTableProps<T, K>, 'label' | 'testId' | 'rows' | 'rowKey' | 'rowTestId' | 'rowProps' | 'columns' | 'actions' | 'mainAction' | 'cardTitle' | 'busy'>) {
  const [first, ...others] = columns;
  const rest = cardTitle ? columns : others;
  return (
    <Stack gap="3" role="list" aria-label={label} aria-busy={busy} data-testid={testId} data-layout="cards">
      {rows.map((row) => (
        <Card.Root key={rowKey(row)} size="sm" role="listitem" {...(rowProps?.(row) as CardRootProps | undefined)} data-testid={rowTestId?.(row)}>
          <Card.Body gap="2">
            <Flex justify="space-between" align="start" gap="2">
              {cardTitle ? (
                <Box fontWeight="semibold" minW="0" overflowWrap="anywhere">
                  {cardTitle(row)}
                </Box>
              ) : first ? (
                <Box fontWeight="semibold" data-testid={first.testId?.(row)} minW="0" overflowWrap="anywhere">
                  {first.cell(row)}
                </Box>
              ) : null}
              {actions ? <Box flexShrink={0} data-row-actions="">{actions(row)}</Box> : null}
            </Flex>
            <DataList.Root orientation="horizontal" size="sm" gap="1">
              {rest
                .filter((c) => !c.hideOnCard)
                .map((c) => (
                  <DataList.Item key={c.key}>
                    <DataList.ItemLabel minW="28">{c.label}</DataList.ItemLabel>
                    <DataList.ItemValue data-testid={c.testId?.(row)} minW="0" overflowWrap="anywhere">
                      {c.cell(row)}
                    </DataList.ItemValue>
                  </DataList.Item>
                ))}
            </DataList.Root>
            {mainAction ? <Flex justify="end">{mainAction(row)}</Flex> : null}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
