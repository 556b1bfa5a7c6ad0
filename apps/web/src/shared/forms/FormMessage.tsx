import { Alert } from '@chakra-ui/react';

export interface FormOutcome {
  ok: boolean;
  text: string;
}

/** The outcome of a form's last submit: a success or error line above the fields; nothing before. */
export function FormMessage({ outcome, testId }: { outcome: FormOutcome | null; testId?: string }) {
  if (!outcome) return null;
  return (
    <Alert.Root status={outcome.ok ? 'success' : 'error'} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{outcome.text}</Alert.Title>
    </Alert.Root>
  );
}
