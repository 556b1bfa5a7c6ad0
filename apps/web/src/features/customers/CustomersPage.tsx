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
import { CustomerDialog } from './CustomerDialog';
import {
  type CustomerDto,
  type CustomerListQuery,
  useCustomersQuery,
  useDeleteCustomerMutation,
  useToggleCustomerMutation,
} from './customersApi';

/** /c/{companyID}/customer: the customers, filtered, sorted and paged on the server; inactive ones with show-all. */
export function CustomersPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<NonNullable<CustomerListQuery['sort']>>('name');
  const { data, error, isFetching } = useCustomersQuery({ companyID, ...list.params });
  const [toggle] = useToggleCustomerMutation();
  const [remove, removal] = useDeleteCustomerMutation();
  const [editing, setEditing] = useState<CustomerDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomerDto | null>(null);
  const fail = (e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
  const act = (customer: CustomerDto, action: RowAction) => {
    switch (action) {
      case 'edit':
        setEditing(customer);
        break;
      case 'delete':
        setDeleting(customer);
        break;
      case 'toggle':
        toggle({ companyID, customerID: customer.id, active: customer.inactive })
          .unwrap()
          .then((c) =>
            dispatch(
              snackbarShown({
                message: t(c.inactive ? 'customers.deactivated' : 'customers.activated', { name: c.name }),
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
    remove({ companyID, customerID: deleting.id })
      .unwrap()
      .then(() =>
        dispatch(
          snackbarShown({ message: t('customers.deleted', { name: deleting.name }), variant: 'success' }),
        ),
      )
      .catch(fail)
      .finally(() => setDeleting(null));
  };
  const customers = data?.items ?? [];

  return (
    <ListFrame
      title={t('customers.title')}
      testId="customers-page"
      create={
        canWrite
          ? { label: t('customers.create'), onClick: () => setEditing('new'), testId: 'customer-create' }
          : undefined
      }
      filter={list.filter}
      onFilter={list.setFilter}
      filterLabel={t('customers.filter')}
      filterTestId="customer-filter"
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
                label={t('customers.fields.name')}
                sorting={list.sorting}
                onSort={list.setSorting}
              />
              <SortHeader
                column="nr"
                label={t('customers.fields.nr')}
                sorting={list.sorting}
                onSort={list.setSorting}
              />
              <SortHeader
                column="city"
                label={t('customers.fields.city')}
                sorting={list.sorting}
                onSort={list.setSorting}
              />
              <Table.ColumnHeader>{t('customers.fields.country_iso')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customers.status')}</Table.ColumnHeader>
              {canWrite ? (
                <Table.ColumnHeader textAlign="end">{t('lists.actions')}</Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {customers.map((c) => (
              <Table.Row key={c.id} data-testid={`customer-row-${c.id}`}>
                <Table.Cell>
                  <RouterLink to={`/c/${companyID}/customer/${c.id}/`}>
                    <Text as="span" color="blue.700" fontWeight="medium">
                      {c.name}
                    </Text>
                  </RouterLink>
                </Table.Cell>
                <Table.Cell>{c.nr}</Table.Cell>
                <Table.Cell>{[c.postal, c.city].filter(Boolean).join(' ')}</Table.Cell>
                <Table.Cell>{c.country_iso}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={c.inactive ? 'gray' : 'green'} variant="subtle">
                    {t(c.inactive ? 'lists.inactive' : 'lists.active')}
                  </Badge>
                </Table.Cell>
                {canWrite ? (
                  <Table.Cell textAlign="end">
                    <RowActions
                      name={c.name}
                      inactive={c.inactive}
                      onAction={(action) => act(c, action)}
                      testId={`customer-actions-${c.id}`}
                    />
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {data && customers.length === 0 ? (
        <Text color="gray.600">{t(list.filtered ? 'lists.noMatch' : 'customers.none')}</Text>
      ) : null}
      {data ? (
        <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} />
      ) : null}
      {editing ? (
        <CustomerDialog
          companyID={companyID}
          customer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('customers.deleteTitle')}
        text={t('customers.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={removal.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListFrame>
  );
}
