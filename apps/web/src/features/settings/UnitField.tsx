import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useUnitName } from './useUnitName';

/**
 * A unit of a form (an item's item unit and order unit) as a choice of the company's units (settings "Units"), each
 * shown by its name in the interface language with the code ("Stück (PCE)"), the code stored. A code the item
 * already has that is no longer among the company's units stays offered, so editing keeps it; "none" leaves it empty.
 */
export function UnitField({
  name,
  label,
  value,
  onChange,
  serverError,
}: {
  name: string;
  label: string;
  /** the stored code ('' for none) */
  value: string;
  onChange: (code: string) => void;
  serverError?: string;
}) {
  const { t, i18n } = useTranslation();
  const units = useUnitName();
  const codes = [...new Set([...units.codes, ...(value.trim() ? [value] : [])])].sort((a, b) => units.label(a).localeCompare(units.label(b), i18n.language));
  return (
    <Field.Root invalid={Boolean(serverError)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('settings.units.noUnit')}</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {units.label(code)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {serverError ? <Field.ErrorText>{serverError}</Field.ErrorText> : null}
      {units.codes.length === 0 ? <Field.HelperText>{t('settings.units.noneDefined')}</Field.HelperText> : null}
    </Field.Root>
  );
}
