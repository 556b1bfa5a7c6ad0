import { Badge, HStack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText, isApiError } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { useFormat } from '../../i18n/useFormat';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { EmptyList } from '../../shared/lists/EmptyList';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { Pager, type Sorting } from '../../shared/lists/ListControls';
import { RowActions } from '../../shared/lists/RowActions';
import { useUnitName } from '../settings';
import { ItemThumb } from './ItemImages';
import { ItemRulesDialog } from './ItemRulesDialog';
import { type ItemDto, type ItemRuleRef, type ItemSortKey, rulesOfConflict } from './itemsApi';

export type ItemAction = 'edit' | 'images' | 'toggle' | 'pause' | 'unpause' | 'delete';

interface Props {
  rows: ItemDto[] | undefined;
  page?: { page: number; per_page: number; total: number };
  onPage: (page: number) => void;
  fetching: boolean;
  sorting: Sorting<ItemSortKey>;
  onSort: (sorting: Sorting<ItemSortKey>) => void;
  link?: (row: ItemDto) => string;
  /** row actions for users who may write; `remove` runs after the confirmation */
  actions?: {
    edit: (row: ItemDto) => void;
    /** `confirm`: the caller saw the kanban rules of a 1007 answer and disables anyway */
    setDisabled: (row: ItemDto, disabled: boolean, options?: { confirm: true }) => Promise<ItemDto>;
    pause: (row: ItemDto) => void;
    unpause: (row: ItemDto) => Promise<ItemDto>;
    /** `confirm`: the caller agreed to lose the item's images after a 1002 answer */
    remove: (row: ItemDto, options?: { confirm: true }) => Promise<unknown>;
  };
  /** opens the item's images (its thumbnail and the "Images" action); without it the thumbnail only shows */
  onImages?: (row: ItemDto) => void;
  filtered: boolean;
  /** clears the search and the filters: offered when they emptied the list */
  onReset?: () => void;
  /** an extra column (the location page's subscription switch) */
  extra?: { label: string; render: (row: ItemDto) => ReactNode };
}

