import { Field, Input, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { INITIALS_MAX, PASSWORD_MIN } from './validation';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** i18n key of the error, shown once the field was touched */
  error?: string;
  touched?: boolean;
  /** the server's message for this field (Meta.field / Data.errors of a 1000 answer), shown as it is */
  serverError?: string;
  required?: boolean;
  type?: string;
  readOnly?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  maxLength?: number;
}

/** A labelled input with the required asterisk and its validation message (validates on change). */
export function TextField({
  name,
  label,
  value,
  onChange,
  error,
  touched = false,
  serverError,
  required,
  type = 'text',
  readOnly,
  multiline,
  autoComplete,
  maxLength,
}: Props) {
  const { t } = useTranslation();
  const clientInvalid = Boolean(error) && touched;
  const invalid = clientInvalid || Boolean(serverError);
  return (
    <Field.Root invalid={invalid} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? (
        <Textarea name={name} value={value} onChange={(e) => onChange(e.target.value)} rows={6} autoresize />
      ) : (
        <Input
          name={name}
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          maxLength={maxLength}
          bg={readOnly ? 'gray.100' : undefined}
        />
      )}
      {clientInvalid && error ? (
        <Field.ErrorText>{t(error, { min: PASSWORD_MIN, max: INITIALS_MAX })}</Field.ErrorText>
      ) : serverError ? (
        <Field.ErrorText>{serverError}</Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/** Extras of one text field of a record form. */
export interface TextFieldExtra {
  required?: boolean;
  multiline?: boolean;
  type?: string;
  maxLength?: number;
}

/**
 * The text fields of a form, drawn by name: value and server message from the form (useForm's `field`),
 * the label from `label(name)`, the client-side message from `errors`.
 */
export function textFieldsOf<K extends string>(
  form: { field: (name: K) => { name: string; value: string; onChange: (value: string) => void; touched: boolean; serverError?: string } },
  errors: Partial<Record<K, string>>,
  label: (name: K) => string,
) {
  return (name: K, extra: TextFieldExtra = {}) => (
    <TextField {...form.field(name)} label={label(name)} error={errors[name]} {...extra} />
  );
}
