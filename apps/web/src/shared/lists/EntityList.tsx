import { Badge, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText, isApiError } from '../api/apiError';
import { useAppDispatch } from '../hooks';
import { snackbarShown } from '../layout/layoutSlice';
import { ConfirmDialog } from './ConfirmDialog';
import { EmptyList } from './EmptyList';
import { DataTable, type DataColumn } from './DataTable';
import { Pager, type Sorting } from './ListControls';
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

/** The name column of master data: sorted by `name`, a link to the record's page. */
export function nameColumn<T extends ListedEntity>(label: string, link: (row: T) => string): Column<T, 'name'> {
  return {
    label,
    sort: 'name',
    render: (row) => (
      <RouterLink to={link(row)}>
        <Text as="span" color="blue.700" fontWeight="medium">
          {row.name}
        </Text>
      </RouterLink>
    ),
  };
}

export interface EntityListActions<T> {
  edit: (row: T) => void;
  /** sets the active state and answers the record as it is now (lists with a status only) */
  setActive?: (row: T, active: boolean) => Promise<T>;
  /** `confirm`: the caller agreed to lose the record's own data (images) after a 1002 answer */
  remove: (row: T, options?: { confirm?: boolean }) => Promise<unknown>;
}

/** The list's own texts (translated by the caller). */
export interface EntityListTexts {
  deleted: (name: string) => string;
  deleteTitle: string;
  deleteText: (name: string) => string;
  none: string;
  /** the table's name for assistive technology (default: "List") */
  label?: string;
  /** what a list emptied by its filters says (default: "Nothing matches these filters.") */
  noMatch?: string;
}

/** The active state of records that have one, and the messages after (de)activating (translated by the caller). */
export interface EntityStatus<T> {
  isActive: (row: T) => boolean;
  activated: (name: string) => string;
  deactivated: (name: string) => string;
}

export interface EntityListProps<T extends { id: number }, K extends string> {
  /** test id stem: rows are `${kind}-row-${id}`, action buttons `${kind}-actions-${id}` */
  kind: string;
  rows: T[] | undefined;
  page?: { page: number; per_page: number; total: number };
  onPage: (page: number) => void;
  fetching: boolean;
  sorting: Sorting<K>;
  onSort: (sorting: Sorting<K>) => void;
  columns: Column<T, K>[];
  /** the row's name in messages (default: its `name`) */
  nameOf?: (row: T) => string;
  /** records with an active state: a status column, and (de)activate among the row actions */
  status?: EntityStatus<T>;
  /** row actions for users who may write; none for readers */
  actions?: EntityListActions<T>;
  texts: EntityListTexts;
  /** the text of a failed call (default: the catalogue text, else the server message) */
  failureText?: (error: unknown, t: (key: string) => string) => string;
  /** a 1002 answer to a delete (the record holds images) asks once more and deletes with `confirm` */
  confirmWithImages?: boolean;
  filtered: boolean;
  /** clears the filters and the search: offered when they emptied the list */
  onReset?: () => void;
}

function defaultName(row: { id: number }): string {
  return (row as Partial<ListedEntity>).name ?? `#${row.id}`;
}

/**
 * A server-side list table: sortable columns, an optional status badge, row actions (edit, (de)activate,
 * delete after asking), pages. Master data (customers, suppliers, locations) and the settings tables share it.
 */
export function EntityList<T extends { id: number }, K extends string>({
  kind,
  rows,
  page,
  onPage,
  fetching,
  sorting,
  onSort,
  columns,
  nameOf = defaultName,
  status,
  actions,
  texts,
  failureText = errorText,
  confirmWithImages = false,
  filtered,
  onReset,
}: EntityListProps<T, K>) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [deleting, setDeleting] = useState<T | null>(null);
  /** the record the server refused to delete with 1002 (it holds images): asked once more */
  const [withData, setWithData] = useState<T | null>(null);
  const [removing, setRemoving] = useState(false);
  const done = (message: string) => dispatch(snackbarShown({ message, variant: 'success' }));
  const fail = (e: unknown) => dispatch(snackbarShown({ message: failureText(e, t), variant: 'error' }));
  const setActive = status ? actions?.setActive : undefined;
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
        if (!status || !setActive) break;
        setActive(row, !status.isActive(row))
          .then((now) => done(status.isActive(now) ? status.activated(nameOf(now)) : status.deactivated(nameOf(now))))
          .catch(fail);
        break;
    }
  };
  const confirmDelete = (row: T | null, confirm: boolean) => {
    if (!actions || !row) return;
    setRemoving(true);
    actions
      .remove(row, confirm ? { confirm: true } : undefined)
      .then(() => done(texts.deleted(nameOf(row))))
      .catch((e: unknown) =>
        confirmWithImages && !confirm && isApiError(e) && e.code === 1002 ? setWithData(row) : fail(e),
      )
      .finally(() => {
        setRemoving(false);
        setDeleting(null);
        if (confirm) setWithData(null);
      });
  };

  const empty = rows !== undefined && rows.length === 0;
  return (
    <>
      {/* an empty list shows its reason instead of a table of headers */}
      {empty ? null : (
        <DataTable
          label={texts.label ?? t('lists.table')}
          rows={rows ?? []}
          rowKey={(row) => row.id}
          rowTestId={(row) => `${kind}-row-${row.id}`}
          busy={fetching}
          sorting={sorting}
          onSort={onSort}
          columns={[
            ...columns.map((c): DataColumn<T, K> => ({ key: c.label, label: c.label, sort: c.sort, cell: c.render })),
            ...(status
              ? [
                  {
                    key: 'status',
                    label: t('lists.status'),
                    cell: (row: T) => (
                      <Badge colorPalette={status.isActive(row) ? 'green' : 'gray'} variant="subtle">
                        {t(status.isActive(row) ? 'lists.active' : 'lists.inactive')}
                      </Badge>
                    ),
                  },
                ]
              : []),
          ]}
          actionsLabel={actions ? t('lists.actions') : undefined}
          actions={
            actions
              ? (row) => (
                  <RowActions
                    name={nameOf(row)}
                    inactive={status && setActive ? !status.isActive(row) : undefined}
                    onAction={(action) => act(row, action)}
                    testId={`${kind}-actions-${row.id}`}
                  />
                )
              : undefined
          }
        />
      )}
      {empty ? (
        <EmptyList filtered={filtered} none={texts.none} noMatch={texts.noMatch} onReset={onReset} testId={`${kind}-empty`} />
      ) : null}
      {page && page.total > 0 ? <Pager page={page.page} perPage={page.per_page} total={page.total} onPage={onPage} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={texts.deleteTitle}
        text={texts.deleteText(deleting ? nameOf(deleting) : '')}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={() => confirmDelete(deleting, false)}
        onClose={() => setDeleting(null)}
      />
      {confirmWithImages ? (
        <ConfirmDialog
          open={withData !== null}
          title={texts.deleteTitle}
          text={t('images.entityHasImages', { name: withData ? nameOf(withData) : '' })}
          confirmLabel={t('images.deleteWithImages')}
          busy={removing}
          onConfirm={() => confirmDelete(withData, true)}
          onClose={() => setWithData(null)}
        />
      ) : null}
    </>
  );
}
