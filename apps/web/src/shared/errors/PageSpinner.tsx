import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** What a page shows while it (or the session) is loading. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center minH="40vh">
      <Spinner size="lg" aria-label={t('common.loading')} />
    </Center>
  );
}
