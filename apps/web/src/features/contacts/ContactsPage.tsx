import { Box, Menu, IconButton, Portal, Stack, Table, Text } from '@chakra-ui/react';
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
import { Pager, SortHeader } from '../../shared/lists/ListControls';
import { ListFrame } from '../../shared/lists/ListFrame';
import { useServerList } from '../../shared/lists/useServerList';
import { Icon } from '../../shared/icons';
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
  const sortHeader = (column: Sort, label: string) => (
    <SortHeader column={column} label={label} sorting={list.sorting} onSort={list.setSorting} />
  );
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
        <Box overflowX="auto">
          <Table.Root size="sm" interactive aria-busy={isFetching}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader width="1%">{t('contacts.main')}</Table.ColumnHeader>
                {sortHeader('name', t('contacts.fields.name'))}
                {sortHeader('first_name', t('contacts.fields.first_name'))}
                {sortHeader('job_title', t('contacts.fields.job_title'))}
                {sortHeader('email', t('contacts.fields.email'))}
                <Table.ColumnHeader>{t('contacts.phone')}</Table.ColumnHeader>
                {canWrite ? (
                  <Table.ColumnHeader textAlign="end">{t('lists.actions')}</Table.ColumnHeader>
                ) : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(data?.items ?? []).map((c) => (
                <Table.Row key={c.id} data-testid={`contact-row-${c.id}`}>
                  <Table.Cell>
                    <MainStar owner={owner} contact={c} canWrite={canWrite} />
                  </Table.Cell>
                  <Table.Cell>
                    <RouterLink to={link(c)}>
                      <Text as="span" color="blue.700" fontWeight="medium">
                        {c.name}
                      </Text>
                    </RouterLink>
                  </Table.Cell>
                  <Table.Cell>{c.first_name}</Table.Cell>
                  <Table.Cell>{c.job_title}</Table.Cell>
                  <Table.Cell>{c.email}</Table.Cell>
                  <Table.Cell>{c.tel_office || c.tel_mobile}</Table.Cell>
                  {canWrite ? (
                    <Table.Cell textAlign="end">
                      <Menu.Root onSelect={(d) => (d.value === 'edit' ? setEditing(c) : setDeleting(c))}>
                        <Menu.Trigger asChild>
                          <IconButton
                            variant="ghost"
                            size="xs"
                            aria-label={t('lists.actionsFor', { name: fullName(c) })}
                            data-testid={`contact-actions-${c.id}`}
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
                              <Menu.Item value="delete" data-testid="action-delete" color="fg.error">
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
