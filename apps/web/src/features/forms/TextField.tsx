import { Field, Input, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** i18n key of the error, shown once the field was touched */
  error?: string;
  touched?: boolean;
  required?: boolean;
  type?: string;
  readOnly?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  maxLength?: number;
}

/** A labelled input with the required asterisk and its validation message (validates on change). */
export function TextField({ name, label, value, onChange, error, touched = true, required, type = 'text', readOnly, multiline, autoComplete, maxLength }: Props) {
  const { t } = useTranslation();
  const invalid = Boolean(error) && touched;
  return (
    <Field.Root invalid={invalid} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? (
        <Textarea name={name} value={value} onChange={(e) => onChange(e.target.value)} rows={6} autoresize />
      ) : (
        <Input name={name} type={type} value={value} onChange={(e) => onChange(e.target.value)} autoComplete={autoComplete} maxLength={maxLength} />
      )}
      {invalid && error ? <Field.ErrorText>{t(error, { min: 8, max: 2 })}</Field.ErrorText> : null}
    </Field.Root>
  );
}
