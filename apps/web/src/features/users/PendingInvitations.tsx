import { Badge, Button, Card, Heading, Stack, type TableRowProps, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { userErrorText } from './userTexts';
import { type InvitationDto, useInvitationsQuery, useWithdrawInvitationMutation } from './usersApi';

/**
 * The company's open invitations of existing accounts (docs/users.md): people who are not members until they accept.
 * Only e-mail, role, app use and dates are known here; admins withdraw them. Nothing shows while there are none.
 */
export function PendingInvitations({ companyID, isAdmin }: { companyID: number; isAdmin: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const { data, error } = useInvitationsQuery({ companyID });
  const [withdraw, { isLoading }] = useWithdrawInvitationMutation();
  if (error) return <ErrorBox error={error} />;
  if (!data || data.length === 0) return null;
  const withdrawOne = (invitationID: number, email: string) =>
    withdraw({ companyID, invitationID })
      .unwrap()
      .then(() => dispatch(snackbarShown({ message: t('users.invitations.withdrawn', { email }), variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: userErrorText(e, t), variant: 'error' })));
  const columns: DataColumn<InvitationDto>[] = [
    { key: 'email', label: t('users.fields.email'), cell: (invitation) => invitation.email },
    { key: 'role', label: t('users.fields.role'), cell: (invitation) => t(`roles.${invitation.role}`) },
    { key: 'app', label: t('users.fields.app'), cell: (invitation) => t(invitation.app ? 'common.yes' : 'common.no') },
    { key: 'invitedAt', label: t('users.invitations.invitedAt'), cell: (invitation) => format.dateTime(invitation.invited_at) },
    {
      key: 'status',
      label: t('lists.status'),
      cell: (invitation) => (
        <Badge colorPalette={invitation.expired ? 'red' : 'yellow'} variant="subtle">
          {invitation.expired ? t('users.invitations.expired') : t('users.invitations.until', { date: format.dateTime(invitation.expires_at) })}
        </Badge>
      ),
    },
  ];
  return (
    <Card.Root data-testid="user-invitations">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('users.invitations.title')}
          </Heading>
          <Text color="gray.600" fontSize="sm">
            {t('users.invitations.explain')}
          </Text>
          <DataTable
            label={t('users.invitations.title')}
            rows={data}
            rowKey={(invitation) => invitation.invitation_id}
            rowTestId={(invitation) => `user-invitation-${invitation.invitation_id}`}
            rowProps={(invitation) => ({ 'data-email': invitation.email } as TableRowProps)}
            columns={columns}
            actionsLabel={isAdmin ? t('lists.actions') : undefined}
            actions={
              isAdmin
                ? (invitation) => (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      disabled={isLoading}
                      onClick={() => void withdrawOne(invitation.invitation_id, invitation.email)}
                      data-testid={`user-invitation-withdraw-${invitation.invitation_id}`}
                    >
                      {t('users.invitations.withdraw')}
                    </Button>
                  )
                : undefined
            }
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
