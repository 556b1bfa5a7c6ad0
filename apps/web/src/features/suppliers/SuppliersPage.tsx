import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText } from '../../app/apiError';
import { useAppDispatch } from '../../app/store';
import { snackbarShown } from '../layout/layoutSlice';
import { ConfirmDialog } from '../lists/ConfirmDialog';
import { Pager, SortHeader } from '../lists/ListControls';
import { ListFrame } from '../lists/ListFrame';
import { type RowAction, RowActions } from '../lists/RowActions';
import { useServerList } from '../lists/useServerList';
import { useViewer } from '../session/useViewer';
import { SupplierDialog } from './SupplierDialog';
import {
  type SupplierDto,
  type SupplierListQuery,
  useDeleteSupplierMutation,
  useSuppliersQuery,
  useToggleSupplierMutation,
} from './suppliersApi';

/** /c/{companyID}/supplier: the suppliers, filtered, sorted and paged on the server; inactive ones with show-all. */
export function SuppliersPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<NonNullable<SupplierListQuery['sort']>>('name');
  const { data, error, isFetching } = useSuppliersQuery({ companyID, ...list.params });
  const [toggle] = useToggleSupplierMutation();
  const [remove, removal] = useDeleteSupplierMutation();
  const [editing, setEditing] = useState<SupplierDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SupplierDto | null>(null);
  const fail = (e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
  const act = (supplier: SupplierDto, action: RowAction) => {
    switch (action) {
      case 'edit':
        setEditing(supplier);
        break;
      case 'delete':
        setDeleting(supplier);
        break;
      case 'toggle':
        toggle({ companyID, supplierID: supplier.id, active: !supplier.active })
          .unwrap()
          .then((s) =>
            dispatch(
              snackbarShown({
                message: t(s.active ? 'suppliers.activated' : 'suppliers.deactivated', { name: s.name }),
                variant: 'success',
              }),
            ),
          )
          .catch(fail);
        break;
    }
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove({ companyID, supplierID: deleting.id })
      .unwrap()
      .then(() =>
        dispatch(
          snackbarShown({ message: t('suppliers.deleted', { name: deleting.name }), variant: 'success' }),
        ),
      )
      .catch(fail)
      .finally(() => setDeleting(null));
  };
  const suppliers = data?.items ?? [];

  return (
    <ListFrame
      title={t('suppliers.title')}
      testId="suppliers-page"
      create={
        canWrite
          ? { label: t('suppliers.create'), onClick: () => setEditing('new'), testId: 'supplier-create' }
          : undefined
      }
      filter={list.filter}
      onFilter={list.setFilter}
      filterLabel={t('suppliers.filter')}
      filterTestId="supplier-filter"
      all={list.all}
      onAll={list.setAll}
      error={error}
    >
      <Box overflowX="auto">
        <Table.Root size="sm" interactive aria-busy={isFetching}>
          <Table.Header>
            <Table.Row>
              <SortHeader
                column="name"
                label={t('suppliers.fields.name')}
                sorting={list.sorting}
                onSort={list.setSorting}
              />
              <SortHeader
                column="nr"
                label={t('suppliers.fields.nr')}
                sorting={list.sorting}
                onSort={list.setSorting}
              />
              <SortHeader
                column="city"
                label={t('suppliers.fields.city')}
                sorting={list.sorting}
                onSort={list.setSorting}
              />
              <Table.ColumnHeader>{t('suppliers.fields.ext_nr')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customers.status')}</Table.ColumnHeader>
              {canWrite ? (
                <Table.ColumnHeader textAlign="end">{t('lists.actions')}</Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {suppliers.map((s) => (
              <Table.Row key={s.id} data-testid={`supplier-row-${s.id}`}>
                <Table.Cell>
                  <RouterLink to={`/c/${companyID}/supplier/${s.id}/`}>
                    <Text as="span" color="blue.700" fontWeight="medium">
                      {s.name}
                    </Text>
                  </RouterLink>
                </Table.Cell>
                <Table.Cell>{s.nr}</Table.Cell>
                <Table.Cell>{[s.postal, s.city].filter(Boolean).join(' ')}</Table.Cell>
                <Table.Cell>{s.ext_nr}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={s.active ? 'green' : 'gray'} variant="subtle">
                    {t(s.active ? 'lists.active' : 'lists.inactive')}
                  </Badge>
                </Table.Cell>
                {canWrite ? (
                  <Table.Cell textAlign="end">
                    <RowActions
                      name={s.name}
                      inactive={!s.active}
                      onAction={(action) => act(s, action)}
                      testId={`supplier-actions-${s.id}`}
                    />
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {data && suppliers.length === 0 ? (
        <Text color="gray.600">{t(list.filtered ? 'lists.noMatch' : 'suppliers.none')}</Text>
      ) : null}
      {data ? (
        <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} />
      ) : null}
      {editing ? (
        <SupplierDialog
          companyID={companyID}
          supplier={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('suppliers.deleteTitle')}
        text={t('suppliers.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={removal.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListFrame>
  );
}
