import { NativeSelect } from '@chakra-ui/react';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A choice above a list that narrows it (a type, a state, a role, a period): the options in their order, optionally
 * led by an "all" option with the value ''. The list goes back to its first page on a change (the caller's onChange
 * does it: it knows its pager).
 */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  allLabel,
  onChange,
  testId,
  maxW = '220px',
}: {
  /** the accessible name (the filter's field) */
  label: string;
  value: V | '';
  options: readonly FilterOption<V>[];
  /** the text of the leading option '' (all values); none when absent */
  allLabel?: string;
  onChange: (value: V | '') => void;
  testId: string;
  maxW?: NativeSelect.RootProps['maxW'];
}) {
  return (
    <NativeSelect.Root maxW={maxW}>
      <NativeSelect.Field aria-label={label} value={value} data-testid={testId} onChange={(e) => onChange(e.target.value as V | '')}>
        {allLabel === undefined ? null : <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
