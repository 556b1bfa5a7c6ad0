import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../errors/ErrorBox';

/**
 * A card of a role's home (issue 16): a titled list of the records the role works on (a supplier user's open
 * supplies, a customer user's locations), a link to the whole list beside the title, each row its text and its main
 * actions as buttons: side by side from 768 px, stacked on a phone. Says `empty` when there is nothing.
 */
export function HomeListCard<T>({
  testId,
  title,
  link,
  error,
  rows,
  empty,
  rowKey,
  rowTestId,
  main,
  actions,
}: {
  testId: string;
  title: string;
  /** the link beside the title (the whole list, the customer's page) */
  link: { to: string; label: string; testId?: string };
  error?: unknown;
  /** the rows; undefined while loading (no "nothing" then) */
  rows: readonly T[] | undefined;
  /** what an empty list says; its test id is `${testId}-empty` */
  empty: string;
  rowKey: (row: T) => string | number;
  rowTestId: (row: T) => string;
  /** the row's text: its name (a link) and a line or two about it */
  main: (row: T) => ReactNode;
  /** the row's buttons (none for roles that may only look) */
  actions?: (row: T) => ReactNode;
}) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <RouterLink to={link.to} data-testid={link.testId}>
            <Text as="span" color="blue.700">
              {link.label}
            </Text>
          </RouterLink>
        </Flex>
      </Card.Header>
      <Card.Body>
        {error ? <ErrorBox error={error} /> : null}
        {rows && rows.length === 0 ? (
          <Text color="gray.600" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
        ) : null}
        <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
          {(rows ?? []).map((row) => (
            <Flex
              as="li"
              key={rowKey(row)}
              gap="3"
              py="3"
              align={{ base: 'stretch', md: 'center' }}
              direction={{ base: 'column', md: 'row' }}
              borderTopWidth="1px"
              _first={{ borderTopWidth: 0 }}
              data-testid={rowTestId(row)}
            >
              <Box flex="1" minW="0">
                {main(row)}
              </Box>
              {actions ? actions(row) : null}
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
