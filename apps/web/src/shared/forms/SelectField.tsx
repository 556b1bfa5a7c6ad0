import { Field, NativeSelect } from '@chakra-ui/react';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  disabled?: boolean;
  /** the server's (or an already translated) message for this field */
  error?: string;
}

/** A labelled choice from a fixed list (native select), with the required asterisk and its message. */
export function SelectField({ name, label, value, onChange, options, required, disabled, error }: Props) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
