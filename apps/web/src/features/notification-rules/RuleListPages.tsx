import { Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CustomerHeader, LocationHeader, SupplierHeader } from '../headers';
import { FilterSwitch } from '../../shared/lists/FilterSwitch';
import { ListFrame } from '../../shared/lists/ListFrame';
import { useServerList } from '../../shared/lists/useServerList';
import { useViewer } from '../../shared/session/useViewer';
import {
  type NotificationRuleDto,
  type NotificationRuleSort,
  ownerKind,
  type RuleOwner,
  useCompanyNotificationRulesQuery,
  useNotificationRulesQuery,
} from './notificationRulesApi';
import { ownerPagePath } from './ruleForm';
import { RuleFilterBar, RuleTable, useRuleFilters } from './RuleList';
import { useRuleOwner } from './useRuleOwner';

/**
 * /c/{companyID}/settings/notifications/rules: every notification rule of the company (customers, their locations,
 * suppliers), searched, filtered by event, type and active, sorted and paged on the server; read only, each row
 * leads to the rule's page at its owner.
 */
export function CompanyNotificationRulesPage() {
  const { t } = useTranslation();
  const companyID = Number(useParams().companyID);
  const list = useServerList<NotificationRuleSort>('name');
  const filters = useRuleFilters();
  const { all: _all, ...params } = list.params;
  const result = useCompanyNotificationRulesQuery({ companyID, ...params, ...filters.params });
  return (
    <ListFrame
      title={t('notificationRules.title')}
      testId="notification-rules-page"
      filter={list.filter}
      onFilter={list.setFilter}
      filterLabel={t('notificationRules.filter')}
      filterTestId="rule-filter"
      error={result.error}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('notificationRules.overviewHint')}
      </Text>
      <RuleFilterBar filters={filters} onChange={() => list.setPage(1)} />
      <RuleTable
        companyID={companyID}
        result={result}
        sorting={list.sorting}
        onSort={list.setSorting}
        onPage={list.setPage}
        showOwner
        filtered={list.filtered || filters.filtered}
        none={t('notificationRules.noneCompany')}
        onReset={() => {
          list.reset();
          filters.reset();
        }}
      />
    </ListFrame>
  );
}

export function OwnerHeader({ owner }: { owner: RuleOwner }) {
  if (owner.supplierID) return <SupplierHeader companyID={owner.companyID} supplierID={owner.supplierID} />;
  if (owner.locationID)
    return (
      <LocationHeader
        companyID={owner.companyID}
        customerID={owner.customerID!}
        locationID={owner.locationID}
      />
    );
  return <CustomerHeader companyID={owner.companyID} customerID={owner.customerID!} />;
}

/**
 * .../customer/{customerID}/notifications, .../location/{locationID}/notifications, .../supplier/{supplierID}/notifications:
 * the owner's rules and "New rule". At a customer the switch adds its locations' rules; at a location the customer's
 * rules that apply there (marked, they are changed at the customer).
 */
export function OwnerNotificationRulesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owner = useRuleOwner();
  const kind = ownerKind(owner);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const list = useServerList<NotificationRuleSort>('name');
  const filters = useRuleFilters();
  const { all, ...params } = list.params;
  const result = useNotificationRulesQuery({
    owner,
    ...params,
    ...filters.params,
    all: kind === 'supplier' ? undefined : all,
  });
  const inherited = (r: NotificationRuleDto) => {
    if (kind === 'customer' && r.location_id) return t('notificationRules.ofLocation', { name: r.location });
    if (kind === 'location' && !r.location_id) return t('notificationRules.ofCustomer');
    return null;
  };
  return (
    <Stack gap="4">
      <OwnerHeader owner={owner} />
      <ListFrame
        title={t('notificationRules.title')}
        testId="owner-rules-page"
        create={
          canWrite
            ? {
                label: t('notificationRules.create'),
                onClick: () => void navigate(`${ownerPagePath(owner)}/new`),
                testId: 'rule-create',
              }
            : undefined
        }
        filter={list.filter}
        onFilter={list.setFilter}
        filterLabel={t('notificationRules.filter')}
        filterTestId="rule-filter"
        error={result.error}
      >
        <RuleFilterBar filters={filters} onChange={() => list.setPage(1)} />
        {kind !== 'supplier' ? (
          <FilterSwitch
            checked={list.all}
            onChange={list.setAll}
            label={
              kind === 'customer' ? t('notificationRules.allCustomer') : t('notificationRules.allLocation')
            }
            testId="rule-all"
          />
        ) : null}
        <RuleTable
          companyID={owner.companyID}
          result={result}
          sorting={list.sorting}
          onSort={list.setSorting}
          onPage={list.setPage}
          showOwner={false}
          inherited={inherited}
          filtered={list.filtered || filters.filtered}
          none={t('notificationRules.none')}
          onReset={() => {
            list.reset();
            filters.reset();
          }}
        />
      </ListFrame>
    </Stack>
  );
}
