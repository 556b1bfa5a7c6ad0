import { AccessGroup, hasRole } from '@kanban/access';
import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { FormDialog } from '../../shared/forms/FormDialog';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { isValid, required } from '../../shared/forms/validation';
import { SupplierHeader } from '../headers';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { ListFrame } from '../../shared/lists/ListFrame';
import { RowActions } from '../../shared/lists/RowActions';
import { EmptyList } from '../../shared/lists/EmptyList';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { Pager } from '../../shared/lists/ListControls';
import { useServerList } from '../../shared/lists/useServerList';
import { useViewer } from '../../shared/session/useViewer';
import { type CatalogDto, type CatalogSortKey, useCatalogsQuery, useCreateCatalogMutation, useDeleteCatalogMutation, useUpdateCatalogMutation } from './itemsApi';

const FIELDS = ['name', 'contract_name', 'ext_system_id', 'description'] as const;
type CatalogField = (typeof FIELDS)[number];

function CatalogDialog({ companyID, supplierID, catalog, onClose }: { companyID: number; supplierID: number; catalog: CatalogDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [create] = useCreateCatalogMutation();
  const [update] = useUpdateCatalogMutation();
  const [initial] = useState(() => Object.fromEntries(FIELDS.map((f) => [f, catalog?.[f] ?? ''])) as Record<CatalogField, string>);
  const form = useForm<CatalogField>(initial);
  const errors = { name: required(form.values.name) };
  const submit = () =>
    form.submit(async () => {
      const body = Object.fromEntries(FIELDS.map((f) => [f, form.values[f].trim()]));
      if (catalog) await update({ companyID, supplierID, catalogID: catalog.id, body }).unwrap();
      else await create({ companyID, supplierID, body }).unwrap();
      dispatch(snackbarShown({ message: t('catalogs.saved'), variant: 'success' }));
      onClose();
    });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={catalog ? t('catalogs.edit') : t('catalogs.create')}
      testId="catalog-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField {...form.field('name')} label={t('catalogs.fields.name')} error={errors.name} required />
      <TextField {...form.field('contract_name')} label={t('catalogs.fields.contract_name')} />
      <TextField {...form.field('ext_system_id')} label={t('catalogs.fields.ext_system_id')} />
      <TextField {...form.field('description')} label={t('catalogs.fields.description')} multiline />
    </FormDialog>
  );
}

/** /c/{companyID}/supplier/{supplierID}/catalog: the supplier's catalogs; create, edit, delete (refused while items use it). */
export function CatalogsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const params = useParams();
  const companyID = Number(params.companyID);
  const supplierID = Number(params.supplierID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<CatalogSortKey>('name');
  const { all: _all, ...query } = list.params;
  const { data, error, isFetching } = useCatalogsQuery({ companyID, supplierID, ...query });
  const [remove, removal] = useDeleteCatalogMutation();
  const [editing, setEditing] = useState<CatalogDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CatalogDto | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    remove({ companyID, supplierID, catalogID: deleting.id })
      .unwrap()
      .then(() => dispatch(snackbarShown({ message: t('catalogs.deleted', { name: deleting.name }), variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setDeleting(null));
  };
  const columns: DataColumn<CatalogDto, CatalogSortKey>[] = [
    { key: 'name', label: t('catalogs.fields.name'), sort: 'name', cell: (c) => c.name, cellProps: { fontWeight: 'medium' } },
    { key: 'contract_name', label: t('catalogs.fields.contract_name'), sort: 'contract_name', cell: (c) => c.contract_name },
    { key: 'ext_system_id', label: t('catalogs.fields.ext_system_id'), sort: 'ext_system_id', cell: (c) => c.ext_system_id },
    { key: 'description', label: t('catalogs.fields.description'), cell: (c) => c.description },
  ];
  return (
    <Stack gap="4">
      <SupplierHeader companyID={companyID} supplierID={supplierID} />
      <ListFrame
        title={t('catalogs.title')}
        testId="catalogs-page"
        create={canWrite ? { label: t('catalogs.create'), onClick: () => setEditing('new'), testId: 'catalog-create' } : undefined}
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('catalogs.filter')}
        filterTestId="catalog-filter"
        error={error}
      >
        <DataTable
          label={t('catalogs.title')}
          rows={data?.items ?? []}
          rowKey={(c) => c.id}
          rowTestId={(c) => `catalog-row-${c.id}`}
          busy={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          columns={columns}
          actionsLabel={canWrite ? t('lists.actions') : undefined}
          actions={
            canWrite
              ? (c) => (
                  <RowActions
                    name={c.name}
                    testId={`catalog-actions-${c.id}`}
                    onAction={(action) => (action === 'edit' ? setEditing(c) : setDeleting(c))}
                  />
                )
              : undefined
          }
        />
        {data && data.items.length === 0 ? <EmptyList filtered={list.filtered} none={t('catalogs.none')} onReset={list.reset} testId="catalog-empty" /> : null}
        {data && data.total > 0 ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} /> : null}
      </ListFrame>
      {editing ? <CatalogDialog companyID={companyID} supplierID={supplierID} catalog={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('catalogs.deleteTitle')}
        text={t('catalogs.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={removal.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
