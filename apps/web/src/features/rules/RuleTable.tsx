import { Badge, IconButton, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/icons';
import { useFormat } from '../../i18n/useFormat';
import type { KanbanRuleDto } from './rulesApi';

export type RuleAction = 'history' | 'edit' | 'stock' | 'execute' | 'toggle' | 'delete';

/** The rules of a location, a row each: stock, threshold, capacity, on order, the last decision and the actions menu. */
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
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="rule-table" aria-busy={busy}>
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
          {rules.map((rule) => (
            <RuleRow key={rule.id} rule={rule} canWrite={canWrite} canReport={canReport} onAction={(action) => onAction(rule, action)} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function RuleRow({
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
  const format = useFormat();
  return (
    <Table.Row data-testid={`rule-row-${rule.item.sku}`} opacity={rule.active ? 1 : 0.6}>
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
        <RuleActions rule={rule} canWrite={canWrite} canReport={canReport} onAction={onAction} />
      </Table.Cell>
    </Table.Row>
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
