import {
  Box,
  Button,
  Checkbox,
  Collapsible,
  Field,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  defaultServerPort,
  SERVER_LIMITS,
  SERVER_TYPES,
  SMTP_SECURITIES,
  SSH_ALGORITHM_KINDS,
  type ServerType,
  type SmtpSecurity,
} from '@kanban/contracts';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid } from '../../shared/forms/validation';
import {
  type Clearing,
  type SecretField,
  serverBody,
  serverErrors,
  hasSecurity,
  securityAfterTypeChange,
  serverValues,
  translatedServerError,
} from './serverForm';
import { type ServerDto, useCreateServerMutation, useUpdateServerMutation } from './serversApi';

/** The largest key file the dialog reads (the server takes 16 KiB of key text). */
const KEY_FILE_MAX = SERVER_LIMITS.private_key;

/**
 * Create or edit a server: name, type, host, port (the type's default when empty), user; the password, or for SFTP a
 * private key pasted or read from a file (with its passphrase); SMTP's and IMAP's security; SFTP's SSH algorithms for old servers
 * under "Advanced". Stored secrets are never shown: their fields stay empty, and "remove" clears one.
 */
export function ServerDialog({
  companyID,
  server,
  onClose,
}: {
  companyID: number;
  server: ServerDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [create] = useCreateServerMutation();
  const [update] = useUpdateServerMutation();
  const save = useRecordSave(server, onClose);
  const [initial] = useState(() => serverValues(server));
  const form = useForm(initial);
  const [clearing, setClearing] = useState<Clearing>({});
  const [tlsVerify, setTlsVerify] = useState(server?.tls_verify ?? true);
  const [keyFileError, setKeyFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const type = form.values.type as ServerType;
  const has = {
    password: server?.has_password ?? false,
    private_key: server?.has_private_key ?? false,
    passphrase: server?.has_passphrase ?? false,
  };
  const errors = serverErrors(form.values, { privateKey: has.private_key && !clearing.private_key });
  const submit = () =>
    form.submit(async () => {
      const body = { ...serverBody(form.values, server !== null, clearing), tls_verify: tlsVerify };
      try {
        await save(
          (existing) =>
            (existing ? update({ companyID, id: existing.id, body }) : create({ companyID, body })).unwrap(),
          t('servers.saved'),
        );
      } catch (error) {
        throw translatedServerError(error, t);
      }
    });
  const readKeyFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > KEY_FILE_MAX) {
      setKeyFileError(t('servers.keyFileTooLarge'));
      return;
    }
    setKeyFileError(null);
    form.set('private_key')(await file.text());
  };
  const placeholder = (field: SecretField) =>
    has[field] && !clearing[field] ? t('servers.keepSecret') : undefined;
  const secretState = (field: SecretField) =>
    has[field] ? (
      <Checkbox.Root
        size="sm"
        checked={clearing[field] ?? false}
        onCheckedChange={(e) => setClearing((c) => ({ ...c, [field]: e.checked === true }))}
        data-testid={`server-clear-${field}`}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t(`servers.clear.${field}`)}</Checkbox.Label>
      </Checkbox.Root>
    ) : null;
  return (
    <RecordDialog
      testId="server-dialog"
      title={server ? t('servers.edit') : t('servers.create')}
      form={form}
      canSubmit={isValid(errors)}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField
          {...form.field('name')}
          label={t('servers.fields.name')}
          error={errors.name}
          required
          maxLength={SERVER_LIMITS.name}
        />
        <SelectField
          name="type"
          label={t('servers.fields.type')}
          value={form.values.type}
          onChange={(next) => {
            if (server === null) form.set('smtp_security')(securityAfterTypeChange(form.values.type, next, form.values.smtp_security));
            form.set('type')(next);
          }}
          options={SERVER_TYPES.map((value) => ({ value, label: t(`servers.types.${value}`) }))}
          error={form.field('type').serverError}
          required
        />
        <TextField
          {...form.field('host')}
          label={t('servers.fields.host')}
          error={errors.host}
          required
          maxLength={SERVER_LIMITS.host}
        />
        <Stack gap="1">
          <TextField
            {...form.field('port')}
            label={t('servers.fields.port')}
            error={errors.port}
            type="number"
          />
          <Text fontSize="xs" color="fg.muted">
            {t('servers.portHint', {
              port: defaultServerPort(
                type,
                hasSecurity(type) ? (form.values.smtp_security as SmtpSecurity) : null,
              ),
            })}
          </Text>
        </Stack>
        {hasSecurity(type) ? (
          <SelectField
            name="smtp_security"
            label={t('servers.fields.smtp_security')}
            value={form.values.smtp_security}
            onChange={form.set('smtp_security')}
            options={SMTP_SECURITIES.map((value) => ({ value, label: t(`servers.security.${value}`) }))}
            error={form.field('smtp_security').serverError}
          />
        ) : null}
        <TextField
          {...form.field('user')}
          label={t('servers.fields.user')}
          maxLength={SERVER_LIMITS.user}
          autoComplete="off"
        />
        <Stack gap="1">
          <TextField
            {...form.field('password')}
            label={t('servers.fields.password')}
            type="password"
            autoComplete="new-password"
            maxLength={SERVER_LIMITS.password}
          />
          {placeholder('password') ? (
            <Text fontSize="xs" color="fg.muted" data-testid="server-password-kept">
              {placeholder('password')}
            </Text>
          ) : null}
          {secretState('password')}
        </Stack>
      </SimpleGrid>
      {type === 'SMTP' || type === 'FTPS' || type === 'HTTPS' || type === 'IMAP' ? (
        <Checkbox.Root
          checked={tlsVerify}
          onCheckedChange={(e) => setTlsVerify(e.checked === true)}
          name="tls_verify"
          data-testid="server-tls-verify"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('servers.fields.tls_verify')}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
      {type === 'SFTP' ? (
        <Stack gap="2" data-testid="server-key">
          <Field.Root
            invalid={Boolean(
              (errors.private_key && form.touched.private_key) ||
              form.field('private_key').serverError ||
              keyFileError,
            )}
          >
            <Field.Label>{t('servers.fields.private_key')}</Field.Label>
            <Textarea
              name="private_key"
              value={form.values.private_key}
              onChange={(e) => form.set('private_key')(e.target.value)}
              rows={4}
              fontFamily="mono"
              fontSize="xs"
              placeholder={placeholder('private_key') ?? t('servers.keyPlaceholder')}
              maxLength={SERVER_LIMITS.private_key}
              spellCheck={false}
            />
            <Field.HelperText>{t('servers.keyHint')}</Field.HelperText>
            {keyFileError ? (
              <Field.ErrorText>{keyFileError}</Field.ErrorText>
            ) : errors.private_key && form.touched.private_key ? (
              <Field.ErrorText>{t(errors.private_key)}</Field.ErrorText>
            ) : form.field('private_key').serverError ? (
              <Field.ErrorText>{form.field('private_key').serverError}</Field.ErrorText>
            ) : null}
          </Field.Root>
          <Box>
            <input
              ref={fileInput}
              type="file"
              hidden
              onChange={(e) => void readKeyFile(e)}
              data-testid="server-key-file"
              aria-label={t('servers.keyFile')}
            />
            <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
              {t('servers.keyFile')}
            </Button>
          </Box>
          {secretState('private_key')}
          <TextField
            {...form.field('passphrase')}
            label={t('servers.fields.passphrase')}
            error={errors.passphrase}
            type="password"
            autoComplete="new-password"
            maxLength={SERVER_LIMITS.passphrase}
          />
          {secretState('passphrase')}
          <Collapsible.Root defaultOpen={SSH_ALGORITHM_KINDS.some((kind) => form.values[kind] !== '')}>
            <Collapsible.Trigger asChild>
              <Button size="sm" variant="ghost" data-testid="server-advanced">
                {t('servers.advanced')}
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="2" pt="2">
                <Text fontSize="sm" color="fg.muted">
                  {t('servers.algorithmsHint')}
                </Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {SSH_ALGORITHM_KINDS.map((kind) => (
                    <TextField
                      key={kind}
                      {...form.field(kind)}
                      label={t(`servers.algorithms.${kind}`)}
                      error={errors[kind]}
                      maxLength={2100}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Collapsible.Content>
          </Collapsible.Root>
        </Stack>
      ) : null}
    </RecordDialog>
  );
}
