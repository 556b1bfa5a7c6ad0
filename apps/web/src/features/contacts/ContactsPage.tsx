import { Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { CustomerHeader, SupplierHeader } from '../headers';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { EmptyList } from '../../shared/lists/EmptyList';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { Pager } from '../../shared/lists/ListControls';
import { ListFrame } from '../../shared/lists/ListFrame';
import { RowActions } from '../../shared/lists/RowActions';
import { useServerList } from '../../shared/lists/useServerList';
import { useViewer } from '../../shared/session/useViewer';
import { ContactDialog } from './ContactDialog';
import {
  type ContactDto,
  type ContactListQuery,
  type ContactOwner,
  useContactsQuery,
  useDeleteContactMutation,
} from './contactsApi';
import { MainStar } from './MainStar';
import { useContactOwner } from './useContactOwner';

type Sort = NonNullable<ContactListQuery['sort']>;

export function fullName(contact: Pick<ContactDto, 'first_name' | 'name'>): string {
  return [contact.first_name, contact.name].filter(Boolean).join(' ');
}

/** The customer's or supplier's header above its contact pages. */
export function OwnerHeader({ owner }: { owner: ContactOwner }) {
  return owner.kind === 'customer' ? (
    <CustomerHeader companyID={owner.companyID} customerID={owner.id} />
  ) : (
    <SupplierHeader companyID={owner.companyID} supplierID={owner.id} />
  );
}

/** .../customer/{customerID}/contacts and .../supplier/{supplierID}/contacts: filtered, sorted, paged on the server. */
export function ContactsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const owner = useContactOwner();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<Sort>('name');
  const { all: _all, ...params } = list.params;
  const { data, error, isFetching } = useContactsQuery({ owner, ...params });
  const [remove] = useDeleteContactMutation();
  const [editing, setEditing] = useState<ContactDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const [removing, setRemoving] = useState(false);
  const confirmDelete = () => {
    if (!deleting) return;
    setRemoving(true);
    remove({ owner, contactID: deleting.id })
      .unwrap()
      .then(() =>
        dispatch(
          snackbarShown({ message: t('contacts.deleted', { name: fullName(deleting) }), variant: 'success' }),
        ),
      )
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => {
        setRemoving(false);
        setDeleting(null);
      });
  };
  const link = (c: ContactDto) => `/c/${owner.companyID}/${owner.kind}/${owner.id}/contacts/${c.id}`;
  const columns: DataColumn<ContactDto, Sort>[] = [
    {
      key: 'name',
      label: t('contacts.fields.name'),
      sort: 'name',
      cell: (c) => (
        <RouterLink to={link(c)}>
          <Text as="span" color="blue.700" fontWeight="medium">
            {c.name}
          </Text>
        </RouterLink>
      ),
    },
    { key: 'main', label: t('contacts.main'), cell: (c) => <MainStar owner={owner} contact={c} canWrite={canWrite} />, cellProps: { width: '1%' } },
    { key: 'first_name', label: t('contacts.fields.first_name'), sort: 'first_name', cell: (c) => c.first_name },
    { key: 'job_title', label: t('contacts.fields.job_title'), sort: 'job_title', cell: (c) => c.job_title },
    { key: 'email', label: t('contacts.fields.email'), sort: 'email', cell: (c) => c.email },
    { key: 'phone', label: t('contacts.phone'), cell: (c) => c.tel_office || c.tel_mobile },
  ];
  return (
    <Stack gap="4">
      <OwnerHeader owner={owner} />
      <ListFrame
        title={t('contacts.title')}
        testId="contacts-page"
        create={
          canWrite
            ? { label: t('contacts.create'), onClick: () => setEditing('new'), testId: 'contact-create' }
            : undefined
        }
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('contacts.filter')}
        filterTestId="contact-filter"
        error={error}
      >
        <DataTable
          label={t('contacts.title')}
          rows={data?.items ?? []}
          rowKey={(c) => c.id}
          rowTestId={(c) => `contact-row-${c.id}`}
          busy={isFetching}
          sorting={list.sorting}
          onSort={list.setSorting}
          columns={columns}
          actionsLabel={canWrite ? t('lists.actions') : undefined}
          actions={
            canWrite
              ? (c) => (
                  <RowActions
                    name={fullName(c)}
                    testId={`contact-actions-${c.id}`}
                    onAction={(action) => (action === 'edit' ? setEditing(c) : setDeleting(c))}
                  />
                )
              : undefined
          }
        />
        {data && data.items.length === 0 ? (
          <EmptyList filtered={list.filtered} none={t('contacts.none')} onReset={list.reset} testId="contact-empty" />
        ) : null}
        {data && data.total > 0 ? (
          <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} />
        ) : null}
      </ListFrame>
      <ConfirmDialog
        open={deleting !== null}
        title={t('contacts.deleteTitle')}
        text={t('contacts.deleteText', { name: deleting ? fullName(deleting) : '' })}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      {editing ? (
        <ContactDialog
          owner={owner}
          contact={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
