import { Alert, Button, Card, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useFormat } from '../../i18n/useFormat';
import { useDeviceKeyQuery, useRotateDeviceKeyMutation } from './sensorsApi';

/**
 * The company's device key (admin and owner): which key is current, when it was created and last used, the one a
 * rotation replaced and until when it still works; rotating asks first and shows the new secret once, with copy.
 */
export function DeviceKeyPanel({ companyID }: { companyID: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const info = useDeviceKeyQuery({ companyID });
  const [rotate, rotation] = useRotateDeviceKeyMutation();
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const key = info.data;
  const confirmRotate = () => {
    // a secret shown before belongs to the key being replaced: gone until the new one arrives
    setSecret(null);
    rotate({ companyID })
      .unwrap()
      .then((created) => setSecret(created.key))
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setAsking(false));
  };
  const copy = () => {
    if (!secret) return;
    navigator.clipboard
      .writeText(secret)
      .then(() => dispatch(snackbarShown({ message: t('sensors.deviceKey.copied'), variant: 'success' })))
      .catch(() => dispatch(snackbarShown({ message: t('sensors.deviceKey.copyFailed'), variant: 'error' })));
  };
  return (
    <Card.Root data-testid="device-key-panel">
      <Card.Body>
        <Stack gap="3">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              {t('sensors.deviceKey.title')}
            </Heading>
            <Button variant="outline" colorPalette="blue" onClick={() => setAsking(true)} disabled={!key} data-testid="device-key-rotate">
              {key?.exists ? t('sensors.deviceKey.rotate') : t('sensors.deviceKey.create')}
            </Button>
          </Flex>
          {info.error ? <ErrorBox error={info.error} /> : null}
          {key ? (
            <Stack gap="1" data-testid="device-key-state">
              {key.exists ? (
                <Text>
                  {t('sensors.deviceKey.current')} <Code>{key.prefix}_…</Code> · {t('sensors.deviceKey.createdAt', { at: format.dateTime(key.created_at) })} ·{' '}
                  {key.last_used_at ? t('sensors.deviceKey.lastUsed', { at: format.dateTime(key.last_used_at) }) : t('sensors.deviceKey.neverUsed')}
                </Text>
              ) : (
                <Text>{t('sensors.deviceKey.none')}</Text>
              )}
              {key.previous ? (
                <Text fontSize="sm" color="fg.muted" data-testid="device-key-previous">
                  {t('sensors.deviceKey.previous', { prefix: `${key.previous.prefix}_…`, at: format.dateTime(key.previous.expires_at) })}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {secret ? (
            <Alert.Root status="warning" data-testid="device-key-secret">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('sensors.deviceKey.secretTitle')}</Alert.Title>
                <Alert.Description>
                  <Stack gap="2" mt="1">
                    <Code wordBreak="break-all" data-testid="device-key-value">
                      {secret}
                    </Code>
                    <Flex gap="2" wrap="wrap">
                      <Button size="sm" colorPalette="blue" onClick={copy} data-testid="device-key-copy">
                        {t('sensors.deviceKey.copy')}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
                        {t('sensors.deviceKey.hide')}
                      </Button>
                    </Flex>
                  </Stack>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            {t('sensors.deviceKey.howTo')}
          </Text>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={asking}
        title={key?.exists ? t('sensors.deviceKey.rotateTitle') : t('sensors.deviceKey.createTitle')}
        text={key?.exists ? t('sensors.deviceKey.rotateText') : t('sensors.deviceKey.createText')}
        confirmLabel={key?.exists ? t('sensors.deviceKey.rotate') : t('sensors.deviceKey.create')}
        tone={key?.exists ? 'danger' : 'positive'}
        busy={rotation.isLoading}
        onConfirm={confirmRotate}
        onClose={() => setAsking(false)}
      />
    </Card.Root>
  );
}
