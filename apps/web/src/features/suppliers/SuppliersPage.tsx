import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityList } from '../lists/EntityList';
import { ListFrame } from '../lists/ListFrame';
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
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<NonNullable<SupplierListQuery['sort']>>('name');
  const { data, error, isFetching } = useSuppliersQuery({ companyID, ...list.params });
  const [toggle] = useToggleSupplierMutation();
  const [remove] = useDeleteSupplierMutation();
  const [editing, setEditing] = useState<SupplierDto | 'new' | null>(null);
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
      <EntityList
        kind="supplier"
        rows={data?.items}
        page={data}
        onPage={list.setPage}
        fetching={isFetching}
        sorting={list.sorting}
        onSort={list.setSorting}
        nameLabel={t('suppliers.fields.name')}
        link={(s) => `/c/${companyID}/supplier/${s.id}/`}
        columns={[
          { label: t('suppliers.fields.nr'), sort: 'nr', render: (s) => s.nr },
          {
            label: t('suppliers.fields.city'),
            sort: 'city',
            render: (s) => [s.postal, s.city].filter(Boolean).join(' '),
          },
          { label: t('suppliers.fields.ext_nr'), render: (s) => s.ext_nr },
        ]}
        isActive={(s) => s.active}
        actions={
          canWrite
            ? {
                edit: setEditing,
                setActive: (s, active) => toggle({ companyID, supplierID: s.id, active }).unwrap(),
                remove: (s, options) =>
                  remove({ companyID, supplierID: s.id, confirm: options?.confirm }).unwrap(),
              }
            : undefined
        }
        texts={{
          activated: (name) => t('suppliers.activated', { name }),
          deactivated: (name) => t('suppliers.deactivated', { name }),
          deleted: (name) => t('suppliers.deleted', { name }),
          deleteTitle: t('suppliers.deleteTitle'),
          deleteText: (name) => t('suppliers.deleteText', { name }),
          none: t('suppliers.none'),
        }}
        filtered={list.filtered}
      />
      {editing ? (
        <SupplierDialog
          companyID={companyID}
          supplier={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListFrame>
  );
}
