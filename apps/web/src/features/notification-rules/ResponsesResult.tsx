import { Alert, CloseButton, List, Stack, Text } from '@chakra-ui/react';
import type { NotificationRuleResponsesResult } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';

export type ResponsesOutcome = { ok: true; result: NotificationRuleResponsesResult } | { ok: false; message: string };

const OUTCOMES = ['applied', 'unmatched', 'unreadable', 'failed'] as const;

/** What "Read answers now" found: a summary by outcome and each answer file or mail with its orders and where it went. */
export function ResponsesResult({ outcome, onClose }: { outcome: ResponsesOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  let status: 'info' | 'warning' | 'error' = 'info';
  let summary: string;
  let files: NotificationRuleResponsesResult['files'] = [];
  if (!outcome.ok) {
    status = 'error';
    summary = t('notificationRules.responses.failed', { message: outcome.message });
  } else if (outcome.result.failure !== null) {
    status = 'error';
    summary = t('notificationRules.responses.folderFailed', { message: outcome.result.failure });
  } else if (outcome.result.files.length === 0) {
    summary = t('notificationRules.responses.none');
  } else {
    files = outcome.result.files;
    const counts = OUTCOMES.map((o) => [o, files.filter((f) => f.outcome === o).length] as const).filter(([, n]) => n > 0);
    if (files.some((f) => f.outcome !== 'applied')) status = 'warning';
    summary = `${t('notificationRules.responses.read', { count: files.length })} ${counts
      .map(([o, count]) => t(`notificationRules.responses.outcomes.${o}`, { count }))
      .join(', ')}`;
  }
  return (
    <Alert.Root status={status} data-testid="rule-responses-result">
      <Alert.Indicator />
      <Stack flex="1" gap="1">
        <Alert.Description>{summary}</Alert.Description>
        {files.length > 0 ? (
          <List.Root fontSize="sm" ps="4" data-testid="rule-responses-files">
            {files.map((file) => (
              <List.Item key={file.name}>
                <Text as="span" fontFamily="mono" wordBreak="break-all">
                  {file.name}
                </Text>
                {': '}
                {t(`notificationRules.responses.file.${file.outcome}`, { orders: file.orders.join(', '), count: file.orders.length })}
                {file.moved ? ` ${t('notificationRules.responses.moved', { folder: file.moved })}` : ''}
                {file.answer ? ` (${file.answer})` : ''}
              </List.Item>
            ))}
          </List.Root>
        ) : null}
      </Stack>
      <CloseButton size="sm" onClick={onClose} aria-label={t('common.close')} />
    </Alert.Root>
  );
}
