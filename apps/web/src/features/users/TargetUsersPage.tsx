import { AccessGroup, hasRole } from '@kanban/access';
import { Badge, Card, Flex, Heading, Input, Stack, type TableRowProps, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { CustomerHeader, LocationHeader, SupplierHeader } from '../headers';
import { EmptyList } from '../../shared/lists/EmptyList';
import { DataTable } from '../../shared/lists/DataTable';
import { Pager } from '../../shared/lists/ListControls';
import { useServerList } from '../../shared/lists/useServerList';
import { useViewer } from '../../shared/session/useViewer';
import { userLabel } from './userTexts';
import { type RestrictionKind, type TargetUserDto, type UserSort, useTargetUsersQuery } from './usersApi';
import { FilterSwitch } from '../../shared/lists/FilterSwitch';
import { ApiClientsSection } from '../supplier-api-clients';

function grantText(user: TargetUserDto, t: (key: string) => string): string {
  if (user.grants.length === 0) return t('users.target.unrestricted');
  const kinds = new Set(
    user.grants.map((g) =>
      g.customer_id !== null ? 'customer' : g.location_id !== null ? 'location' : 'supplier',
    ),
  );
  return [...kinds].map((k) => t(`users.target.via.${k}`)).join(', ');
}

/**
 * The `user` page of a customer, location or supplier: who may see it. By default the users whose access
 * restrictions grant it; the switch adds the users without restrictions whose role reads it.
 */
function TargetUsers({ kind }: { kind: RestrictionKind }) {
  const { t } = useTranslation();
  const params = useParams();
  const companyID = Number(params.companyID);
  const customerID = params.customerID ? Number(params.customerID) : undefined;
  const locationID = params.locationID ? Number(params.locationID) : undefined;
  const supplierID = params.supplierID ? Number(params.supplierID) : undefined;
  const canOpenUsers = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<UserSort>('email');
  const [everyone, setEveryone] = useState(false);
  const { q, sort, order, page, per_page } = list.params;
  const { data, error, isFetching } = useTargetUsersQuery({
    companyID,
    customerID,
    locationID,
    supplierID,
    restricted: !everyone,
    q,
    sort,
    order,
    page,
    per_page,
  });
  const rows = data?.items;
  return (
    <Stack gap="4" data-testid={`${kind}-users-page`}>
      {kind === 'customer' && customerID ? (
        <CustomerHeader companyID={companyID} customerID={customerID} />
      ) : null}
      {kind === 'location' && customerID && locationID ? (
        <LocationHeader companyID={companyID} customerID={customerID} locationID={locationID} />
      ) : null}
      {kind === 'supplier' && supplierID ? (
        <SupplierHeader companyID={companyID} supplierID={supplierID} />
      ) : null}
      <Heading as="h1" size="lg">
        {t(`users.target.title.${kind}`)}
      </Heading>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Text color="gray.600" fontSize="sm">
              {t(`users.target.explain.${kind}`)}
            </Text>
            <Flex gap="4" align="center" wrap="wrap">
              <Input
                maxW="320px"
                value={list.filter}
                onChange={(e) => list.setFilter(e.target.value)}
                placeholder={t('users.filter')}
                aria-label={t('users.filter')}
                data-testid="user-filter"
              />
              <FilterSwitch
                checked={everyone}
                onChange={(checked) => {
                  setEveryone(checked);
                  list.setPage(1);
                }}
                label={t('users.target.everyone')}
                testId="target-users-everyone"
              />
            </Flex>
            {error ? <ErrorBox error={error} /> : null}
            <DataTable
              label={t('users.title')}
              rows={rows ?? []}
              rowKey={(user) => user.id}
              rowTestId={(user) => `target-user-row-${user.id}`}
              rowProps={(user) => ({ 'data-email': user.email } as TableRowProps)}
              busy={isFetching}
              sorting={list.sorting}
              onSort={list.setSorting}
              columns={[
                {
                  key: 'name',
                  label: t('users.fields.name'),
                  sort: 'last_name',
                  cell: (user) =>
                    canOpenUsers ? (
                      <RouterLink to={`/c/${companyID}/settings/user/${user.id}`}>
                        <Text as="span" color="blue.700" fontWeight="medium">
                          {userLabel(user)}
                        </Text>
                      </RouterLink>
                    ) : (
                      userLabel(user)
                    ),
                },
                { key: 'email', label: t('users.fields.email'), sort: 'email', cell: (user) => user.email },
                { key: 'role', label: t('users.fields.role'), sort: 'role', cell: (user) => t(`roles.${user.role}`) },
                {
                  key: 'access',
                  label: t('users.target.access'),
                  cell: (user) => (
                    <Badge colorPalette={user.grants.length > 0 ? 'orange' : 'gray'} variant="subtle">
                      {grantText(user, t)}
                    </Badge>
                  ),
                },
              ]}
            />
            {rows && rows.length === 0 ? (
              <EmptyList filtered={list.filtered} none={t(`users.target.none.${kind}`)} onReset={list.reset} testId="target-user-empty" />
            ) : null}
            {data && data.total > 0 ? (
              <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} />
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>
      {kind === 'supplier' && supplierID ? <ApiClientsSection companyID={companyID} supplierID={supplierID} /> : null}
    </Stack>
  );
}

/** /c/{companyID}/customer/{customerID}/user */
export function CustomerUsersPage() {
  return <TargetUsers kind="customer" />;
}

/** /c/{companyID}/customer/{customerID}/location/{locationID}/user */
export function LocationUsersPage() {
  return <TargetUsers kind="location" />;
}

/** /c/{companyID}/supplier/{supplierID}/user */
export function SupplierUsersPage() {
  return <TargetUsers kind="supplier" />;
}
