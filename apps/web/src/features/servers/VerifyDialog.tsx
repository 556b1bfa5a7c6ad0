import { Alert, Button, Code, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../shared/api/apiError';
import { type ServerDto, useVerifyServerMutation } from './serversApi';

type Outcome = { ok: true; message: string } | { ok: false; message: string; kind: string | null };

/**
 * "Verify": connects to the server and signs in, then shows the server's own answer (its greeting, ident or status
 * line), or why it failed: for 1056 the server's own message (spec clarifications), else the catalogue text.
 */
export function VerifyDialog({
  companyID,
  server,
  onClose,
}: {
  companyID: number;
  server: ServerDto;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [verify] = useVerifyServerMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setOutcome(null);
    verify({ companyID, id: server.id })
      .unwrap()
      .then((result) => live && setOutcome({ ok: true, message: result.message }))
      .catch((error: unknown) => {
        if (!live) return;
        const own = isApiError(error) && error.code === 1056;
        const kind = isApiError(error) ? error.data?.kind : undefined;
        setOutcome({
          ok: false,
          message: own && error.message ? error.message : errorText(error, t),
          kind: own && typeof kind === 'string' ? kind : null,
        });
      });
    return () => {
      live = false;
    };
  }, [companyID, server.id, round, verify, t]);
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="server-verify-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('servers.verifyTitle', { name: server.name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {server.type} · {server.host.includes(':') ? `[${server.host}]` : server.host}:{server.port}
                </Text>
                {outcome === null ? (
                  <Stack direction="row" align="center" gap="2" data-testid="server-verify-running">
                    <Spinner size="sm" />
                    <Text>{t('servers.verifying')}</Text>
                  </Stack>
                ) : (
                  <Alert.Root
                    status={outcome.ok ? 'success' : 'error'}
                    data-testid={outcome.ok ? 'server-verify-ok' : 'server-verify-failed'}
                  >
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>
                        {outcome.ok
                          ? t('servers.verifyOk')
                          : outcome.kind
                            ? t(`servers.verifyFailed.${outcome.kind}`)
                            : t('servers.verifyFailed.other')}
                      </Alert.Title>
                      <Alert.Description>
                        <Code
                          whiteSpace="pre-wrap"
                          wordBreak="break-word"
                          bg="transparent"
                          p="0"
                          data-testid="server-verify-message"
                        >
                          {outcome.message}
                        </Code>
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                onClick={() => setRound((r) => r + 1)}
                disabled={outcome === null}
                data-testid="server-verify-again"
              >
                {t('servers.verifyAgain')}
              </Button>
              <Button colorPalette="blue" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
