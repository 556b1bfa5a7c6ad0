import { Badge, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrderQueueEntryDto, OrderQueueState } from './orderQueueApi';

const JOURNAL_CODES = [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007];
/** Errors the queue itself records, explained in the user's language; others show the server's message. */
const EXPLAINED = [2001, 2005];

export function statePalette(state: OrderQueueState): string {
  switch (state) {
    case 'waiting':
      return 'blue';
    case 'transmitted':
      return 'green';
    case 'error':
      return 'red';
  }
}

export function QueueStateBadge({ state, testId }: { state: OrderQueueState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={statePalette(state)} data-testid={testId}>
      {t(`orderQueue.states.${state}`)}
    </Badge>
  );
}

/** An entry's error: the journal code with its translated text, and what it means (or the server's message) below. */
export function QueueError({ error, testId }: { error: OrderQueueEntryDto['error']; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return <Text color="gray.500">–</Text>;
  return (
    <Stack gap="0" data-testid={testId}>
      <Text fontSize="sm">
        <Badge colorPalette="red" mr="2">
          {error.code}
        </Badge>
        {JOURNAL_CODES.includes(error.code) ? t(`journal.codes.${error.code}`) : t('orderQueue.error')}
      </Text>
      <Text fontSize="xs" color="gray.600">
        {EXPLAINED.includes(error.code) ? t(`orderQueue.errors.${error.code}`) : error.message}
      </Text>
    </Stack>
  );
}
