import { Checkbox, Stack } from '@chakra-ui/react';
import { useState } from 'react';

/** The on/off fields of a form, with their starting values (a new record: all off). */
export function useFlags<F extends string>(names: readonly F[], record: { [K in F]?: boolean } | null) {
  const [flags, setFlags] = useState(() => Object.fromEntries(names.map((n) => [n, record?.[n] ?? false])) as Record<F, boolean>);
  return { flags, set: (name: F, on: boolean) => setFlags((f) => ({ ...f, [name]: on })) };
}

/** One checkbox per flag, stacked. */
export function FlagFields<F extends string>({
  names,
  flags,
  onChange,
  label,
}: {
  names: readonly F[];
  flags: Record<F, boolean>;
  onChange: (name: F, on: boolean) => void;
  label: (name: F) => string;
}) {
  return (
    <Stack gap="2">
      {names.map((name) => (
        <Checkbox.Root key={name} checked={flags[name]} onCheckedChange={(e) => onChange(name, e.checked === true)} name={name}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{label(name)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}
