import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityList } from '../lists/EntityList';
import { ListFrame } from '../lists/ListFrame';
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
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<NonNullable<CustomerListQuery['sort']>>('name');
  const { data, error, isFetching } = useCustomersQuery({ companyID, ...list.params });
  const [toggle] = useToggleCustomerMutation();
  const [remove] = useDeleteCustomerMutation();
  const [editing, setEditing] = useState<CustomerDto | 'new' | null>(null);
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
      <EntityList
        kind="customer"
        rows={data?.items}
        page={data}
        onPage={list.setPage}
        fetching={isFetching}
        sorting={list.sorting}
        onSort={list.setSorting}
        nameLabel={t('customers.fields.name')}
        link={(c) => `/c/${companyID}/customer/${c.id}/`}
        columns={[
          { label: t('customers.fields.nr'), sort: 'nr', render: (c) => c.nr },
          {
            label: t('customers.fields.city'),
            sort: 'city',
            render: (c) => [c.postal, c.city].filter(Boolean).join(' '),
          },
          { label: t('customers.fields.country_iso'), render: (c) => c.country_iso },
        ]}
        isActive={(c) => !c.inactive}
        actions={
          canWrite
            ? {
                edit: setEditing,
                setActive: (c, active) => toggle({ companyID, customerID: c.id, active }).unwrap(),
                remove: (c, options) =>
                  remove({ companyID, customerID: c.id, confirm: options?.confirm }).unwrap(),
              }
            : undefined
        }
        texts={{
          activated: (name) => t('customers.activated', { name }),
          deactivated: (name) => t('customers.deactivated', { name }),
          deleted: (name) => t('customers.deleted', { name }),
          deleteTitle: t('customers.deleteTitle'),
          deleteText: (name) => t('customers.deleteText', { name }),
          none: t('customers.none'),
        }}
        filtered={list.filtered}
      />
      {editing ? (
        <CustomerDialog
          companyID={companyID}
          customer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListFrame>
  );
}
