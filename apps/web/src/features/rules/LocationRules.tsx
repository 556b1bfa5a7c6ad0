import { AccessGroup, hasRole, Role } from '@kanban/access';
import { Button, Card, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { Pager } from '../../shared/lists/ListControls';
import { useDebounced } from '../../shared/lists/useDebounced';
import { Icon } from '../../shared/icons';
import { useViewer } from '../../shared/session/useViewer';
import { RuleDialog } from './RuleDialog';
import { RuleHistoryDialog } from './RuleHistoryDialog';
import { RuleStockDialog } from './RuleStockDialog';
import { type RuleAction, RuleTable } from './RuleTable';
import { type KanbanRuleDto, type RuleRunReply, useDeleteRuleMutation, useExecuteRuleMutation, useRulesQuery, useToggleRuleMutation } from './rulesApi';
import { EmptyList } from '../../shared/lists/EmptyList';
import { FilterSwitch } from '../../shared/lists/FilterSwitch';

const PER_PAGE = 25;

/**
 * The kanban rules of a location (location "kanban rules (items)", on its item page): stock, threshold, capacity,
 * what is on order and the last decision of a run (its reason translated); create and edit (dialog), stock entry,
 * "order now" (a run of the rule), activate/deactivate, delete (asks; 1002 asks again to drop the stock history,
 * 1007 explains open orders); the history (decisions of the runs and stock changes) for every reader. Filter and
 * pages on the server.
 */
export function LocationRules({ companyID, customerID, locationID }: { companyID: number; customerID: number; locationID: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const role = useViewer().role;
  const canWrite = hasRole(role, AccessGroup.user);
  const canReport = canWrite || role === Role.Customer;
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter.trim());
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useRulesQuery({ companyID, location_id: locationID, all, q: q || undefined, sort: 'sku', page, per_page: PER_PAGE });
  const [editing, setEditing] = useState<KanbanRuleDto | 'new' | null>(null);
  const [historyOf, setHistoryOf] = useState<KanbanRuleDto | null>(null);
  const [stockOf, setStockOf] = useState<KanbanRuleDto | null>(null);
  const [deleting, setDeleting] = useState<{ rule: KanbanRuleDto; confirm: boolean } | null>(null);
  const [execute] = useExecuteRuleMutation();
  const [toggle] = useToggleRuleMutation();
  const [remove, removing] = useDeleteRuleMutation();
  const say = (message: string, variant: 'success' | 'error' = 'success') => dispatch(snackbarShown({ message, variant }));
  const fail = (e: unknown) => say(errorText(e, t), 'error');
  const decided = (reply: RuleRunReply) =>
    say(
      reply.decision
        ? t('rules.decided', { sku: reply.rule.item.sku, reason: t(`rules.reasons.${reply.decision.reason}`) })
        : t('rules.stockSaved', { sku: reply.rule.item.sku }),
    );

  const act = (rule: KanbanRuleDto, action: RuleAction) => {
    switch (action) {
      case 'history':
        setHistoryOf(rule);
        break;
      case 'edit':
        setEditing(rule);
        break;
      case 'stock':
        setStockOf(rule);
        break;
      case 'execute':
        execute({ companyID, ruleID: rule.id }).unwrap().then(decided).catch(fail);
        break;
      case 'toggle':
        toggle({ companyID, ruleID: rule.id, active: !rule.active })
          .unwrap()
          .then((r) => say(t(r.active ? 'rules.activated' : 'rules.deactivated', { sku: r.item.sku })))
          .catch(fail);
        break;
      case 'delete':
        setDeleting({ rule, confirm: false });
        break;
    }
  };

  const doDelete = () => {
    if (!deleting) return;
    const { rule, confirm } = deleting;
    remove({ companyID, ruleID: rule.id, confirm })
      .unwrap()
      .then(() => {
        say(t('rules.deleted', { sku: rule.item.sku }));
        setDeleting(null);
      })
      .catch((e: unknown) => {
        // 1002: the rule has a stock history; ask once more, then delete with confirm=1
        if (isApiError(e) && e.code === 1002 && !confirm) setDeleting({ rule, confirm: true });
        else {
          setDeleting(null);
          fail(e);
        }
      });
  };

  return (
    <Stack gap="4" data-testid="location-rules">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="lg">
          {t('rules.title')}
        </Heading>
        {canWrite ? (
          <Button colorPalette="blue" onClick={() => setEditing('new')} data-testid="rule-create">
            <Icon name="add" />
            {t('rules.create')}
          </Button>
        ) : null}
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Flex gap="4" align="center" wrap="wrap">
              <Input
                maxW="320px"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value);
                  setPage(1);
                }}
                placeholder={t('rules.filter')}
                aria-label={t('rules.filter')}
                data-testid="rule-filter"
              />
              <FilterSwitch
                checked={all}
                onChange={(checked) => {
                  setAll(checked);
                  setPage(1);
                }}
                label={t('lists.showAll')}
                testId="rule-show-all"
              />
            </Flex>
            {error ? <ErrorBox error={error} /> : null}
            {data && data.items.length > 0 && data.items.every((rule) => rule.stock_hidden === true) ? (
              <Text fontSize="sm" color="gray.600" data-testid="rules-stock-hidden">
                {t('orderingFlags.stockHidden')}
              </Text>
            ) : null}
            <RuleTable rules={data?.items ?? []} busy={isFetching} canWrite={canWrite} canReport={canReport} onAction={act} />
            {data && data.items.length === 0 ? (
              <EmptyList
                filtered={q !== ''}
                none={t('rules.none')}
                onReset={() => {
                  setFilter('');
                  setPage(1);
                }}
                testId="rule-none"
              />
            ) : null}
            {data && data.total > 0 ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
          </Stack>
        </Card.Body>
      </Card.Root>
      {historyOf ? <RuleHistoryDialog companyID={companyID} rule={historyOf} onClose={() => setHistoryOf(null)} /> : null}
      {editing ? (
        <RuleDialog
          companyID={companyID}
          customerID={customerID}
          locationID={locationID}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(r) => {
            setEditing(null);
            say(t('rules.saved', { sku: r.item.sku }));
          }}
        />
      ) : null}
      <RuleStockDialog
        companyID={companyID}
        rule={stockOf}
        onClose={() => setStockOf(null)}
        onSaved={(reply) => {
          setStockOf(null);
          decided(reply);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('rules.deleteTitle')}
        text={
          deleting?.confirm
            ? t('rules.deleteHistoryText', { sku: deleting.rule.item.sku })
            : t('rules.deleteText', { sku: deleting?.rule.item.sku ?? '' })
        }
        confirmLabel={t('lists.delete')}
        busy={removing.isLoading}
        onConfirm={doDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
