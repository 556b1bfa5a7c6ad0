import { Box, IconButton, Menu, Portal, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store';
import { snackbarShown } from '../layout/layoutSlice';
import { ConfirmDialog } from '../lists/ConfirmDialog';
import { Pager, SortHeader, type Sorting } from '../lists/ListControls';
import { Icon } from '../menus/icons';
import { translatedError } from './translatedError';

export interface SettingsColumn<T, K extends string> {
  label: string;
  sort?: K;
  render: (row: T) => ReactNode;
}

interface Props<T extends { id: number }, K extends string> {
  /** test id stem: rows are `${kind}-row-${id}`, action buttons `${kind}-actions-${id}` */
  kind: string;
  rows: T[] | undefined;
  page?: { page: number; per_page: number; total: number };
  onPage: (page: number) => void;
  fetching: boolean;
  sorting: Sorting<K>;
  onSort: (sorting: Sorting<K>) => void;
  columns: SettingsColumn<T, K>[];
  /** the row's name in messages */
  nameOf: (row: T) => string;
  /** edit and delete for users who may write; none for readers */
  actions?: { edit: (row: T) => void; remove: (row: T) => Promise<unknown> };
  texts: { deleted: (name: string) => string; deleteTitle: string; deleteText: (name: string) => string; none: string };
  filtered: boolean;
}

/** A settings table: sortable columns, edit and delete (after asking) per row, pages. */
export function SettingsTable<T extends { id: number }, K extends string>({
  kind,
  rows,
  page,
  onPage,
  fetching,
  sorting,
  onSort,
  columns,
  nameOf,
  actions,
  texts,
  filtered,
}: Props<T, K>) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [removing, setRemoving] = useState(false);
  const confirmDelete = () => {
    if (!actions || !deleting) return;
    const name = nameOf(deleting);
    setRemoving(true);
    actions
      .remove(deleting)
      .then(() => dispatch(snackbarShown({ message: texts.deleted(name), variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: translatedError(e, t), variant: 'error' })))
      .finally(() => {
        setRemoving(false);
        setDeleting(null);
      });
  };
  return (
    <>
      <Box overflowX="auto">
        <Table.Root size="sm" interactive aria-busy={fetching}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) =>
                c.sort ? (
                  <SortHeader key={c.label} column={c.sort} label={c.label} sorting={sorting} onSort={onSort} />
                ) : (
                  <Table.ColumnHeader key={c.label}>{c.label}</Table.ColumnHeader>
                ),
              )}
              {actions ? <Table.ColumnHeader textAlign="end">{t('lists.actions')}</Table.ColumnHeader> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(rows ?? []).map((row) => (
              <Table.Row key={row.id} data-testid={`${kind}-row-${row.id}`}>
                {columns.map((c) => (
                  <Table.Cell key={c.label}>{c.render(row)}</Table.Cell>
                ))}
                {actions ? (
                  <Table.Cell textAlign="end">
                    <Menu.Root
                      onSelect={(d) => (d.value === 'edit' ? actions.edit(row) : setDeleting(row))}
                    >
                      <Menu.Trigger asChild>
                        <IconButton
                          variant="ghost"
                          size="xs"
                          aria-label={t('lists.actionsFor', { name: nameOf(row) })}
                          data-testid={`${kind}-actions-${row.id}`}
                        >
                          <Icon name="dots" />
                        </IconButton>
                      </Menu.Trigger>
                      <Portal>
                        <Menu.Positioner>
                          <Menu.Content>
                            <Menu.Item value="edit" data-testid="action-edit">
                              {t('lists.edit')}
                            </Menu.Item>
                            <Menu.Item value="delete" color="fg.error" data-testid="action-delete">
                              {t('lists.delete')}
                            </Menu.Item>
                          </Menu.Content>
                        </Menu.Positioner>
                      </Portal>
                    </Menu.Root>
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
        text={texts.deleteText(deleting ? nameOf(deleting) : '')}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
