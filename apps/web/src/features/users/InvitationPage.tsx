import { Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { applyRefresh, renewSession } from '../../shared/api/api';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { FormMessage } from '../../shared/forms/FormMessage';
import { useAcceptInvitationMutation, useInvitationQuery } from './usersApi';

/**
 * /invitation?token=…: the mailed link of an invitation of an existing account (docs/users.md). Signed in (the route
 * guard sends others to the sign-in first and back here), the person sees the company and role and accepts; the
 * session is then renewed (the new access token names the company) and the company opens, or the company list when
 * the renewal got no answer (the session's own timer renews it later).
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const refreshToken = useAppSelector((s) => s.session.refreshToken);
  const token = useSearchParams()[0].get('token') ?? '';
  const { data, error, isLoading } = useInvitationQuery({ token }, { skip: !token });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const join = () => {
    setFailure(null);
    accept({ token })
      .unwrap()
      .then(async (company) => {
        const renewed = refreshToken !== null && applyRefresh(dispatch, await renewSession(refreshToken));
        void navigate(renewed ? `/c/${company.id}/` : '/companies');
      })
      .catch((e: unknown) => setFailure(errorText(e, t)));
  };
  return (
    <Stack gap="4" maxW="640px" data-testid="invitation-page">
      <Heading as="h1" size="xl">
        {t('users.invitations.pageTitle')}
      </Heading>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            {!token ? <FormMessage outcome={{ ok: false, text: t('users.invitations.missingToken') }} /> : null}
            {isLoading ? <Spinner aria-label={t('common.loading')} /> : null}
            {error ? <FormMessage outcome={{ ok: false, text: t('users.invitations.invalid') }} testId="invitation-invalid" /> : null}
            {data ? (
              <>
                <Text data-testid="invitation-text">
                  {t('users.invitations.offer', { company: data.company, role: t(`roles.${data.role}`) })}
                </Text>
                {failure ? <FormMessage outcome={{ ok: false, text: failure }} /> : null}
                <Button colorPalette="blue" alignSelf="start" loading={accepting.isLoading} onClick={join} data-testid="invitation-accept">
                  {t('users.invitations.accept')}
                </Button>
              </>
            ) : null}
            <RouterLink to="/companies">
              <Text as="span" color="blue.700" fontSize="sm">
                {t('users.invitations.toCompanies')}
              </Text>
            </RouterLink>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
