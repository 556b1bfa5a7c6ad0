import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText, isApiError } from '../../app/apiError';
import { useAppDispatch } from '../../app/store';
import { snackbarShown } from '../layout/layoutSlice';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager, SortHeader, type Sorting } from './ListControls';
import { type RowAction, RowActions } from './RowActions';

export interface ListedEntity {
  id: number;
  name: string;
}

export interface Column<T, K extends string> {
  label: string;
  /** the server's sort key, when the column sorts */
  sort?: K;
  render: (row: T) => ReactNode;
}

interface Props<T extends ListedEntity, K extends string> {
  /** test id stem: rows are `${kind}-row-${id}`, action buttons `${kind}-actions-${id}` */
  kind: string;
  rows: T[] | undefined;
  page?: { page: number; per_page: number; total: number };
  onPage: (page: number) => void;
  fetching: boolean;
  sorting: Sorting<K>;
  onSort: (sorting: Sorting<K>) => void;
  /** the name column links to the entity's page */
  nameLabel: string;
  link: (row: T) => string;
  columns: Column<T, K>[];
  isActive: (row: T) => boolean;
  /** row actions for users who may write; none for readers */
  actions?: {
    edit: (row: T) => void;
    /** sets the active state and answers the entity as it is now */
    setActive: (row: T, active: boolean) => Promise<T>;
    /** `confirm`: the caller agreed to lose the entity's own data (images) after a 1002 answer */
    remove: (row: T, options?: { confirm?: boolean }) => Promise<unknown>;
  };
  /** the entity's own texts (translated by the caller) */
  texts: {
    activated: (name: string) => string;
    deactivated: (name: string) => string;
    deleted: (name: string) => string;
    deleteTitle: string;
    deleteText: (name: string) => string;
    none: string;
  };
  filtered: boolean;
}

/** A master-data table: sortable columns, status badge, row actions (edit, (de)activate, delete after asking), pages. */
export function EntityList<T extends ListedEntity, K extends string>({
  kind,
  rows,
  page,
  onPage,
  fetching,
  sorting,
  onSort,
  nameLabel,
  link,
  columns,
  isActive,
  actions,
  texts,
  filtered,
}: Props<T, K>) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [deleting, setDeleting] = useState<T | null>(null);
  /** the entity the server refused to delete with 1002 (it holds images): asked once more */
  const [withData, setWithData] = useState<T | null>(null);
  const [removing, setRemoving] = useState(false);
  const done = (message: string) => dispatch(snackbarShown({ message, variant: 'success' }));
  const fail = (e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
  const act = (row: T, action: RowAction) => {
    if (!actions) return;
    switch (action) {
      case 'edit':
        actions.edit(row);
        break;
      case 'delete':
        setDeleting(row);
        break;
      case 'toggle':
        actions
          .setActive(row, !isActive(row))
          .then((now) => done(isActive(now) ? texts.activated(now.name) : texts.deactivated(now.name)))
          .catch(fail);
        break;
    }
  };
  const confirmDelete = (row: T | null, confirm: boolean) => {
    if (!actions || !row) return;
    setRemoving(true);
    actions
      .remove(row, confirm ? { confirm: true } : undefined)
      .then(() => done(texts.deleted(row.name)))
      .catch((e: unknown) => (!confirm && isApiError(e) && e.code === 1002 ? setWithData(row) : fail(e)))
      .finally(() => {
        setRemoving(false);
        setDeleting(null);
        if (confirm) setWithData(null);
      });
  };
  const header = (label: string, sort: K | undefined) =>
    sort ? (
      <SortHeader key={label} column={sort} label={label} sorting={sorting} onSort={onSort} />
    ) : (
      <Table.ColumnHeader key={label}>{label}</Table.ColumnHeader>
    );

  return (
    <>
      <Box overflowX="auto">
        <Table.Root size="sm" interactive aria-busy={fetching}>
          <Table.Header>
            <Table.Row>
              {header(nameLabel, 'name' as K)}
              {columns.map((c) => header(c.label, c.sort))}
              <Table.ColumnHeader>{t('lists.status')}</Table.ColumnHeader>
              {actions ? <Table.ColumnHeader textAlign="end">{t('lists.actions')}</Table.ColumnHeader> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(rows ?? []).map((row) => (
              <Table.Row key={row.id} data-testid={`${kind}-row-${row.id}`}>
                <Table.Cell>
                  <RouterLink to={link(row)}>
                    <Text as="span" color="blue.700" fontWeight="medium">
                      {row.name}
                    </Text>
                  </RouterLink>
                </Table.Cell>
                {columns.map((c) => (
                  <Table.Cell key={c.label}>{c.render(row)}</Table.Cell>
                ))}
                <Table.Cell>
                  <Badge colorPalette={isActive(row) ? 'green' : 'gray'} variant="subtle">
                    {t(isActive(row) ? 'lists.active' : 'lists.inactive')}
                  </Badge>
                </Table.Cell>
                {actions ? (
                  <Table.Cell textAlign="end">
                    <RowActions
                      name={row.name}
                      inactive={!isActive(row)}
                      onAction={(action) => act(row, action)}
                      testId={`${kind}-actions-${row.id}`}
                    />
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {rows && rows.length === 0 ? (
        <Text color="gray.600">{filtered ? t('lists.noMatch') : texts.none}</Text>
      ) : null}
      {page ? <Pager page={page.page} perPage={page.per_page} total={page.total} onPage={onPage} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={texts.deleteTitle}
        text={texts.deleteText(deleting?.name ?? '')}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={() => confirmDelete(deleting, false)}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={withData !== null}
        title={texts.deleteTitle}
        text={t('images.entityHasImages', { name: withData?.name ?? '' })}
        confirmLabel={t('images.deleteWithImages')}
        busy={removing}
        onConfirm={() => confirmDelete(withData, true)}
        onClose={() => setWithData(null)}
      />
    </>
  );
}
