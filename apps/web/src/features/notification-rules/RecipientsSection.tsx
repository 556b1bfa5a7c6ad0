import { Badge, Button, Card, Flex, Heading, IconButton, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { Icon } from '../../shared/icons';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { DataTable } from '../../shared/lists/DataTable';
import {
  type NotificationRecipientDto,
  type NotificationRuleDto,
  type RuleOwner,
  useDeleteRuleRecipientMutation,
  useUpdateRuleRecipientMutation,
} from './notificationRulesApi';
import { RecipientDialog } from './RecipientDialog';

/** The recipients of an e-mail rule: who gets it (to or cc), added from contacts, users or addresses, removed after asking. */
export function RecipientsSection({
  owner,
  rule,
  canWrite,
}: {
  owner: RuleOwner;
  rule: NotificationRuleDto;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<NotificationRecipientDto | null>(null);
  const [update] = useUpdateRuleRecipientMutation();
  const [remove, { isLoading: busy }] = useDeleteRuleRecipientMutation();
  const failed = (e: unknown) => dispatch(snackbarShown({ message: errorText(e, t), variant: 'error' }));
  const label = (r: NotificationRecipientDto) => r.name || r.email;
  const confirmRemove = () => {
    if (!removing) return;
    remove({ owner, ruleID: rule.id, id: removing.id })
      .unwrap()
      .then(() =>
        dispatch(
          snackbarShown({
            message: t('notificationRules.recipient.removed', { name: label(removing) }),
            variant: 'success',
          }),
        ),
      )
      .catch(failed)
      .finally(() => setRemoving(null));
  };
  return (
    <Card.Root data-testid="rule-recipients">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('notificationRules.recipients')}
          </Heading>
          {canWrite ? (
            <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)} data-testid="recipient-add">
              <Icon name="add" />
              {t('notificationRules.recipient.add')}
            </Button>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body>
        {rule.recipients.length === 0 ? (
          <Text color="fg.muted" data-testid="recipients-none">
            {t('notificationRules.recipient.none')}
          </Text>
        ) : (
          <DataTable
            label={t('notificationRules.recipients')}
            rows={rule.recipients}
            rowKey={(r) => r.id}
            rowTestId={(r) => `recipient-row-${r.id}`}
            size="sm"
            columns={[
              {
                key: 'name',
                label: t('notificationRules.recipient.name'),
                cell: (r) => (
                  <Stack gap="0">
                    <Text fontWeight="medium">{r.name || '–'}</Text>
                    <Badge size="sm" variant="subtle" alignSelf="start">
                      {t(`notificationRules.recipient.kinds.${r.kind}`)}
                    </Badge>
                  </Stack>
                ),
              },
              { key: 'email', label: t('notificationRules.recipient.email'), cell: (r) => r.email || '–' },
              {
                key: 'cc',
                label: t('notificationRules.recipient.ccShort'),
                cell: (r) => (
                  <Switch.Root
                    size="sm"
                    checked={r.cc}
                    disabled={!canWrite}
                    onCheckedChange={(e) =>
                      void update({ owner, ruleID: rule.id, id: r.id, body: { cc: e.checked } })
                        .unwrap()
                        .catch(failed)
                    }
                    data-testid={`recipient-cc-${r.id}`}
                  >
                    <Switch.HiddenInput aria-label={t('notificationRules.recipient.cc')} />
                    <Switch.Control />
                  </Switch.Root>
                ),
              },
            ]}
            actionsLabel={canWrite ? t('lists.actions') : undefined}
            actions={
              canWrite
                ? (r) => (
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={t('notificationRules.recipient.remove', { name: label(r) })}
                      onClick={() => setRemoving(r)}
                      data-testid={`recipient-remove-${r.id}`}
                    >
                      <Icon name="close" />
                    </IconButton>
                  )
                : undefined
            }
          />
        )}
      </Card.Body>
      {adding ? <RecipientDialog owner={owner} ruleID={rule.id} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('notificationRules.recipient.removeTitle')}
        text={t('notificationRules.recipient.removeText', { name: removing ? label(removing) : '' })}
        confirmLabel={t('notificationRules.recipient.removeButton')}
        busy={busy}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Card.Root>
  );
}
