import { Button, Dialog, Heading, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { Pager } from '../../shared/lists/ListControls';
import { useFormat } from '../../i18n/useFormat';
import { FillLevelSection } from './FillLevelSection';
import { type KanbanRuleDto, useRuleDecisionsQuery, useRuleStockQuery } from './rulesApi';

const PER_PAGE = 10;

/**
 * What happened to a rule: its fill level over a period as a chart (FillLevelSection), then, newest first, the decisions of the runs (why each ordered or did not, with stock, what
 * was on order and the order it placed) and the stock changes (entries, scans, edits). Pages on the server.
 */
export function RuleHistoryDialog({
  companyID,
  rule,
  onClose,
}: {
  companyID: number;
  rule: KanbanRuleDto;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // show_stock_in_app off: a customer user gets no stock figures, so none are shown (docs/ordering-flags.md)
  const hidden = rule.stock_hidden === true;
  const [decisionPage, setDecisionPage] = useState(1);
  const [stockPage, setStockPage] = useState(1);
  const decisions = useRuleDecisionsQuery({
    companyID,
    ruleID: rule.id,
    page: decisionPage,
    per_page: PER_PAGE,
  });
  const stock = useRuleStockQuery({ companyID, ruleID: rule.id, page: stockPage, per_page: PER_PAGE });
  const orderPath = (orderID: number) =>
    `/c/${companyID}/customer/${rule.customer_id}/location/${rule.location_id}/order/${orderID}`;
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="rule-history">
            <Dialog.Header>
              <Dialog.Title>{t('rules.historyTitle', { sku: rule.item.sku })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="6">
                <FillLevelSection
                  companyID={companyID}
                  ruleID={rule.id}
                  customerID={rule.customer_id}
                  locationID={rule.location_id}
                  sku={rule.item.sku}
                  onNavigate={onClose}
                />
                <Stack gap="2">
                  <Heading as="h3" size="sm">
                    {t('rules.decisions')}
                  </Heading>
                  {decisions.error ? <ErrorBox error={decisions.error} /> : null}
                  <Table.ScrollArea>
                    <Table.Root size="sm" data-testid="rule-decisions" aria-busy={decisions.isFetching}>
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>{t('rules.when')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rules.trigger')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rules.reason')}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">{hidden ? t('orderingFlags.levels') : t('rules.stock')}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">{t('rules.onOrder')}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">{t('rules.quantity')}</Table.ColumnHeader>
                          <Table.ColumnHeader>{t('rules.order')}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {(decisions.data?.items ?? []).map((d) => (
                          <Table.Row key={d.id} data-testid="rule-decision-row">
                            <Table.Cell whiteSpace="nowrap">{format.dateTime(d.decided_at)}</Table.Cell>
                            <Table.Cell>{t(`rules.triggers.${d.trigger}`)}</Table.Cell>
                            <Table.Cell>{t(`rules.reasons.${d.reason}`)}</Table.Cell>
                            <Table.Cell textAlign="end">
                              {hidden ? `${d.threshold} / ${d.capacity}` : `${d.stock} / ${d.threshold} / ${d.capacity}`}
                            </Table.Cell>
                            <Table.Cell textAlign="end">{d.on_order}</Table.Cell>
                            <Table.Cell textAlign="end">{d.quantity > 0 ? d.quantity : ''}</Table.Cell>
                            <Table.Cell>
                              {d.order_id ? (
                                <RouterLink to={orderPath(d.order_id)}>{d.order_id}</RouterLink>
                              ) : null}
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                  <Text fontSize="xs" color="gray.600">
                    {hidden ? t('orderingFlags.stockHidden') : t('rules.levelsHint')}
                  </Text>
                  {decisions.data && decisions.data.total === 0 ? (
                    <Text color="gray.600">{t('rules.noDecisions')}</Text>
                  ) : null}
                  {decisions.data && decisions.data.total > PER_PAGE ? (
                    <Pager
                      page={decisions.data.page}
                      perPage={decisions.data.per_page}
                      total={decisions.data.total}
                      onPage={setDecisionPage}
                    />
                  ) : null}
                </Stack>
                <Stack gap="2">
                  <Heading as="h3" size="sm">
                    {t('rules.stockChanges')}
                  </Heading>
                  {stock.error ? <ErrorBox error={stock.error} /> : null}
                  <Table.Root size="sm" data-testid="rule-stock-history" aria-busy={stock.isFetching}>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('rules.when')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('rules.kind')}</Table.ColumnHeader>
                        {hidden ? null : <Table.ColumnHeader textAlign="end">{t('rules.before')}</Table.ColumnHeader>}
                        {hidden ? null : <Table.ColumnHeader textAlign="end">{t('rules.after')}</Table.ColumnHeader>}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {(stock.data?.items ?? []).map((s) => (
                        <Table.Row key={s.id} data-testid="rule-stock-row">
                          <Table.Cell whiteSpace="nowrap">{format.dateTime(s.created_at)}</Table.Cell>
                          <Table.Cell>{t(`rules.stockKinds.${s.kind}`)}</Table.Cell>
                          {hidden ? null : <Table.Cell textAlign="end">{s.stock_before}</Table.Cell>}
                          {hidden ? null : (
                            <Table.Cell textAlign="end">
                              {s.stock} {rule.item.item_unit}
                            </Table.Cell>
                          )}
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                  {stock.data && stock.data.total === 0 ? (
                    <Text color="gray.600">{t('rules.noStockChanges')}</Text>
                  ) : null}
                  {stock.data && stock.data.total > PER_PAGE ? (
                    <Pager
                      page={stock.data.page}
                      perPage={stock.data.per_page}
                      total={stock.data.total}
                      onPage={setStockPage}
                    />
                  ) : null}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="rule-history-close">
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
