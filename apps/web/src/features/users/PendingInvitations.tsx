import { Badge, Box, Button, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { userErrorText } from './userTexts';
import { useInvitationsQuery, useWithdrawInvitationMutation } from './usersApi';

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
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('users.fields.email')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.fields.role')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.fields.app')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('users.invitations.invitedAt')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('lists.status')}</Table.ColumnHeader>
                  {isAdmin ? <Table.ColumnHeader textAlign="end">{t('lists.actions')}</Table.ColumnHeader> : null}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.map((invitation) => (
                  <Table.Row key={invitation.invitation_id} data-testid={`user-invitation-${invitation.invitation_id}`} data-email={invitation.email}>
                    <Table.Cell>{invitation.email}</Table.Cell>
                    <Table.Cell>{t(`roles.${invitation.role}`)}</Table.Cell>
                    <Table.Cell>{t(invitation.app ? 'common.yes' : 'common.no')}</Table.Cell>
                    <Table.Cell>{format.dateTime(invitation.invited_at)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={invitation.expired ? 'red' : 'yellow'} variant="subtle">
                        {invitation.expired ? t('users.invitations.expired') : t('users.invitations.until', { date: format.dateTime(invitation.expires_at) })}
                      </Badge>
                    </Table.Cell>
                    {isAdmin ? (
                      <Table.Cell textAlign="end">
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
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
