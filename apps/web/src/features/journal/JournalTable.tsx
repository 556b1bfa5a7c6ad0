import { Badge, Button, Checkbox, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import type { JournalEntryDto } from './journalApi';

const CODES = [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007] as const;

/** Where an entry happened: run, rule, order, customer, location (those it names). */
function contextOf(entry: JournalEntryDto, t: (key: string, options?: Record<string, unknown>) => string): string {
  const parts: string[] = [];
  if (entry.run_id !== null) parts.push(t('journal.context.run', { id: entry.run_id }));
  if (entry.rule_id !== null) parts.push(t('journal.context.rule', { id: entry.rule_id }));
  if (entry.order_id !== null) parts.push(t('journal.context.order', { id: entry.order_id }));
  if (entry.customer_id !== null) parts.push(t('journal.context.customer', { id: entry.customer_id }));
  if (entry.location_id !== null) parts.push(t('journal.context.location', { id: entry.location_id }));
  return parts.join(' · ');
}

/**
 * The journal entries of a page: a box per open entry (and one for all open entries of the page), time, code with its
 * text, message (a dead letter with "Retry now" and "Discard"), context and when it was acknowledged.
 */
export function JournalTable({
  items,
  open,
  isFetching,
  selected,
  allOnPage,
  toggle,
  retrying,
  discarding,
  onRetry,
  onDiscard,
}: {
  items: JournalEntryDto[];
  open: JournalEntryDto[];
  isFetching: boolean;
  selected: Set<number>;
  allOnPage: boolean;
  toggle: (id: number, on: boolean) => void;
  retrying: boolean;
  discarding: boolean;
  onRetry: (id: number) => void;
  onDiscard: (id: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-busy={isFetching} data-testid="journal-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="8">
              <Checkbox.Root
                checked={allOnPage}
                disabled={open.length === 0}
                onCheckedChange={(e) => open.forEach((entry) => toggle(entry.id, !!e.checked))}
                aria-label={t('journal.selectPage')}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('journal.fields.created_at')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('journal.fields.code')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('journal.fields.message')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('journal.fields.context')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('journal.fields.acknowledged_at')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((entry) => (
            <Table.Row key={entry.id} data-testid={`journal-row-${entry.id}`}>
              <Table.Cell>
                <Checkbox.Root
                  checked={selected.has(entry.id)}
                  disabled={entry.acknowledged_at !== null}
                  onCheckedChange={(e) => toggle(entry.id, !!e.checked)}
                  aria-label={t('journal.select', { id: entry.id })}
                  data-testid={`journal-select-${entry.id}`}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{format.dateTime(entry.created_at)}</Table.Cell>
              <Table.Cell whiteSpace="normal">
                <Badge colorPalette={entry.code === 2000 ? 'red' : 'orange'} title={CODES.includes(entry.code as (typeof CODES)[number]) ? t(`journal.codes.${entry.code}`) : undefined}>
                  {entry.code}
                </Badge>{' '}
                {CODES.includes(entry.code as (typeof CODES)[number]) ? t(`journal.codes.${entry.code}`) : ''}
              </Table.Cell>
              <Table.Cell whiteSpace="normal" minW="16rem">
                {entry.dead_letter ? (
                  <Stack gap="2" data-testid={`journal-dead-letter-${entry.id}`}>
                    <Text fontWeight="semibold">{t('journal.deadLetter')}</Text>
                    <Text>{entry.message}</Text>
                    <Text fontSize="sm" color="gray.600">
                      {t('journal.deadLetterHint')}
                    </Text>
                    <Flex gap="2" wrap="wrap">
                      <Button size="xs" colorPalette="blue" loading={retrying} disabled={discarding} onClick={() => onRetry(entry.id)} data-testid={`journal-retry-${entry.id}`}>
                        {t('journal.retry')}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" disabled={retrying || discarding} onClick={() => onDiscard(entry.id)} data-testid={`journal-discard-${entry.id}`}>
                        {t('journal.discard')}
                      </Button>
                    </Flex>
                  </Stack>
                ) : (
                  entry.message
                )}
              </Table.Cell>
              <Table.Cell fontSize="sm" color="gray.600" whiteSpace="normal" minW="8rem">
                {contextOf(entry, t)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{entry.acknowledged_at ? format.dateTime(entry.acknowledged_at) : '–'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
