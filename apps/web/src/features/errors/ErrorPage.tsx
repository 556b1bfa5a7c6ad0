import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** /pages/error: where unknown addresses end. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="error-page">
      <Heading as="h1" size="lg">
        {t('errorPage.title')}
      </Heading>
      <Text>{t('errorPage.text')}</Text>
      <Button asChild colorPalette="blue">
        <RouterLink to="/">{t('errorPage.home')}</RouterLink>
      </Button>
    </Stack>
  );
}
