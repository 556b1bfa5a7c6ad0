import { AccessGroup, hasRole, type Role } from '@kanban/access';
import { Button, Card, Flex, Heading, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { EmptyList } from '../../shared/lists/EmptyList';
import { Pager } from '../../shared/lists/ListControls';
import { useServerList } from '../../shared/lists/useServerList';
import { Icon } from '../../shared/icons';
import { useViewer } from '../../shared/session/useViewer';
import { InviteDialog } from './InviteDialog';
import { UsersTable } from './UsersTable';
import { PendingInvitations } from './PendingInvitations';
import { ROLES, userErrorText, userLabel } from './userTexts';
import {
  type CompanyUserDto,
  type UserSort,
  useDeleteUserMutation,
  useResendInvitationMutation,
  useUpdateUserMutation,
  useUsersQuery,
} from './usersApi';
import { FilterSwitch } from '../../shared/lists/FilterSwitch';
import { FilterSelect } from '../../shared/lists/FilterSelect';

/** /c/{companyID}/settings/user: the company's users, filtered, sorted and paged on the server. */
export function UsersPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyID = Number(useParams().companyID);
  const isAdmin = hasRole(useViewer().role, AccessGroup.admin);
  const ownId = useAppSelector((s) => s.session.user?.id);
  const list = useServerList<UserSort>('email');
  const [restricted, setRestricted] = useState(false);
  const [role, setRole] = useState<Role | null>(null);
  const { q, sort, order, page, per_page } = list.params;
  const { data, error, isFetching } = useUsersQuery({
    companyID,
    q,
    sort,
    order,
    page,
    per_page,
    restricted,
    ...(role !== null ? { role } : {}),
  });
  const [update] = useUpdateUserMutation();
  const [remove] = useDeleteUserMutation();
  const [resend] = useResendInvitationMutation();
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<CompanyUserDto | null>(null);
  const [removing, setRemoving] = useState(false);
  const done = (message: string) => dispatch(snackbarShown({ message, variant: 'success' }));
  const fail = (e: unknown) => dispatch(snackbarShown({ message: userErrorText(e, t), variant: 'error' }));

  const setApp = (user: CompanyUserDto, app: boolean) =>
    update({ companyID, userID: user.id, body: { app } })
      .unwrap()
      .then(() => done(t(app ? 'users.appOn' : 'users.appOff', { name: userLabel(user) })))
      .catch(fail);
  const sendAgain = (user: CompanyUserDto) =>
    resend({ companyID, userID: user.id })
      .unwrap()
      .then(() => done(t('users.resent', { email: user.email })))
      .catch(fail);
  const confirmDelete = () => {
    if (!deleting) return;
    setRemoving(true);
    remove({ companyID, userID: deleting.id })
      .unwrap()
      .then(() => done(t('users.deleted', { name: userLabel(deleting) })))
      .catch(fail)
      .finally(() => {
        setRemoving(false);
        setDeleting(null);
      });
  };
  const rows = data?.items;

  return (
    <Stack gap="4" data-testid="users-page">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('users.title')}
        </Heading>
        {isAdmin ? (
          <Button colorPalette="blue" onClick={() => setInviting(true)} data-testid="user-invite">
            <Icon name="add" />
            {t('users.invite')}
          </Button>
        ) : null}
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Flex gap="4" align="center" wrap="wrap">
              <Input
                maxW="320px"
                value={list.filter}
                onChange={(e) => list.setFilter(e.target.value)}
                placeholder={t('users.filter')}
                aria-label={t('users.filter')}
                data-testid="user-filter"
              />
              <FilterSelect
                label={t('users.roleFilter')}
                testId="user-role-filter"
                value={role === null ? '' : String(role)}
                allLabel={t('users.allRoles')}
                options={ROLES.map((r) => ({ value: String(r), label: t(`roles.${r}`) }))}
                onChange={(value) => {
                  setRole(value === '' ? null : (Number(value) as Role));
                  list.setPage(1);
                }}
              />
              <FilterSwitch
                checked={restricted}
                onChange={(checked) => {
                  setRestricted(checked);
                  list.setPage(1);
                }}
                label={t('users.onlyRestricted')}
                testId="user-restricted-filter"
              />
            </Flex>
            {error ? <ErrorBox error={error} /> : null}
            <UsersTable
              companyID={companyID}
              rows={rows ?? []}
              busy={isFetching}
              sorting={list.sorting}
              onSort={list.setSorting}
              isAdmin={isAdmin}
              ownId={ownId}
              onApp={(user, app) => void setApp(user, app)}
              onResend={(user) => void sendAgain(user)}
              onDelete={setDeleting}
            />
            {rows && rows.length === 0 ? (
              <EmptyList
                filtered={list.filtered || restricted || role !== null}
                none={t('users.none')}
                onReset={() => {
                  list.reset();
                  setRestricted(false);
                  setRole(null);
                }}
                testId="user-empty"
              />
            ) : null}
            {data && data.total > 0 ? (
              <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={list.setPage} />
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>
      <PendingInvitations companyID={companyID} isAdmin={isAdmin} />
      {inviting ? <InviteDialog companyID={companyID} onClose={() => setInviting(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.deleteTitle')}
        text={t('users.deleteText', { name: deleting ? userLabel(deleting) : '' })}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
