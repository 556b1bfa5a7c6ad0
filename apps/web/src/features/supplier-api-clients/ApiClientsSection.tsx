import { Alert, Badge, Button, Card, Code, Dialog, Field, Flex, Heading, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, formErrorText } from '../../shared/api/apiError';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { DataTable } from '../../shared/lists/DataTable';
import { useFormat } from '../../i18n/useFormat';
import { type ApiClientCreated, type ApiClientDto, useApiClientsQuery, useCreateApiClientMutation, useRevokeApiClientMutation } from './apiClientsApi';

/** "New API client": asks for a name; the created client's secret is shown by the section, once. */
function CreateDialog({ companyID, supplierID, onCreated, onClose }: { companyID: number; supplierID: number; onCreated: (c: ApiClientCreated) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [create, state] = useCreateApiClientMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const nameError = error ? (fieldErrors(error).name ?? null) : null;
  const submit = () => {
    setError(null);
    create({ companyID, supplierID, name })
      .unwrap()
      .then(onCreated)
      .catch(setError);
  };
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-client-dialog">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('supplierApi.createTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Field.Root invalid={Boolean(nameError)} required>
                    <Field.Label>{t('supplierApi.fields.name')}</Field.Label>
                    <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} data-testid="api-client-name" autoFocus />
                    {nameError ? <Field.ErrorText>{nameError}</Field.ErrorText> : <Field.HelperText>{t('supplierApi.nameHint')}</Field.HelperText>}
                  </Field.Root>
                  {error && !nameError ? <Text color="red.600">{formErrorText(error, t)}</Text> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="blue" loading={state.isLoading} data-testid="api-client-submit">
                  {t('supplierApi.create')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The supplier's API clients on its users page (docs/supplier-api.md): the clients its own system signs in with to
 * pull its supply orders. New ones show their secret once (with copy); revoking asks first and keeps the client listed.
 */
export function ApiClientsSection({ companyID, supplierID }: { companyID: number; supplierID: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const clients = useApiClientsQuery({ companyID, supplierID });
  const [revoke, revoking] = useRevokeApiClientMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  const [asking, setAsking] = useState<ApiClientDto | null>(null);
  const copy = (value: string) => {
    navigator.clipboard
      .writeText(value)
      .then(() => dispatch(snackbarShown({ message: t('supplierApi.copied'), variant: 'success' })))
      .catch(() => dispatch(snackbarShown({ message: t('supplierApi.copyFailed'), variant: 'error' })));
  };
  const confirmRevoke = () => {
    if (!asking) return;
    revoke({ companyID, supplierID, id: asking.id })
      .unwrap()
      .then(() => dispatch(snackbarShown({ message: t('supplierApi.revoked', { name: asking.name }), variant: 'success' })))
      .catch((e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' })))
      .finally(() => setAsking(null));
  };
  const rows = clients.data ?? [];
  return (
    <Card.Root data-testid="api-clients">
      <Card.Body>
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              {t('supplierApi.title')}
            </Heading>
            <Button colorPalette="blue" onClick={() => setCreating(true)} data-testid="api-client-new">
              {t('supplierApi.new')}
            </Button>
          </Flex>
          <Text color="gray.600" fontSize="sm">
            {t('supplierApi.explain')}
          </Text>
          {clients.error ? <ErrorBox error={clients.error} /> : null}
          {created ? (
            <Alert.Root status="warning" data-testid="api-client-secret">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('supplierApi.secretTitle', { name: created.name })}</Alert.Title>
                <Alert.Description>
                  <Stack gap="2" mt="1">
                    <Text>{t('supplierApi.fields.clientId')}</Text>
                    <Code wordBreak="break-all" data-testid="api-client-created-id">
                      {created.client_id}
                    </Code>
                    <Text>{t('supplierApi.fields.secret')}</Text>
                    <Code wordBreak="break-all" data-testid="api-client-secret-value">
                      {created.client_secret}
                    </Code>
                    <Flex gap="2" wrap="wrap">
                      <Button size="sm" colorPalette="blue" onClick={() => copy(created.client_secret)} data-testid="api-client-copy">
                        {t('supplierApi.copySecret')}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setCreated(null)} data-testid="api-client-secret-done">
                        {t('supplierApi.secretDone')}
                      </Button>
                    </Flex>
                  </Stack>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {rows.length > 0 ? (
            <DataTable
              label={t('supplierApi.title')}
              rows={rows}
              rowKey={(c) => c.id}
              rowTestId={(c) => `api-client-row-${c.id}`}
              columns={[
                { key: 'name', label: t('supplierApi.fields.name'), cell: (c) => c.name },
                { key: 'client_id', label: t('supplierApi.fields.clientId'), cell: (c) => <Code>{c.client_id}</Code> },
                { key: 'created', label: t('supplierApi.fields.created'), cell: (c) => format.dateTime(c.created_at) },
                { key: 'used', label: t('supplierApi.fields.lastUsed'), cell: (c) => (c.last_used_at ? format.dateTime(c.last_used_at) : t('supplierApi.neverUsed')) },
                {
                  key: 'state',
                  label: t('supplierApi.fields.state'),
                  testId: (c) => `api-client-state-${c.id}`,
                  cell: (c) =>
                    c.revoked_at ? (
                      <Badge colorPalette="gray" variant="subtle">
                        {t('supplierApi.revokedAt', { at: format.dateTime(c.revoked_at) })}
                      </Badge>
                    ) : (
                      <Badge colorPalette="green" variant="subtle">
                        {t('supplierApi.active')}
                      </Badge>
                    ),
                },
              ]}
              actions={(c) =>
                c.revoked_at ? null : (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking(c)} data-testid="api-client-revoke">
                    {t('supplierApi.revoke')}
                  </Button>
                )
              }
            />
          ) : clients.data ? (
            <Text data-testid="api-clients-empty">{t('supplierApi.none')}</Text>
          ) : null}
        </Stack>
      </Card.Body>
      {creating ? (
        <CreateDialog
          companyID={companyID}
          supplierID={supplierID}
          onCreated={(client) => {
            setCreating(false);
            setCreated(client);
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={t('supplierApi.revokeTitle')}
        text={t('supplierApi.revokeText', { name: asking?.name ?? '' })}
        confirmLabel={t('supplierApi.revoke')}
        busy={revoking.isLoading}
        onConfirm={confirmRevoke}
        onClose={() => setAsking(null)}
      />
    </Card.Root>
  );
}
