import { Switch } from '@chakra-ui/react';

/** A switch above a list that narrows or widens it (show all, paused only, restricted only, ...). */
export function FilterSwitch({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  testId: string;
}) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(e) => onChange(e.checked)} data-testid={testId}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
