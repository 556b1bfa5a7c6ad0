import { Badge, Button, HStack, Switch, type TableRowProps, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import type { Sorting } from '../../shared/lists/ListControls';
import { userLabel } from './userTexts';
import type { CompanyUserDto, UserSort } from './usersApi';

/** The company's users of a page: name (opens the user), e-mail, role, restrictions, app access, status, actions. */
export function UsersTable({
  companyID,
  rows,
  busy,
  sorting,
  onSort,
  isAdmin,
  ownId,
  onApp,
  onResend,
  onDelete,
}: {
  companyID: number;
  rows: CompanyUserDto[];
  busy: boolean;
  sorting: Sorting<UserSort>;
  onSort: (next: Sorting<UserSort>) => void;
  isAdmin: boolean;
  /** the signed-in user, who cannot delete themselves */
  ownId: number | undefined;
  onApp: (user: CompanyUserDto, app: boolean) => void;
  onResend: (user: CompanyUserDto) => void;
  onDelete: (user: CompanyUserDto) => void;
}) {
  const { t } = useTranslation();
  const columns: DataColumn<CompanyUserDto, UserSort>[] = [
    {
      key: 'name',
      label: t('users.fields.name'),
      sort: 'last_name',
      cell: (user) => (
        <RouterLink to={`/c/${companyID}/settings/user/${user.id}`}>
          <Text as="span" color="blue.700" fontWeight="medium">
            {userLabel(user)}
          </Text>
        </RouterLink>
      ),
    },
    { key: 'email', label: t('users.fields.email'), sort: 'email', cell: (user) => user.email },
    { key: 'role', label: t('users.fields.role'), sort: 'role', testId: () => 'user-role', cell: (user) => t(`roles.${user.role}`) },
    {
      key: 'restrictions',
      label: t('users.fields.access_restrictions'),
      cell: (user) => (
        <Badge colorPalette={user.access_restrictions > 0 ? 'orange' : 'gray'} variant="subtle">
          {user.access_restrictions}
        </Badge>
      ),
    },
    {
      key: 'app',
      label: t('users.fields.app'),
      cell: (user) => (
        <Switch.Root
          size="sm"
          checked={user.app}
          disabled={!isAdmin}
          onCheckedChange={(e) => onApp(user, e.checked)}
          data-testid={`user-app-${user.id}`}
        >
          <Switch.HiddenInput aria-label={t('users.fields.app')} />
          <Switch.Control />
        </Switch.Root>
      ),
    },
    {
      key: 'status',
      label: t('lists.status'),
      cell: (user) => (
        <Badge colorPalette={user.invitation_pending ? 'yellow' : 'green'} variant="subtle">
          {t(user.invitation_pending ? 'users.pending' : 'users.confirmed')}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable
      label={t('users.title')}
      rows={rows}
      rowKey={(user) => user.id}
      rowTestId={(user) => `user-row-${user.id}`}
      rowProps={(user) => ({ 'data-email': user.email } as TableRowProps)}
      busy={busy}
      sorting={sorting}
      onSort={onSort}
      columns={columns}
      actionsLabel={isAdmin ? t('lists.actions') : undefined}
      actions={
        isAdmin
          ? (user) => (
              <HStack justify="end" gap="1">
                {user.invitation_pending ? (
                  <Button size="xs" variant="ghost" onClick={() => onResend(user)} data-testid={`user-resend-${user.id}`}>
                    {t('users.resend')}
                  </Button>
                ) : null}
                {user.id !== ownId ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => onDelete(user)}
                    title={t('users.deleteFor', { name: userLabel(user) })}
                    data-testid={`user-delete-${user.id}`}
                  >
                    {t('lists.delete')}
                  </Button>
                ) : null}
              </HStack>
            )
          : undefined
      }
    />
  );
}
