import { Alert, Button, CloseButton, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { type NotificationRuleTriggerResult, ORDER_NOTIFICATION_EVENTS } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { errorText } from '../../shared/api/apiError';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useViewer } from '../../shared/session/useViewer';
import {
  useCreateNotificationRuleMutation,
  useDeleteNotificationRuleMutation,
  useNotificationRuleQuery,
  useReadNotificationRuleResponsesMutation,
  useTriggerNotificationRuleMutation,
  useUpdateNotificationRuleMutation,
} from './notificationRulesApi';
import { RecipientsSection } from './RecipientsSection';
import { type ResponsesOutcome, ResponsesResult } from './ResponsesResult';
import { ActiveBadge, TypeBadge } from './RuleBadges';
import { ownerPagePath } from './ruleForm';
import { RuleForm } from './RuleForm';
import { OwnerHeader } from './RuleListPages';
import { useRuleOwner } from './useRuleOwner';

type TriggerOutcome = { ok: true; result: NotificationRuleTriggerResult } | { ok: false; message: string };

/** What "Send now" did, in words. */
function TriggerResult({ outcome, onClose }: { outcome: TriggerOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  let text: string;
  if (!outcome.ok) text = t('notificationRules.trigger.failed', { message: outcome.message });
  else if (!outcome.result.event) text = t('notificationRules.trigger.noEvent');
  else {
    const on = {
      event: t(`notificationRules.events.${outcome.result.event.kind}`),
      order: outcome.result.event.order_id ?? '',
      at: dateTime(outcome.result.event.at),
    };
    const where = outcome.result.event.order_id
      ? t('notificationRules.trigger.onOrder', on)
      : t('notificationRules.trigger.onEvent', on);
    text =
      outcome.result.queued === 0
        ? `${where} ${t('notificationRules.trigger.already')}`
        : `${where} ${t('notificationRules.trigger.queued', { count: outcome.result.queued })}`;
  }
  return (
    <Alert.Root status={outcome.ok ? 'info' : 'error'} data-testid="rule-trigger-result">
      <Alert.Indicator />
      <Alert.Description flex="1">{text}</Alert.Description>
      <CloseButton size="sm" onClick={onClose} aria-label={t('common.close')} />
    </Alert.Root>
  );
}

/**
 * .../notifications/new and .../notifications/{ruleID} at a customer, location or supplier: the rule's form, its
 * recipients (e-mail rules), previews of its templates, "Send now" and delete (after asking).
 */
export function NotificationRulePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const owner = useRuleOwner();
  const param = useParams().ruleID;
  const ruleID = param ? Number(param) : null;
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const { data: rule, error } = useNotificationRuleQuery(
    { owner, ruleID: ruleID ?? 0 },
    { skip: ruleID === null },
  );
  const [create] = useCreateNotificationRuleMutation();
  const [update] = useUpdateNotificationRuleMutation();
  const [remove, { isLoading: removing }] = useDeleteNotificationRuleMutation();
  const [trigger, { isLoading: triggering }] = useTriggerNotificationRuleMutation();
  const [deleting, setDeleting] = useState(false);
  const [outcome, setOutcome] = useState<TriggerOutcome | null>(null);
  const [readResponses, { isLoading: reading }] = useReadNotificationRuleResponsesMutation();
  const [responses, setResponses] = useState<ResponsesOutcome | null>(null);
  const listUrl = ownerPagePath(owner);
  const saved = (name: string) =>
    dispatch(snackbarShown({ message: t('notificationRules.saved', { name }), variant: 'success' }));
  const confirmDelete = () =>
    rule &&
    remove({ owner, ruleID: rule.id })
      .unwrap()
      .then(() => {
        dispatch(
          snackbarShown({ message: t('notificationRules.deleted', { name: rule.name }), variant: 'success' }),
        );
        void navigate(listUrl);
      })
      .catch((e: unknown) => {
        setDeleting(false);
        dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
      });
  const sendNow = () =>
    rule &&
    trigger({ owner, ruleID: rule.id })
      .unwrap()
      .then((result) => setOutcome({ ok: true, result }))
      .catch((e: unknown) => setOutcome({ ok: false, message: errorText(e, t) }));
  const readNow = () =>
    rule &&
    readResponses({ owner, ruleID: rule.id })
      .unwrap()
      .then((result) => setResponses({ ok: true, result }))
      .catch((e: unknown) => setResponses({ ok: false, message: errorText(e, t) }));
  // journal entries and sensor alarms have no order to send again: "Send now" only for order events
  const sendable = rule ? ORDER_NOTIFICATION_EVENTS.includes(rule.event) : false;
  return (
    <Stack gap="4" data-testid="rule-page">
      <OwnerHeader owner={owner} />
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="1">
          <RouterLink to={listUrl} data-testid="rule-back">
            <Text as="span" fontSize="sm" color="blue.700">
              {t('notificationRules.backToList')}
            </Text>
          </RouterLink>
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h1" size="xl" data-testid="rule-title">
              {ruleID === null ? t('notificationRules.create') : (rule?.name ?? t('notificationRules.rule'))}
            </Heading>
            {rule ? <TypeBadge rule={rule} /> : null}
            {rule ? <ActiveBadge rule={rule} /> : null}
          </Flex>
        </Stack>
        {rule && canWrite ? (
          <Flex gap="2" wrap="wrap">
            {sendable ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void sendNow()}
                loading={triggering}
                data-testid="rule-trigger"
              >
                {t('notificationRules.trigger.button')}
              </Button>
            ) : null}
            {rule.fetch_response ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void readNow()}
                loading={reading}
                data-testid="rule-read-responses"
              >
                {t('notificationRules.responses.button')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setDeleting(true)}
              data-testid="rule-delete"
            >
              {t('lists.delete')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {error ? <ErrorBox error={error} /> : null}
      {outcome ? <TriggerResult outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      {responses ? <ResponsesResult outcome={responses} onClose={() => setResponses(null)} /> : null}
      {ruleID === null ? (
        <RuleForm
          owner={owner}
          rule={null}
          canWrite={canWrite}
          save={async (body) => {
            const created = await create({ owner, body }).unwrap();
            saved(created.name);
            void navigate(`${listUrl}/${created.id}`, { replace: true });
          }}
        />
      ) : rule ? (
        <>
          <RuleForm
            key={rule.id}
            owner={owner}
            rule={rule}
            canWrite={canWrite}
            save={async (body) => {
              const changed = await update({ owner, ruleID: rule.id, body }).unwrap();
              saved(changed.name);
            }}
          />
          {rule.type === 'E' ? <RecipientsSection owner={owner} rule={rule} canWrite={canWrite} /> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={t('notificationRules.deleteTitle')}
        text={t('notificationRules.deleteText', { name: rule?.name ?? '' })}
        confirmLabel={t('lists.delete')}
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
