import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

/** The on/off fields of a form, with their starting values (a new record: all off). */
export function useFlags<F extends string>(names: readonly F[], record: { [K in F]?: boolean } | null) {
  const [flags, setFlags] = useState(() => Object.fromEntries(names.map((n) => [n, record?.[n] ?? false])) as Record<F, boolean>);
  return { flags, set: (name: F, on: boolean) => setFlags((f) => ({ ...f, [name]: on })) };
}

/** One checkbox per flag, stacked; `hint` explains a flag below its box (linked to it for screen readers). */
export function FlagFields<F extends string>({
  names,
  flags,
  onChange,
  label,
  hint,
}: {
  names: readonly F[];
  flags: Record<F, boolean>;
  onChange: (name: F, on: boolean) => void;
  label: (name: F) => string;
  hint?: (name: F) => string | undefined;
}) {
  return (
    <Stack gap="2">
      {names.map((name) => {
        const text = hint?.(name);
        return (
          <Stack key={name} gap="0.5">
            <Checkbox.Root checked={flags[name]} onCheckedChange={(e) => onChange(name, e.checked === true)} name={name}>
              <Checkbox.HiddenInput aria-describedby={text ? `flag-hint-${name}` : undefined} />
              <Checkbox.Control />
              <Checkbox.Label>{label(name)}</Checkbox.Label>
            </Checkbox.Root>
            {text ? (
              <Text id={`flag-hint-${name}`} data-testid={`flag-hint-${name}`} fontSize="sm" color="gray.600" ps="6">
                {text}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
