import { Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText } from '../../app/apiError';
import { FormMessage } from '../forms/FormMessage';
import { useAcceptInvitationMutation, useInvitationQuery } from './usersApi';

/**
 * /invitation?token=…: the mailed link of an invitation of an existing account (docs/users.md). Signed in (the route
 * guard sends others to the sign-in first and back here), the person sees the company and role and accepts; the app
 * then starts again, so the renewed session carries the new company, and opens it.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const { data, error, isLoading } = useInvitationQuery({ token }, { skip: !token });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const join = () => {
    setFailure(null);
    accept({ token })
      .unwrap()
      // A full load: the session is renewed on start, and the new token names the company.
      .then((company) => window.location.assign(`/c/${company.id}/`))
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
