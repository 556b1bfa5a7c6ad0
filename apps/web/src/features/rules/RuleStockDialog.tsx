import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { useUnitName } from '../settings';
import { FormDialog } from '../../shared/forms/FormDialog';
import { type KanbanRuleDto, type RuleRunReply, useSetStockMutation } from './rulesApi';

/** Stock entry of a rule (open while `rule` is set): the counted stock in the item unit; the reply may order. */
export function RuleStockDialog({
  companyID,
  rule,
  onClose,
  onSaved,
}: {
  companyID: number;
  rule: KanbanRuleDto | null;
  onClose: () => void;
  onSaved: (reply: RuleRunReply) => void;
}) {
  const { t } = useTranslation();
  const units = useUnitName();
  const [stock, setStock] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<KanbanRuleDto | null>(null);
  const [setStockCall, settingStock] = useSetStockMutation();
  // a rule opened anew starts from its current stock (empty when the caller may not see it: show_stock_in_app off)
  if (rule !== shownFor) {
    setShownFor(rule);
    if (rule) {
      setStock(rule.stock === null ? '' : String(rule.stock));
      setFailure(null);
    }
  }

  const save = () => {
    if (!rule) return;
    setStockCall({ companyID, ruleID: rule.id, stock: Number(stock) })
      .unwrap()
      .then(onSaved)
      .catch((e: unknown) => setFailure(errorText(e, t)));
  };

  return (
    <FormDialog
      open={rule !== null}
      onClose={onClose}
      title={t('rules.stockTitle', { sku: rule?.item.sku ?? '' })}
      testId="rule-stock-dialog"
      submitLabel={t('common.save')}
      canSubmit={stock.trim() !== '' && Number(stock) >= 0}
      busy={settingStock.isLoading}
      failure={failure}
      onSubmit={save}
    >
      <Field.Root required>
        <Field.Label>
          {t('rules.stock')} ({rule?.item.item_unit ? units.label(rule.item.item_unit) : '–'})
          <Field.RequiredIndicator />
        </Field.Label>
        <Input inputMode="decimal" value={stock} onChange={(e) => setStock(e.target.value.replace(',', '.'))} data-testid="rule-stock-input" />
      </Field.Root>
    </FormDialog>
  );
}