/** Items as a table (a card each below 760 px): SKU, image, name, units, ordering, state (disabled, paused until), row actions; pages. */
export function ItemTable({ rows, page, onPage, fetching, sorting, onSort, link, actions, onImages, filtered, onReset, extra }: Props) {
  const { t } = useTranslation();
  const units = useUnitName();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [deleting, setDeleting] = useState<ItemDto | null>(null);
  /** the item the server refused to delete with 1002 (it has images): asked once more */
  const [withData, setWithData] = useState<ItemDto | null>(null);
  const [removing, setRemoving] = useState(false);
  /** the kanban rules the server named (1007) when the item was to be disabled or deleted */
  const [inUse, setInUse] = useState<{ row: ItemDto; purpose: 'disable' | 'delete'; rules: ItemRuleRef[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const done = (message: string) => dispatch(snackbarShown({ message, variant: 'success' }));
  const fail = (e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
  const act = (row: ItemDto, action: ItemAction) => {
    if (!actions) return;
    if (action === 'edit') actions.edit(row);
    else if (action === 'images') onImages?.(row);
    else if (action === 'delete') setDeleting(row);
    else if (action === 'pause') actions.pause(row);
    else if (action === 'unpause')
      actions
        .unpause(row)
        .then((now) => done(t('items.unpaused', { name: now.name })))
        .catch(fail);
    else
      actions
        .setDisabled(row, !row.disabled)
        .then((now) => done(t(now.disabled ? 'items.disabledDone' : 'items.enabledDone', { name: now.name })))
        .catch((e: unknown) => {
          const rules = rulesOfConflict(e);
          if (rules && !row.disabled) setInUse({ row, purpose: 'disable', rules });
          else fail(e);
        });
  };
  const disableAnyway = (row: ItemDto) => {
    if (!actions) return;
    setConfirming(true);
    actions
      .setDisabled(row, true, { confirm: true })
      .then((now) => done(t('items.disabledDone', { name: now.name })))
      .catch(fail)
      .finally(() => {
        setConfirming(false);
        setInUse(null);
      });
  };
  const confirmDelete = (row: ItemDto | null, confirm: boolean) => {
    if (!actions || !row) return;
    setRemoving(true);
    actions
      .remove(row, confirm ? { confirm: true } : undefined)
      .then(() => done(t('items.deleted', { name: row.name })))
      .catch((e: unknown) => {
        const rules = rulesOfConflict(e);
        if (rules) setInUse({ row, purpose: 'delete', rules });
        else if (!confirm && isApiError(e) && e.code === 1002) setWithData(row);
        else fail(e);
      })
      .finally(() => {
        setRemoving(false);
        setDeleting(null);
        if (confirm) setWithData(null);
      });
  };
  const columns: DataColumn<ItemDto, ItemSortKey>[] = [
    { key: 'sku', label: t('items.fields.sku'), sort: 'sku', cell: (row) => row.sku, cellProps: { fontFamily: 'mono' } },
    {
      key: 'image',
      label: t('items.image'),
      cell: (row) => <ItemThumb item={row} onOpen={onImages ? () => onImages(row) : undefined} />,
      cellProps: { py: '1', w: '56px' },
    },
    {
      key: 'name',
      label: t('items.fields.name'),
      sort: 'name',
      cell: (row) =>
        link ? (
          <RouterLink to={link(row)}>
            <Text as="span" color="blue.700" fontWeight="medium">
              {row.name}
            </Text>
          </RouterLink>
        ) : (
          row.name
        ),
    },
    { key: 'customerSku', label: t('items.fields.customer_sku'), sort: 'customer_sku', cell: (row) => row.customer_sku },
    {
      key: 'orderUnit',
      label: t('items.fields.order_unit'),
      cell: (row) => `${format.number(row.quantity_per_order_unit)} ${units.name(row.item_unit, row.quantity_per_order_unit)} / ${units.name(row.order_unit)}`,
    },
    {
      key: 'ordering',
      label: t('items.ordering'),
      cell: (row) =>
        t('items.orderingValue', {
          moq: format.number(row.min_order_quantity),
          mxoq: row.max_order_quantity ? format.number(row.max_order_quantity) : '∞',
          oq: format.number(row.order_quantity),
        }),
    },
    { key: 'leadTime', label: t('items.fields.lead_time_days'), sort: 'lead_time_days', cell: (row) => format.number(row.lead_time_days) },
    {
      key: 'status',
      label: t('lists.status'),
      cell: (row) => (
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette={row.disabled ? 'gray' : 'green'} variant="subtle">
            {t(row.disabled ? 'items.disabled' : 'items.enabled')}
          </Badge>
          {row.paused && row.paused_until ? (
            <Badge colorPalette="orange" variant="subtle">
              {t('items.pausedUntil', { date: format.date(row.paused_until) })}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
    ...(extra ? [{ key: 'extra', label: extra.label, cell: (row: ItemDto) => extra.render(row) }] : []),
  ];
  return (
    <>
      <DataTable
        label={t('items.title')}
        rows={rows ?? []}
        rowKey={(row) => row.id}
        rowTestId={(row) => `item-row-${row.id}`}
        busy={fetching}
        sorting={sorting}
        onSort={onSort}
        columns={columns}
        actionsLabel={actions ? t('lists.actions') : undefined}
        actions={
          actions
            ? (row) => (
                <RowActions<ItemAction>
                  name={row.name}
                  testId={`item-actions-${row.id}`}
                  inactive={row.disabled}
                  toggleLabel={t(row.disabled ? 'items.enable' : 'items.disable')}
                  extra={[
                    ...(onImages ? [{ value: 'images' as const, label: t('items.images'), testId: 'action-images' }] : []),
                    { value: row.paused ? 'unpause' : 'pause', label: t(row.paused ? 'items.unpause' : 'items.pause'), testId: 'action-pause', afterToggle: true },
                  ]}
                  onAction={(action) => act(row, action)}
                />
              )
            : undefined
        }
      />
      {rows && rows.length === 0 ? <EmptyList filtered={filtered} none={t('items.none')} onReset={onReset} testId="item-empty" /> : null}
      {page && page.total > 0 ? <Pager page={page.page} perPage={page.per_page} total={page.total} onPage={onPage} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('items.deleteTitle')}
        text={t('items.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={() => confirmDelete(deleting, false)}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={withData !== null}
        title={t('items.deleteTitle')}
        text={t('images.entityHasImages', { name: withData?.name ?? '' })}
        confirmLabel={t('images.deleteWithImages')}
        busy={removing}
        onConfirm={() => confirmDelete(withData, true)}
        onClose={() => setWithData(null)}
      />
      <ItemRulesDialog
        open={inUse !== null}
        purpose={inUse?.purpose ?? 'disable'}
        name={inUse?.row.name ?? ''}
        rules={inUse?.rules ?? []}
        busy={confirming}
        onConfirm={() => inUse && disableAnyway(inUse.row)}
        onClose={() => setInUse(null)}
      />
    </>
  );
}
