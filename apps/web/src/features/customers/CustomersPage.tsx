import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  IconButton,
  Input,
  Menu,
  Portal,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText } from '../../app/apiError';
import { useAppDispatch } from '../../app/store';
import { ErrorBox } from '../errors/ErrorBox';
import { snackbarShown } from '../layout/layoutSlice';
import { ConfirmDialog } from '../lists/ConfirmDialog';
import { Pager, SortHeader, type Sorting } from '../lists/ListControls';
import { useDebounced } from '../lists/useDebounced';
import { Icon } from '../menus/icons';
import { useViewer } from '../session/useViewer';
import { CustomerDialog } from './CustomerDialog';
import {
  type CustomerDto,
  useCustomersQuery,
  useDeleteCustomerMutation,
  useToggleCustomerMutation,
} from './customersApi';

const PER_PAGE = 25;
type SortKey = 'name' | 'nr' | 'city' | 'created_at';

/** /c/{companyID}/customer: the customers, filtered, sorted and paged on the server; inactive ones with show-all. */
export function CustomersPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyID = Number(useParams().companyID);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const [all, setAll] = useState(false);
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter.trim());
  const [sorting, setSorting] = useState<Sorting<SortKey>>({ sort: 'name', order: 'asc' });
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useCustomersQuery({
    companyID,
    all,
    q: q || undefined,
    ...sorting,
    page,
    per_page: PER_PAGE,
  });
  const [toggle] = useToggleCustomerMutation();
  const [remove, removal] = useDeleteCustomerMutation();
  const [editing, setEditing] = useState<CustomerDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomerDto | null>(null);
  const fail = (e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
  const act = (customer: CustomerDto, action: string) => {
    if (action === 'edit') setEditing(customer);
    else if (action === 'delete') setDeleting(customer);
    else
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
    <Stack gap="4" data-testid="customers-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('customers.title')}
        </Heading>
        {canWrite ? (
          <Button colorPalette="blue" onClick={() => setEditing('new')} data-testid="customer-create">
            <Icon name="add" />
            {t('customers.create')}
          </Button>
        ) : null}
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Flex gap="4" align="center" wrap="wrap">
              <Input
                maxW="320px"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                  setPage(1);
                }}
                placeholder={t('customers.filter')}
                aria-label={t('customers.filter')}
                data-testid="customer-filter"
              />
              <Switch.Root
                checked={all}
                onCheckedChange={(e) => {
                  setAll(e.checked);
                  setPage(1);
                }}
                data-testid="show-all"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t('lists.showAll')}</Switch.Label>
              </Switch.Root>
            </Flex>
            {error ? <ErrorBox error={error} /> : null}
            <Box overflowX="auto">
              <Table.Root size="sm" interactive aria-busy={isFetching}>
                <Table.Header>
                  <Table.Row>
                    <SortHeader
                      column="name"
                      label={t('customers.fields.name')}
                      sorting={sorting}
                      onSort={setSorting}
                    />
                    <SortHeader
                      column="nr"
                      label={t('customers.fields.nr')}
                      sorting={sorting}
                      onSort={setSorting}
                    />
                    <SortHeader
                      column="city"
                      label={t('customers.fields.city')}
                      sorting={sorting}
                      onSort={setSorting}
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
                          <Menu.Root onSelect={(d) => act(c, d.value)}>
                            <Menu.Trigger asChild>
                              <IconButton
                                variant="ghost"
                                size="xs"
                                aria-label={t('lists.actionsFor', { name: c.name })}
                                data-testid={`customer-actions-${c.id}`}
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
                                  <Menu.Item value="toggle" data-testid="action-toggle">
                                    {t(c.inactive ? 'lists.activate' : 'lists.deactivate')}
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
            {data && customers.length === 0 ? (
              <Text color="gray.600">{t(q ? 'lists.noMatch' : 'customers.none')}</Text>
            ) : null}
            {data ? (
              <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>
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
    </Stack>
  );
}
