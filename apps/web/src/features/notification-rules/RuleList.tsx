import { Badge, Stack, Text } from '@chakra-ui/react';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_RULE_TYPES,
  type NotificationEvent,
  type NotificationRuleType,
  type Page,
} from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../shared/lists/DataTable';
import { EmptyList } from '../../shared/lists/EmptyList';
import { FilterSelect } from '../../shared/lists/FilterSelect';
import { Pager } from '../../shared/lists/ListControls';
import type { Sorting } from '../../shared/lists/ListControls';
import type { NotificationRuleDto, NotificationRuleSort } from './notificationRulesApi';
import { ActiveBadge, TypeBadge } from './RuleBadges';
import { rulePagePath } from './ruleForm';

/** The list filters beside the search: event, type, active. */
export function useRuleFilters() {
  const [event, setEvent] = useState<NotificationEvent | ''>('');
  const [type, setType] = useState<NotificationRuleType | ''>('');
  const [active, setActive] = useState<'' | '1' | '0'>('');
  return {
    event,
    type,
    active,
    setEvent,
    setType,
    setActive,
    params: {
      event: event || undefined,
      type: type || undefined,
      active: active === '' ? undefined : active === '1',
    },
    filtered: event !== '' || type !== '' || active !== '',
    reset: () => {
      setEvent('');
      setType('');
      setActive('');
    },
  };
}

type Filters = ReturnType<typeof useRuleFilters>;

const WIDTH = { base: 'full', md: '240px' };

/** The event, type and active selects; a change goes back to page 1. */
export function RuleFilterBar({ filters, onChange }: { filters: Filters; onChange: () => void }) {
  const { t } = useTranslation();
  const change = (set: (v: never) => void) => (value: string) => {
    set(value as never);
    onChange();
  };
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3">
      <FilterSelect
        label={t('notificationRules.fields.event')}
        value={filters.event}
        onChange={change(filters.setEvent)}
        testId="rule-event-filter"
        maxW={WIDTH}
        options={[
          { value: '', label: t('notificationRules.allEvents') },
          ...NOTIFICATION_EVENTS.map((e) => ({ value: e, label: t(`notificationRules.events.${e}`) })),
        ]}
      />
      <FilterSelect
        label={t('notificationRules.fields.type')}
        value={filters.type}
        onChange={change(filters.setType)}
        testId="rule-type-filter"
        maxW={WIDTH}
        options={[
          { value: '', label: t('notificationRules.allTypes') },
          ...NOTIFICATION_RULE_TYPES.map((v) => ({ value: v, label: t(`notificationRules.types.${v}`) })),
        ]}
      />
      <FilterSelect
        label={t('notificationRules.fields.active')}
        value={filters.active}
        onChange={change(filters.setActive)}
        testId="rule-active-filter"
        maxW={WIDTH}
        options={[
          { value: '', label: t('notificationRules.activeAny') },
          { value: '1', label: t('notificationRules.activeOnly') },
          { value: '0', label: t('notificationRules.inactiveOnly') },
        ]}
      />
    </Stack>
  );
}

/** Who owns a rule, in words: the customer, "customer · location", or the supplier. */
export function OwnerText({ rule }: { rule: NotificationRuleDto }) {
  const { t } = useTranslation();
  const [kind, name] = rule.supplier_id
    ? ['supplier', rule.supplier]
    : rule.location_id
      ? ['location', `${rule.customer} · ${rule.location}`]
      : ['customer', rule.customer];
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {t(`notificationRules.owners.${kind as 'supplier' | 'location' | 'customer'}`)}
      </Text>
      <Text>{name}</Text>
    </Stack>
  );
}

/**
 * The rules as a table: name (to the rule's page at its owner), optionally the owner, event, type, active and the
 * number of recipients; `inherited` marks rows that belong to another owner (shown read-only, with a badge).
 */
export function RuleTable({
  companyID,
  result,
  sorting,
  onSort,
  onPage,
  showOwner,
  inherited,
  filtered,
  none,
  onReset,
}: {
  companyID: number;
  result: { data?: Page<NotificationRuleDto>; isFetching: boolean };
  sorting: Sorting<NotificationRuleSort>;
  onSort: (s: Sorting<NotificationRuleSort>) => void;
  onPage: (page: number) => void;
  showOwner: boolean;
  inherited?: (rule: NotificationRuleDto) => string | null;
  filtered: boolean;
  none: string;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const columns: DataColumn<NotificationRuleDto, NotificationRuleSort>[] = [
    {
      key: 'name',
      label: t('notificationRules.fields.name'),
      sort: 'name',
      cell: (r) => (
        <Stack gap="1" align="start">
          <RouterLink to={rulePagePath(companyID, r)} data-testid={`rule-link-${r.id}`}>
            <Text as="span" color="blue.700" fontWeight="medium">
              {r.name}
            </Text>
          </RouterLink>
          {inherited?.(r) ? (
            <Badge size="sm" variant="outline" data-testid={`rule-inherited-${r.id}`}>
              {inherited(r)}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    ...(showOwner
      ? [
          {
            key: 'owner',
            label: t('notificationRules.fields.owner'),
            cell: (r: NotificationRuleDto) => <OwnerText rule={r} />,
          },
        ]
      : []),
    {
      key: 'event',
      label: t('notificationRules.fields.event'),
      sort: 'event',
      cell: (r) => t(`notificationRules.events.${r.event}`),
    },
    {
      key: 'type',
      label: t('notificationRules.fields.type'),
      sort: 'type',
      cell: (r) => <TypeBadge rule={r} />,
    },
    { key: 'active', label: t('notificationRules.fields.active'), cell: (r) => <ActiveBadge rule={r} /> },
    {
      key: 'recipients',
      label: t('notificationRules.recipientsCount'),
      align: 'end',
      cell: (r) => r.recipients.length,
      testId: (r) => `rule-recipients-${r.id}`,
    },
  ];
  const data = result.data;
  return (
    <>
      <DataTable
        label={t('notificationRules.title')}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        rowTestId={(r) => `rule-row-${r.id}`}
        busy={result.isFetching}
        sorting={sorting}
        onSort={onSort}
        columns={columns}
      />
      {data && data.items.length === 0 ? (
        <EmptyList filtered={filtered} none={none} onReset={onReset} testId="rule-empty" />
      ) : null}
      {data && data.total > 0 ? (
        <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={onPage} />
      ) : null}
    </>
  );
}
