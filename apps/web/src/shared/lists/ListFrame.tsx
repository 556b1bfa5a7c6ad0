import { Button, Card, Flex, Heading, Input, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../errors/ErrorBox';
import { Icon } from '../icons';
import { FilterSwitch } from './FilterSwitch';

interface Props {
  title: string;
  testId: string;
  /** the create button's label and action; none for users who may not write */
  create?: { label: string; onClick: () => void; testId: string };
  filter: string;
  onFilter: (value: string) => void;
  filterLabel: string;
  filterTestId: string;
  /** the show-all toggle (inactive entries too); lists without an active flag leave it out */
  all?: boolean;
  onAll?: (value: boolean) => void;
  error: unknown;
  children: ReactNode;
}

/** The frame of a master-data list: heading, create button, server-side filter, show-all toggle, errors. */
export function ListFrame({
  title,
  testId,
  create,
  filter,
  onFilter,
  filterLabel,
  filterTestId,
  all,
  onAll,
  error,
  children,
}: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid={testId}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {create ? (
          <Button colorPalette="blue" onClick={create.onClick} data-testid={create.testId}>
            <Icon name="add" />
            {create.label}
          </Button>
        ) : null}
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Flex gap="4" align="center" wrap="wrap">
              <Input
                maxW="320px"
                value={filter}
                onChange={(e) => onFilter(e.target.value)}
                placeholder={filterLabel}
                aria-label={filterLabel}
                data-testid={filterTestId}
              />
              {onAll ? (
                <FilterSwitch checked={all ?? false} onChange={onAll} label={t('lists.showAll')} testId="show-all" />
              ) : null}
            </Flex>
            {error ? <ErrorBox error={error} /> : null}
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
