import { AccessGroup, hasRole, Role } from '@kanban/access';
import { Badge, Button, Card, Field, Flex, Heading, IconButton, Input, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { FormDialog } from '../../shared/forms/FormDialog';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { Pager } from '../../shared/lists/ListControls';
import { useDebounced } from '../../shared/lists/useDebounced';
import { Icon } from '../../shared/icons';
import { useViewer } from '../../shared/session/useViewer';
import { useFormat } from '../../i18n/useFormat';
import { RuleDialog } from './RuleDialog';
import { RuleHistoryDialog } from './RuleHistoryDialog';
import {
  type KanbanRuleDto,
  type RuleRunReply,
  useDeleteRuleMutation,
  useExecuteRuleMutation,
  useRulesQuery,
  useSetStockMutation,
  useToggleRuleMutation,
} from './rulesApi';
import { FilterSwitch } from '../../shared/lists/FilterSwitch';

type RuleAction = 'history' | 'edit' | 'stock' | 'execute' | 'toggle' | 'delete';
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
  const format = useFormat();
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
  const [stock, setStock] = useState('');
  const [stockFailure, setStockFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ rule: KanbanRuleDto; confirm: boolean } | null>(null);
  const [setStockCall, settingStock] = useSetStockMutation();
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
        setStock(String(rule.stock));
        setStockFailure(null);
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

  const saveStock = () => {
    if (!stockOf) return;
    setStockCall({ companyID, ruleID: stockOf.id, stock: Number(stock) })
      .unwrap()
      .then((reply) => {
        setStockOf(null);
        decided(reply);
      })
      .catch((e: unknown) => setStockFailure(errorText(e, t)));
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
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="rule-table" aria-busy={isFetching}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('orders.sku')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('orders.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('rules.stock')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('rules.threshold')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('rules.capacity')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('rules.onOrder')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('rules.lastDecision')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('rules.scanCode')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {(data?.items ?? []).map((rule) => (
                    <Table.Row key={rule.id} data-testid={`rule-row-${rule.item.sku}`} opacity={rule.active ? 1 : 0.6}>
                      <Table.Cell>
                        {rule.item.sku}
                        {rule.active ? null : (
                          <Badge ml="2" colorPalette="gray">
                            {t('rules.inactive')}
                          </Badge>
                        )}
                      </Table.Cell>
                      <Table.Cell>{rule.item.name}</Table.Cell>
                      <Table.Cell textAlign="end" data-testid="rule-stock">
                        {rule.stock} {rule.item.item_unit}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{rule.threshold}</Table.Cell>
                      <Table.Cell textAlign="end">{rule.capacity}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {rule.on_order} {rule.item.order_unit}
                      </Table.Cell>
                      <Table.Cell data-testid="rule-decision">
                        {rule.last_decision ? (
                          <Stack gap="0">
                            <Text fontSize="sm">{t(`rules.reasons.${rule.last_decision.reason}`)}</Text>
                            <Text fontSize="xs" color="gray.600">
                              {format.dateTime(rule.last_decision.decided_at)}
                            </Text>
                          </Stack>
                        ) : (
                          <Text fontSize="sm" color="gray.600">
                            {t('rules.noDecision')}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell fontSize="sm">{rule.scan_code}</Table.Cell>
                      <Table.Cell>
                        <Menu.Root onSelect={(d) => act(rule, d.value as RuleAction)}>
                          <Menu.Trigger asChild>
                            <IconButton variant="ghost" size="xs" aria-label={t('lists.actionsFor', { name: rule.item.sku })} data-testid={`rule-actions-${rule.item.sku}`}>
                              <Icon name="dots" />
                            </IconButton>
                          </Menu.Trigger>
                          <Portal>
                            <Menu.Positioner>
                              <Menu.Content>
                                <Menu.Item value="history" data-testid="rule-action-history">
                                  {t('rules.history')}
                                </Menu.Item>
                                {canReport ? (
                                  <Menu.Item value="stock" data-testid="rule-action-stock">
                                    {t('rules.enterStock')}
                                  </Menu.Item>
                                ) : null}
                                {canWrite ? (
                                  <>
                                    <Menu.Item value="execute" disabled={!rule.active} data-testid="rule-action-execute">
                                      {t('rules.orderNow')}
                                    </Menu.Item>
                                    <Menu.Item value="edit" data-testid="rule-action-edit">
                                      {t('lists.edit')}
                                    </Menu.Item>
                                    <Menu.Item value="toggle" data-testid="rule-action-toggle">
                                      {t(rule.active ? 'lists.deactivate' : 'lists.activate')}
                                    </Menu.Item>
                                    <Menu.Item value="delete" color="fg.error" data-testid="rule-action-delete">
                                      {t('lists.delete')}
                                    </Menu.Item>
                                  </>
                                ) : null}
                              </Menu.Content>
                            </Menu.Positioner>
                          </Portal>
                        </Menu.Root>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            {data && data.items.length === 0 ? (
              <Text color="gray.600" data-testid="rule-none">
                {t('rules.none')}
              </Text>
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
      <FormDialog
        open={stockOf !== null}
        onClose={() => setStockOf(null)}
        title={t('rules.stockTitle', { sku: stockOf?.item.sku ?? '' })}
        testId="rule-stock-dialog"
        submitLabel={t('common.save')}
        canSubmit={stock.trim() !== '' && Number(stock) >= 0}
        busy={settingStock.isLoading}
        failure={stockFailure}
        onSubmit={saveStock}
      >
        <Field.Root required>
          <Field.Label>
            {t('rules.stock')} ({stockOf?.item.item_unit || '–'})
            <Field.RequiredIndicator />
          </Field.Label>
          <Input inputMode="decimal" value={stock} onChange={(e) => setStock(e.target.value.replace(',', '.'))} data-testid="rule-stock-input" />
        </Field.Root>
      </FormDialog>
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
