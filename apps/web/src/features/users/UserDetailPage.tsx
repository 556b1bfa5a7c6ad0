import { AccessGroup, hasRole } from '@kanban/access';
import { Badge, Button, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppDispatch } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { Icon } from '../../shared/icons';
import { useViewer } from '../../shared/session/useViewer';
import { RestrictionsEditor } from './RestrictionsEditor';
import { UserForm } from './UserForm';
import { userErrorText, userLabel } from './userTexts';
import { useResendInvitationMutation, useUserQuery } from './usersApi';

/** /c/{companyID}/settings/user/{userID}: role, names, app use and the access restrictions of one user. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const params = useParams();
  const companyID = Number(params.companyID);
  const userID = Number(params.userID);
  const isAdmin = hasRole(useViewer().role, AccessGroup.admin);
  const { data: user, error } = useUserQuery({ companyID, userID });
  const [resend, { isLoading: resending }] = useResendInvitationMutation();
  const sendAgain = () =>
    user &&
    resend({ companyID, userID })
      .unwrap()
      .then(() =>
        dispatch(snackbarShown({ message: t('users.resent', { email: user.email }), variant: 'success' })),
      )
      .catch((e: unknown) => dispatch(snackbarShown({ message: userErrorText(e, t), variant: 'error' })));
  return (
    <Stack gap="4" data-testid="user-detail">
      <Flex align="center" gap="4" wrap="wrap">
        <IconButton asChild variant="outline" size="sm" aria-label={t('users.back')} title={t('users.back')}>
          <RouterLink to={`/c/${companyID}/settings/user`} data-testid="header-back">
            <Icon name="back" />
          </RouterLink>
        </IconButton>
        <Stack gap="0" flex="1">
          <Heading as="h1" size="xl" data-testid="user-detail-name">
            {user ? userLabel(user) : ''}
          </Heading>
          {user ? <Text color="gray.600">{user.email}</Text> : null}
        </Stack>
        {user ? (
          <Badge colorPalette={user.invitation_pending ? 'yellow' : 'green'} variant="subtle">
            {t(user.invitation_pending ? 'users.pending' : 'users.confirmed')}
          </Badge>
        ) : null}
        {user && isAdmin && user.invitation_pending ? (
          <Button
            size="sm"
            variant="outline"
            loading={resending}
            onClick={() => void sendAgain()}
            data-testid="user-resend"
          >
            {t('users.resend')}
          </Button>
        ) : null}
      </Flex>
      {error ? <ErrorBox error={error} entity="user" /> : null}
      {user ? (
        <>
          <UserForm
            key={`${user.id}-${user.role}-${String(user.app)}`}
            companyID={companyID}
            user={user}
            editable={isAdmin}
          />
          <RestrictionsEditor companyID={companyID} userID={userID} editable={isAdmin} />
        </>
      ) : null}
    </Stack>
  );
}
