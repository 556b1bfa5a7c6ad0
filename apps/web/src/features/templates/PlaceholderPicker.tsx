import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PLACEHOLDER_FAMILIES } from './placeholders';

/**
 * "Insert placeholder": the placeholders of docs/notification-templates.md grouped by family; choosing one inserts it
 * at the cursor of the part last edited (`onPick`), then the picker returns to its prompt.
 */
export function PlaceholderPicker({ onPick, testId }: { onPick: (name: string) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm" maxW="320px">
      <NativeSelect.Field
        aria-label={t('templates.insertPlaceholder')}
        value=""
        data-testid={testId}
        onChange={(e) => {
          if (e.target.value) onPick(e.target.value);
        }}
      >
        <option value="">{t('templates.insertPlaceholder')}</option>
        {PLACEHOLDER_FAMILIES.map(({ family, names }) => (
          <optgroup key={family} label={t(`templates.families.${family}`)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {`{{${name}}}`}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
