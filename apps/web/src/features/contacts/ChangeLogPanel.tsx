import { Badge, Box, Card, Flex, Heading, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { ChangeAction } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { Pager } from '../../shared/lists/ListControls';
import { type ChangeLogEntryDto, type ContactOwner, useChangesQuery } from './contactsApi';

const CUSTOMER_FIELDS = [
  'name',
  'nr',
  'extended',
  'description',
  'street',
  'postal',
  'city',
  'state',
  'country_iso',
  'vat_id',
  'auftragsnr',
  'bediener',
  'scan_id_prefix',
  'use_subscription',
  'use_backorder',
  'backorder_type',
  'use_request_workflow',
  'show_stock_in_app',
  'automatic_restock_days',
] as const;
const SUPPLIER_FIELDS = [
  'name',
  'nr',
  'ext_nr',
  'description',
  'street',
  'postal',
  'city',
  'state',
  'country_iso',
] as const;
const CONTACT_FIELDS = [
  'first_name',
  'name',
  'gender',
  'job_title',
  'email',
  'tel_mobile',
  'tel_office',
  'salutation_line',
  'ext_system_id',
  'main',
] as const;
const OTHER_FIELDS = ['inactive', 'active', 'service_fee_item_id', 'time_tracking_item_id'] as const;
export const CHANGE_KINDS = ['customer', 'supplier', 'contact', 'location', 'item', 'catalog', 'storage', 'storage_bin'] as const;
const ACTIONS: Record<ChangeAction, string> = { C: 'green', E: 'blue', D: 'red' };

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value);
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The field's label in the language (the entity's own field names), else the field as stored. */
export function fieldLabel(t: Translate, kind: string, field: string | null): string {
  if (field === null) return '';
  if (kind === 'contact' && isOneOf(CONTACT_FIELDS, field)) return t(`contacts.fields.${field}`);
  if (kind === 'customer' && isOneOf(CUSTOMER_FIELDS, field)) return t(`customers.fields.${field}`);
  if (kind === 'supplier' && isOneOf(SUPPLIER_FIELDS, field)) return t(`suppliers.fields.${field}`);
  if (isOneOf(OTHER_FIELDS, field)) return t(`changes.fields.${field}`);
  return field;
}

function kindLabel(t: Translate, kind: string): string {
  return isOneOf(CHANGE_KINDS, kind) ? t(`changes.kinds.${kind}`) : kind;
}

/** A logged value as shown: booleans as yes/no, empty and null as a dash. */
function valueText(t: Translate, value: string | null): string {
  if (value === null || value === '') return '–';
  if (value === 'true') return t('common.yes');
  if (value === 'false') return t('common.no');
  return value;
}

/**
 * The change log of a customer or supplier and everything under it (spec 3, 7 `changes/`): action, field,
 * old -> new value, user and time, newest first, paged on the server; `entity` narrows it to one record
 * (a contact's page), else the kind can be chosen.
 */
export function ChangeLogPanel({
  owner,
  entity,
  perPage = 10,
}: {
  owner: ContactOwner;
  entity?: { kind: string; id: number };
  perPage?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState('');
  const { data, error, isFetching } = useChangesQuery(
    {
      owner,
      entity_kind: entity?.kind ?? (kind || undefined),
      entity_id: entity?.id,
      page,
      per_page: perPage,
    },
    { refetchOnMountOrArgChange: true },
  );
  const row = (e: ChangeLogEntryDto) => (
    <Table.Row key={e.id} data-testid={`change-row-${e.id}`}>
      <Table.Cell whiteSpace="nowrap" data-testid="change-date">
        {format.dateTime(e.at)}
      </Table.Cell>
      {entity ? null : (
        <Table.Cell>
          {e.entity_kind === 'contact' ? (
            <RouterLink to={`/c/${owner.companyID}/${owner.kind}/${owner.id}/contacts/${e.entity_id}`}>
              <Text as="span" color="blue.700">
                {kindLabel(t, e.entity_kind)} #{e.entity_id}
              </Text>
            </RouterLink>
          ) : (
            <>
              {kindLabel(t, e.entity_kind)} #{e.entity_id}
            </>
          )}
        </Table.Cell>
      )}
      <Table.Cell>
        <Badge colorPalette={ACTIONS[e.action]} variant="subtle" data-testid="change-action">
          {t(`changes.actions.${e.action}`)}
        </Badge>
      </Table.Cell>
      <Table.Cell data-testid="change-field">{fieldLabel(t, e.entity_kind, e.field)}</Table.Cell>
      <Table.Cell data-testid="change-values">
        {e.action === 'E' ? (
          <>
            <Text as="span" color="gray.600">
              {valueText(t, e.old_value)}
            </Text>
            {' → '}
            <Text as="span" fontWeight="medium">
              {valueText(t, e.new_value)}
            </Text>
          </>
        ) : (
          valueText(t, e.action === 'C' ? e.new_value : e.old_value)
        )}
      </Table.Cell>
      <Table.Cell data-testid="change-user">
        {e.user_name || t('changes.unknownUser', { id: e.user_id })}
      </Table.Cell>
    </Table.Row>
  );
  return (
    <Card.Root data-testid="change-log">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('changes.title')}
          </Heading>
          {entity ? null : (
            <NativeSelect.Root size="sm" maxW="220px">
              <NativeSelect.Field
                aria-label={t('changes.kindFilter')}
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value);
                  setPage(1);
                }}
                data-testid="change-kind"
              >
                <option value="">{t('changes.allKinds')}</option>
                {CHANGE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`changes.kinds.${k}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {error ? <ErrorBox error={error} /> : null}
          <Box overflowX="auto">
            <Table.Root size="sm" aria-busy={isFetching}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('changes.at')}</Table.ColumnHeader>
                  {entity ? null : <Table.ColumnHeader>{t('changes.entity')}</Table.ColumnHeader>}
                  <Table.ColumnHeader>{t('changes.action')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('changes.field')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('changes.values')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('changes.user')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>{(data?.items ?? []).map(row)}</Table.Body>
            </Table.Root>
          </Box>
          {data && data.items.length === 0 ? <Text color="gray.600">{t('changes.none')}</Text> : null}
          {data && data.total > data.per_page ? (
            <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
