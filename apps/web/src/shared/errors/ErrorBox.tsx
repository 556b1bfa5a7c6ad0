import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError, isNotFound } from '../api/apiError';

/** What a page shows; names the thing in "This order does not exist (any more)". */
export type NotFoundEntity = 'order' | 'request' | 'customer' | 'location' | 'supplier' | 'item' | 'user' | 'contact' | 'supply';

/**
 * Error box: title "Error" and the code, with the text of spec 8. Something that does not exist (404) reads as such in
 * the interface language ("This order does not exist (any more)."), never as the server's English message.
 */
export function ErrorBox({ error, entity }: { error: unknown; entity?: NotFoundEntity }) {
  const { t } = useTranslation();
  if (isNotFound(error)) {
    return (
      <Alert.Root status="warning" data-testid="error-box" data-error="not-found">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('errors.notFoundTitle')}</Alert.Title>
          <Alert.Description>{entity ? t(`errors.notFoundEntity.${entity}`) : t('errors.notFound')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const code = isApiError(error) ? error.code : 0;
  return (
    <Alert.Root status="error" data-testid="error-box">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{code ? t('errors.titleWithCode', { code }) : t('errors.title')}</Alert.Title>
        <Alert.Description>{errorText(error, t)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
