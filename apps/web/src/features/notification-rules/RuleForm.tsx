import { Button, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_RULE_LIMITS,
  NOTIFICATION_RULE_TYPES,
  ORDER_NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationRuleType,
  type ResponseExpression,
} from '@kanban/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServersQuery } from '../servers';
import { PreviewDialog, type TemplateDto, type TemplateKind, useTemplatesQuery } from '../templates';
import { fieldErrors } from '../../shared/api/apiError';
import { FlagFields } from '../../shared/forms/FlagFields';
import { FormMessage } from '../../shared/forms/FormMessage';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { isValid } from '../../shared/forms/validation';
import { ExpressionsEditor } from './ExpressionsEditor';
import { type NotificationRuleDto, ownerKind, type RuleOwner } from './notificationRulesApi';
import {
  patternError,
  type RuleFlag,
  ruleBody,
  ruleErrors,
  ruleFlags,
  ruleValues,
  translatedRuleError,
  SERVER_TYPES_OF,
  RESPONSE_SERVER_TYPES,
} from './ruleForm';

const PICK_MAX = 100;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="3" data-testid={testId}>
      <Heading as="h3" size="sm" color="fg.muted">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The server's messages for response expressions ("response_expressions[2].pattern", "response_expressions.2"), by row. */
function expressionErrors(error: unknown): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const m = /^response_expressions(?:[[.](\d+))?/.exec(field);
    if (m) out[m[1] === undefined ? -1 : Number(m[1])] = message;
  }
  return out;
}

/**
 * The rule's fields: what it reacts to, how it is sent (an e-mail with its template, attachment and sender, or a file to
 * a server with the supplier's answers read back), the daily digest; saved as a whole. `save` creates or changes the
 * rule and throws the server's failure (shown above the button and at the fields it names).
 */
