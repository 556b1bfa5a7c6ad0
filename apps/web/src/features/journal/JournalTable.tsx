import { Badge, Button, Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import type { JournalEntryDto } from './journalApi';
import { journalText } from './journalText';

const CODES = [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007] as const;

interface ContextLink {
  key: string;
  label: string;
  to: string | null;
}

/**
 * Where an entry happened: run, rule (its item's SKU and name, linking to the location's rules), the rack's plan and
 * the sensor (entries of sensors, by their params), order, customer, location (by name, with links; an id only where the
 * name is no longer known).
 */
function contextOf(entry: JournalEntryDto, companyID: number, t: (key: string, options?: Record<string, unknown>) => string): ContextLink[] {
  const parts: ContextLink[] = [];
  const c = `/c/${companyID}`;
  const customerID = entry.customer_id ?? entry.rule_customer_id;
  const locationID = entry.location_id ?? entry.rule_location_id;
  if (entry.run_id !== null) parts.push({ key: 'run', label: t('journalMessages.links.run', { id: entry.run_id }), to: null });
  if (entry.rule_id !== null) {
    const name = entry.rule_sku ? (entry.rule_item_name ? `${entry.rule_sku} – ${entry.rule_item_name}` : entry.rule_sku) : `#${entry.rule_id}`;
    const to = customerID !== null && locationID !== null ? `${c}/customer/${customerID}/location/${locationID}/item` : null;
    parts.push({ key: 'rule', label: t('journalMessages.links.rule', { name }), to });
  }
  // sensor entries (2007 sensor_negative): the rack's plan and the sensors' settings
  const p = entry.params ?? {};
  if (Number.isInteger(p.storage_id) && typeof p.storage === 'string') {
    const to = customerID !== null && locationID !== null ? `${c}/customer/${customerID}/location/${locationID}/storage/${String(p.storage_id)}/plan` : null;
    parts.push({ key: 'rack', label: t('journalMessages.links.rack', { name: p.storage, bin: typeof p.bin === 'string' ? p.bin : '' }), to });
  }
  if (Number.isInteger(p.sensor_id) && typeof p.sensor === 'string') parts.push({ key: 'sensor', label: t('journalMessages.links.sensor', { name: p.sensor }), to: `${c}/settings/sensors` });
  if (entry.order_id !== null) parts.push({ key: 'order', label: t('journalMessages.links.order', { id: entry.order_id }), to: `${c}/order/${entry.order_id}` });
  if (entry.customer_id !== null)
    parts.push({ key: 'customer', label: t('journalMessages.links.customer', { name: entry.customer_name ?? `#${entry.customer_id}` }), to: `${c}/customer/${entry.customer_id}` });
  if (entry.location_id !== null && entry.customer_id !== null)
    parts.push({
      key: 'location',
      label: t('journalMessages.links.location', { name: entry.location_name ?? `#${entry.location_id}` }),
      to: `${c}/customer/${entry.customer_id}/location/${entry.location_id}`,
    });
  return parts;
}

function EntryContext({ entry, companyID }: { entry: JournalEntryDto; companyID: number }) {
  const { t } = useTranslation();
  const parts = contextOf(entry, companyID, t);
  return (
    <Stack gap="0.5" data-testid={`journal-context-${entry.id}`}>
      {parts.map((p) =>
        p.to ? (
          <RouterLink key={p.key} to={p.to} data-testid={`journal-link-${p.key}-${entry.id}`}>
            <Text as="span" color="blue.700">
              {p.label}
            </Text>
          </RouterLink>
        ) : (
          <Text as="span" key={p.key}>
            {p.label}
          </Text>
        ),
      )}
    </Stack>
  );
}

/** The entry's sentence in the interface language, its technical details below. */
function EntryMessage({ entry }: { entry: JournalEntryDto }) {
  const { i18n, t } = useTranslation();
  const { text, details } = journalText(entry, i18n);
  return (
    <Stack gap="1" data-testid={`journal-message-${entry.id}`}>
      <Text>{text}</Text>
      {details ? (
        <Text fontSize="xs" color="gray.600" wordBreak="break-word">
          {t('journalMessages.details')}: {details}
        </Text>
      ) : null}
    </Stack>
  );
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
  const companyID = Number(useParams().companyID);
  const known = (code: number) => CODES.includes(code as (typeof CODES)[number]);
  const columns: DataColumn<JournalEntryDto>[] = [
    { key: 'createdAt', label: t('journal.fields.created_at'), cell: (entry) => format.dateTime(entry.created_at), cellProps: { whiteSpace: 'nowrap' } },
    {
      key: 'select',
      label: '',
      cell: (entry) => (
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
      ),
      cellProps: { w: '8' },
    },
    {
      key: 'code',
      label: t('journal.fields.code'),
      cell: (entry) => (
        <>
          <Badge colorPalette={entry.code === 2000 ? 'red' : 'orange'} title={known(entry.code) ? t(`journal.codes.${entry.code}`) : undefined}>
            {entry.code}
          </Badge>{' '}
          {known(entry.code) ? t(`journal.codes.${entry.code}`) : ''}
        </>
      ),
      cellProps: { whiteSpace: 'normal' },
    },
    {
      key: 'message',
      label: t('journal.fields.message'),
      cell: (entry) =>
        entry.dead_letter ? (
          <Stack gap="2" data-testid={`journal-dead-letter-${entry.id}`}>
            <Text fontWeight="semibold">{t('journal.deadLetter')}</Text>
            <EntryMessage entry={entry} />
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
          <EntryMessage entry={entry} />
        ),
      cellProps: { whiteSpace: 'normal', minW: '16rem' },
    },
    {
      key: 'context',
      label: t('journal.fields.context'),
      cell: (entry) => <EntryContext entry={entry} companyID={companyID} />,
      cellProps: { fontSize: 'sm', color: 'gray.600', whiteSpace: 'normal', minW: '8rem' },
    },
    {
      key: 'acknowledgedAt',
      label: t('journal.fields.acknowledged_at'),
      cell: (entry) => (entry.acknowledged_at ? format.dateTime(entry.acknowledged_at) : '–'),
      cellProps: { whiteSpace: 'nowrap' },
    },
  ];
  return (
    <Stack gap="2">
      <Checkbox.Root checked={allOnPage} disabled={open.length === 0} onCheckedChange={(e) => open.forEach((entry) => toggle(entry.id, !!e.checked))}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontSize="sm">{t('journal.selectPage')}</Checkbox.Label>
      </Checkbox.Root>
      <DataTable
        label={t('journal.title')}
        testId="journal-table"
        rows={items}
        rowKey={(entry) => entry.id}
        rowTestId={(entry) => `journal-row-${entry.id}`}
        busy={isFetching}
        columns={columns}
      />
    </Stack>
  );
}
