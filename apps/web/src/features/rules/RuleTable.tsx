import { Badge, Button, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/icons';
import { useFormat } from '../../i18n/useFormat';
import { useUnitName } from '../settings';
import type { KanbanRuleDto } from './rulesApi';

export type RuleAction = 'history' | 'edit' | 'stock' | 'execute' | 'toggle' | 'delete';

/**
 * The rules of a location, a row each (a card each on a phone): SKU and name, stock, threshold, capacity, on order,
 * the last decision and the actions menu; "Enter stock" is also the card's button for those who may report stock.
 */
export function RuleTable({
  rules,
  busy,
  canWrite,
  canReport,
  onAction,
}: {
  rules: KanbanRuleDto[];
  busy: boolean;
  canWrite: boolean;
  canReport: boolean;
  onAction: (rule: KanbanRuleDto, action: RuleAction) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const units = useUnitName();
  const columns: DataColumn<KanbanRuleDto>[] = [
    {
      key: 'sku',
      label: t('orders.sku'),
      cell: (rule) => (
        <>
          {rule.item.sku}
          {rule.active ? null : (
            <Badge ml="2" colorPalette="gray">
              {t('rules.inactive')}
            </Badge>
          )}
        </>
      ),
    },
    { key: 'name', label: t('orders.name'), cell: (rule) => rule.item.name },
    { key: 'stock', label: t('rules.stock'), align: 'end', testId: () => 'rule-stock', cell: (rule) => `${format.number(rule.stock)} ${units.name(rule.item.item_unit, rule.stock ?? undefined)}` },
    { key: 'threshold', label: t('rules.threshold'), align: 'end', cell: (rule) => format.number(rule.threshold) },
    { key: 'capacity', label: t('rules.capacity'), align: 'end', cell: (rule) => format.number(rule.capacity) },
    { key: 'onOrder', label: t('rules.onOrder'), align: 'end', cell: (rule) => `${format.number(rule.on_order)} ${units.name(rule.item.order_unit, rule.on_order)}` },
    {
      key: 'decision',
      label: t('rules.lastDecision'),
      testId: () => 'rule-decision',
      cell: (rule) =>
        rule.last_decision ? (
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
        ),
    },
    { key: 'scanCode', label: t('rules.scanCode'), cell: (rule) => rule.scan_code, cellProps: { fontSize: 'sm' } },
  ];
  // show_stock_in_app off: a customer user gets no stock (the server sends none), so the column goes
  const stockHidden = rules.length > 0 && rules.every((rule) => rule.stock_hidden === true);
  return (
    <DataTable
      label={t('rules.tableLabel')}
      testId="rule-table"
      rows={rules}
      rowKey={(rule) => rule.id}
      rowTestId={(rule) => `rule-row-${rule.item.sku}`}
      rowProps={(rule) => ({ opacity: rule.active ? 1 : 0.6 })}
      columns={stockHidden ? columns.filter((column) => column.key !== 'stock') : columns}
      busy={busy}
      actions={(rule) => <RuleActions rule={rule} canWrite={canWrite} canReport={canReport} onAction={(action) => onAction(rule, action)} />}
      mainAction={
        canReport
          ? (rule) => (
              <Button size="sm" colorPalette="blue" onClick={() => onAction(rule, 'stock')} data-testid={`rule-enter-stock-${rule.item.sku}`}>
                {t('rules.enterStock')}
              </Button>
            )
          : undefined
      }
    />
  );
}

/** A rule's actions: history for every reader, stock entry for reporters, the rest for writers. */
function RuleActions({
  rule,
  canWrite,
  canReport,
  onAction,
}: {
  rule: KanbanRuleDto;
  canWrite: boolean;
  canReport: boolean;
  onAction: (action: RuleAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu.Root onSelect={(d) => onAction(d.value as RuleAction)}>
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
  );
}
