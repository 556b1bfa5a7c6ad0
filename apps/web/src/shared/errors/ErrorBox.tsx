import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../api/apiError';

/** Error box: title "Error" and the code, with the text of spec 8. */
export function ErrorBox({ error }: { error: unknown }) {
  const { t } = useTranslation();
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
