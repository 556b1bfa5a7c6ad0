import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLabelPlaceholdersQuery } from './printingApi';
import { placeholderOf } from './templateXml';

/**
 * "Insert placeholder": the label placeholders by group (company, customer, item, kanban rule, location, …, as the
 * server lists them); choosing one inserts {{group.field}} (with the sample order's value beside it) at the XML's cursor, then the picker shows its prompt again.
 */
export function LabelPlaceholderPicker({ companyID, onPick, disabled }: { companyID: number; onPick: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const groups = useLabelPlaceholdersQuery({ companyID });
  return (
    <NativeSelect.Root size="sm" maxW="320px" disabled={disabled || !groups.data}>
      <NativeSelect.Field
        aria-label={t('printing.editor.insertPlaceholder')}
        value=""
        data-testid="label-placeholder"
        onChange={(e) => {
          if (e.target.value) onPick(e.target.value);
        }}
      >
        <option value="">{t('printing.editor.insertPlaceholder')}</option>
        {(groups.data ?? []).map(({ group, fields }) => (
          <optgroup key={group} label={t(`printing.groups.${group}`, { defaultValue: group })}>
            {fields.map(({ path, example }) => (
              <option key={path} value={placeholderOf(path)}>
                {example ? `${placeholderOf(path)} – ${example}` : placeholderOf(path)}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
