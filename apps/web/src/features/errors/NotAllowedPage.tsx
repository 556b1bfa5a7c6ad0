import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../shared/hooks';
import { useViewer } from '../../shared/session/useViewer';

/**
 * Shown in the shell, at the address that was asked for, when the signed-in user's role may not open the page (the
 * route guard's decision, docs/architecture.md "Routes are data"); it names the role and leads to the start page.
 */
export function NotAllowedPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const companyID = useAppSelector((s) => s.navigation.companyID);
  const home = viewer.role !== undefined && companyID !== null ? `/c/${companyID}/` : '/companies';
  return (
    <Stack gap="4" data-testid="not-allowed-page" maxW="2xl">
      <Heading as="h1" size="lg">
        {t('notAllowed.title')}
      </Heading>
      <Text>
        {viewer.role !== undefined ? t('notAllowed.text', { role: t(`roles.${viewer.role}`) }) : t('notAllowed.textNoRole')}
      </Text>
      <Button asChild colorPalette="blue" alignSelf="flex-start">
        <RouterLink to={home} data-testid="not-allowed-home">
          {t('notAllowed.home')}
        </RouterLink>
      </Button>
    </Stack>
  );
}
