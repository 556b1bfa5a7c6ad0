import { Badge, Box, Button, HStack, Switch, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SortHeader, type Sorting } from '../../shared/lists/ListControls';
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
  const sortHeader = (column: UserSort, label: string) => <SortHeader column={column} label={label} sorting={sorting} onSort={onSort} />;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive aria-busy={busy}>
        <Table.Header>
          <Table.Row>
            {sortHeader('last_name', t('users.fields.name'))}
            {sortHeader('email', t('users.fields.email'))}
            {sortHeader('role', t('users.fields.role'))}
            <Table.ColumnHeader>{t('users.fields.access_restrictions')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('users.fields.app')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('lists.status')}</Table.ColumnHeader>
            {isAdmin ? (
              <Table.ColumnHeader textAlign="end">{t('lists.actions')}</Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((user) => (
            <Table.Row key={user.id} data-testid={`user-row-${user.id}`} data-email={user.email}>
              <Table.Cell>
                <RouterLink to={`/c/${companyID}/settings/user/${user.id}`}>
                  <Text as="span" color="blue.700" fontWeight="medium">
                    {userLabel(user)}
                  </Text>
                </RouterLink>
              </Table.Cell>
              <Table.Cell>{user.email}</Table.Cell>
              <Table.Cell data-testid="user-role">{t(`roles.${user.role}`)}</Table.Cell>
              <Table.Cell>
                <Badge
                  colorPalette={user.access_restrictions > 0 ? 'orange' : 'gray'}
                  variant="subtle"
                >
                  {user.access_restrictions}
                </Badge>
              </Table.Cell>
              <Table.Cell>
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
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={user.invitation_pending ? 'yellow' : 'green'} variant="subtle">
                  {t(user.invitation_pending ? 'users.pending' : 'users.confirmed')}
                </Badge>
              </Table.Cell>
              {isAdmin ? (
                <Table.Cell textAlign="end">
                  <HStack justify="end" gap="1">
                    {user.invitation_pending ? (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => onResend(user)}
                        data-testid={`user-resend-${user.id}`}
                      >
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
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
