import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';

/**
 * What an empty list says, and why (issue 16): emptied by a filter or search -> "No … match these filters" with a
 * button that resets them; truly empty -> the list's own plain sentence ("No customers yet."). Lists show it in place
 * of their rows and leave out pagers and bulk actions while there is nothing to act on.
 */
export function EmptyList({
  filtered,
  none,
  noMatch,
  onReset,
  testId = 'list-empty',
}: {
  /** a filter or search is set: the list is empty because of it */
  filtered: boolean;
  /** the sentence for a list with nothing in it at all */
  none: string;
  /** the sentence for a list a filter emptied (default: "Nothing matches these filters.") */
  noMatch?: string;
  /** clears every filter and the search (the reset button appears only with it) */
  onReset?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="3" wrap="wrap" py="2" data-testid={testId} data-filtered={filtered || undefined} role="status">
      <Text color="gray.600">{filtered ? (noMatch ?? t('lists.noMatch')) : none}</Text>
      {filtered && onReset ? (
        <Button size="sm" variant="outline" onClick={onReset} data-testid={`${testId}-reset`}>
          <Icon name="close" />
          {t('lists.resetFilters')}
        </Button>
      ) : null}
    </Flex>
  );
}