export function RuleForm({
  owner,
  rule,
  canWrite,
  save,
}: {
  owner: RuleOwner;
  rule: NotificationRuleDto | null;
  canWrite: boolean;
  save: (body: ReturnType<typeof ruleBody>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { companyID } = owner;
  const [initial] = useState(() => ruleValues(rule));
  const form = useForm(initial);
  const [flags, setFlags] = useState(() => ruleFlags(rule));
  const [expressions, setExpressions] = useState<ResponseExpression[]>(
    () => rule?.response_expressions ?? [],
  );
  const [exprErrors, setExprErrors] = useState<Record<number, string>>({});
  const [preview, setPreview] = useState<{ kind: TemplateKind; template: TemplateDto } | null>(null);
  const type = form.values.type as NotificationRuleType;
  const event = form.values.event as NotificationEvent;
  const orderEvent = ORDER_NOTIFICATION_EVENTS.includes(event);
  const emailTemplates = useTemplatesQuery({ companyID, kind: 'email', sort: 'name', per_page: PICK_MAX });
  const fileTemplates = useTemplatesQuery({ companyID, kind: 'file', sort: 'name', per_page: PICK_MAX });
  const servers = useServersQuery({ companyID, sort: 'name', per_page: PICK_MAX });
  const serverOptions = (servers.data?.items ?? []).filter((s) => SERVER_TYPES_OF[type].includes(s.type));
  const responseServerOptions = (servers.data?.items ?? []).filter((s) =>
    RESPONSE_SERVER_TYPES.includes(s.type),
  );
  const fetching = orderEvent && flags.fetch_response;
  const errors = ruleErrors(form.values, fetching);
  const expressionsValid =
    !fetching || (expressions.length > 0 && expressions.every((e) => !patternError(e.pattern)));
  const readOnly = !canWrite;
  /** a select's message: the server's, else the client's once touched (or always, for `now`) */
  const selectError = (
    name: 'event' | 'email_template_id' | 'attachment_template_id' | 'server_id' | 'response_server_id',
    now = false,
  ) =>
    form.field(name).serverError ??
    ((now || form.touched[name]) && errors[name] ? t(errors[name]) : undefined);
  const text = (
    name: Parameters<typeof form.field>[0],
    extra: { required?: boolean; type?: string; maxLength?: number } = {},
  ) => (
    <TextField
      {...form.field(name)}
      label={t(`notificationRules.fields.${name}`)}
      error={errors[name]}
      readOnly={readOnly}
      {...extra}
    />
  );
  const templateSelect = (
    kind: TemplateKind,
    name: 'email_template_id' | 'attachment_template_id',
    label: string,
  ) => {
    const list = (kind === 'email' ? emailTemplates : fileTemplates).data?.items ?? [];
    const chosen = list.find((x) => String(x.id) === form.values[name]);
    return (
      <Stack gap="1">
        <SelectField
          name={name}
          label={label}
          value={form.values[name]}
          onChange={form.set(name)}
          disabled={readOnly}
          required={type === 'F' && name === 'attachment_template_id'}
          options={[
            { value: '', label: t('notificationRules.noTemplate') },
            ...list.map((x) => ({ value: String(x.id), label: x.name })),
          ]}
          error={selectError(name, name === 'email_template_id' && form.touched.subject)}
        />
        <Button
          size="xs"
          variant="outline"
          alignSelf="start"
          disabled={!chosen}
          onClick={() => chosen && setPreview({ kind, template: chosen })}
          data-testid={`rule-preview-${kind}`}
        >
          {t('notificationRules.preview')}
        </Button>
      </Stack>
    );
  };
  const flagFields = (names: readonly RuleFlag[]) => (
    <FlagFields
      names={names}
      flags={flags}
      onChange={(name, on) => !readOnly && setFlags((f) => ({ ...f, [name]: on }))}
      label={(name) => t(`notificationRules.fields.${name}`)}
      hint={(name) =>
        name === 'all_locations'
          ? t('notificationRules.allLocationsHint')
          : name === 'only_daily'
            ? t('notificationRules.onlyDailyHint')
            : undefined
      }
    />
  );
  const submit = () => {
    form.touchAll();
    if (!isValid(errors) || !expressionsValid) return;
    form.submit(async () => {
      setExprErrors({});
      try {
        await save(ruleBody(form.values, flags, expressions, owner));
      } catch (error) {
        setExprErrors(expressionErrors(error));
        throw translatedRuleError(error, t);
      }
    });
  };
  return (
    <Card.Root data-testid="rule-form">
      <Card.Body>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="6">
            <Section title={t('notificationRules.sections.general')}>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {text('name', { required: true, maxLength: NOTIFICATION_RULE_LIMITS.name })}
                <SelectField
                  name="event"
                  label={t('notificationRules.fields.event')}
                  value={form.values.event}
                  onChange={form.set('event')}
                  disabled={readOnly}
                  required
                  options={NOTIFICATION_EVENTS.map((e) => ({
                    value: e,
                    label: t(`notificationRules.events.${e}`),
                  }))}
                  error={selectError('event', true)}
                />
                <SelectField
                  name="type"
                  label={t('notificationRules.fields.type')}
                  value={form.values.type}
                  onChange={(v) => {
                    form.set('type')(v);
                    if (form.values.server_id !== '') form.set('server_id')('');
                  }}
                  disabled={readOnly}
                  required
                  options={NOTIFICATION_RULE_TYPES.map((v) => ({
                    value: v,
                    label: t(`notificationRules.types.${v}`),
                  }))}
                  error={form.field('type').serverError}
                />
                <Flex align="end" pb="2">
                  {flagFields(['active'])}
                </Flex>
              </SimpleGrid>
              <Text fontSize="sm" color="fg.muted" data-testid="rule-event-hint">
                {t(`notificationRules.eventHints.${event}`)}
              </Text>
            </Section>
            {type === 'E' ? (
              <Section title={t('notificationRules.sections.email')} testId="rule-email-fields">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {text('email_from', { type: 'email', maxLength: NOTIFICATION_RULE_LIMITS.email })}
                  {text('email_from_name', { maxLength: NOTIFICATION_RULE_LIMITS.emailName })}
                  {text('email_to', { type: 'email', maxLength: NOTIFICATION_RULE_LIMITS.email })}
                  {text('email_to_name', { maxLength: NOTIFICATION_RULE_LIMITS.emailName })}
                </SimpleGrid>
                <Text fontSize="sm" color="fg.muted">
                  {t('notificationRules.emailHint')}
                </Text>
                {text('subject', { maxLength: NOTIFICATION_RULE_LIMITS.subject })}
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {templateSelect(
                    'email',
                    'email_template_id',
                    t('notificationRules.fields.email_template_id'),
                  )}
                  {orderEvent ? (
                    <>
                      {templateSelect(
                        'file',
                        'attachment_template_id',
                        t('notificationRules.fields.attachment_template_id'),
                      )}
                      {text('attachment_name', { maxLength: NOTIFICATION_RULE_LIMITS.attachmentName })}
                      <Flex align="end" pb="2">
                        {flagFields(['delivery_note_pdf'])}
                      </Flex>
                    </>
                  ) : null}
                </SimpleGrid>
              </Section>
            ) : (
              <Section title={t('notificationRules.sections.file')} testId="rule-file-fields">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {templateSelect(
                    'file',
                    'attachment_template_id',
                    t('notificationRules.fields.file_template_id'),
                  )}
                  {text('attachment_name', { maxLength: NOTIFICATION_RULE_LIMITS.attachmentName })}
                </SimpleGrid>
              </Section>
            )}
            <Section title={t('notificationRules.sections.delivery')}>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <Stack gap="1">
                  <SelectField
                    name="server_id"
                    label={t(`notificationRules.fields.server_id_${type}`)}
                    value={form.values.server_id}
                    onChange={form.set('server_id')}
                    disabled={readOnly}
                    required={type === 'F'}
                    options={[
                      { value: '', label: t('notificationRules.chooseServer') },
                      ...serverOptions.map((s) => ({
                        value: String(s.id),
                        label: `${s.name} (${t(`servers.types.${s.type}`)})`,
                      })),
                    ]}
                    error={selectError('server_id')}
                  />
                  {type === 'E' && form.values.server_id === '' ? (
                    <Text fontSize="sm" color="fg.muted" data-testid="rule-server-hint">
                      {t('notificationRules.serverHint')}
                    </Text>
                  ) : null}
                </Stack>
                {type === 'F' ? text('path', { maxLength: NOTIFICATION_RULE_LIMITS.path }) : null}
              </SimpleGrid>
              {orderEvent ? (
                <Stack gap="3">
                  {flagFields(['fetch_response'])}
                  {flags.fetch_response ? (
                    <>
                      {type === 'E' ? (
                        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                          <SelectField
                            name="response_server_id"
                            label={t('notificationRules.fields.response_server_id')}
                            value={form.values.response_server_id}
                            onChange={form.set('response_server_id')}
                            disabled={readOnly}
                            required
                            options={[
                              { value: '', label: t('notificationRules.chooseServer') },
                              ...responseServerOptions.map((s) => ({
                                value: String(s.id),
                                label: `${s.name} (${t(`servers.types.${s.type}`)})`,
                              })),
                            ]}
                            error={selectError('response_server_id')}
                          />
                          <TextField
                            {...form.field('response_path')}
                            label={t('notificationRules.fields.response_path_E')}
                            readOnly={readOnly}
                            maxLength={NOTIFICATION_RULE_LIMITS.path}
                          />
                        </SimpleGrid>
                      ) : (
                        text('response_path', { maxLength: NOTIFICATION_RULE_LIMITS.path })
                      )}
                      <ExpressionsEditor
                        value={expressions}
                        onChange={setExpressions}
                        serverErrors={exprErrors}
                        error={
                          exprErrors[-1] ??
                          (expressions.length === 0 ? t('notificationRules.expressionRequired') : undefined)
                        }
                        readOnly={readOnly}
                      />
                    </>
                  ) : null}
                </Stack>
              ) : null}
            </Section>
            <Section title={t('notificationRules.sections.schedule')}>
              {flagFields(['only_daily'])}
              {flags.only_daily ? (
                <SimpleGrid columns={{ base: 1, md: 2 }}>{text('daily_hour', { type: 'number' })}</SimpleGrid>
              ) : null}
              {ownerKind(owner) === 'customer' ? flagFields(['all_locations']) : null}
            </Section>
            {rule === null && type === 'E' ? (
              <Text fontSize="sm" color="fg.muted">
                {t('notificationRules.recipientsAfterSave')}
              </Text>
            ) : null}
            {form.failure ? (
              <FormMessage outcome={{ ok: false, text: form.failure }} testId="rule-form-failure" />
            ) : null}
            {canWrite ? (
              <HStack justify="end">
                <Button type="submit" colorPalette="blue" loading={form.locked} data-testid="rule-save">
                  {t('common.save')}
                </Button>
              </HStack>
            ) : null}
          </Stack>
        </form>
      </Card.Body>
      {preview ? (
        <PreviewDialog
          companyID={companyID}
          kind={preview.kind}
          template={preview.template}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </Card.Root>
  );
}
