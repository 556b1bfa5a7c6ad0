import { Badge, Box, Card, Heading, Progress, Stack, Table, Text } from '@chakra-ui/react';
import type { AppUsageDto } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { CompanyHeader, useLicenseStatsQuery } from '../companies';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useStatsIds } from './StatsParts';

/** The role whose name labels each app usage count. */
const ROLE_OF = { user: 2, customer: 4, supplier: 5, readonly: 1 } as const;

const appUsageApi = api.injectEndpoints({
  endpoints: (build) => ({
    appUsage: build.query<AppUsageDto, void>({ query: () => 'user/appusage' }),
  }),
});

/**
 * settings/stats (owner group, spec clarifications): the company's licence statistics (seats per kind used
 * against the limit, app users included) and the signed-in user's app usage (roles per kind, app allowed).
 */
export function SettingsStatsPage() {
  const { t } = useTranslation();
  const { companyID } = useStatsIds();
  const license = useLicenseStatsQuery(companyID);
  const usage = appUsageApi.useAppUsageQuery();
  return (
    <Stack gap="5" data-testid="settings-stats-page">
      <CompanyHeader companyID={companyID} />
      <Heading size="lg">{t('stats.settings.title')}</Heading>
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">{t('stats.settings.licence')}</Heading>
        </Card.Header>
        <Card.Body>
          {license.error ? <ErrorBox error={license.error} /> : null}
          <Table.Root size="sm" data-testid="licence-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('stats.settings.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('stats.settings.used')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('stats.settings.limit')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('stats.settings.free')}</Table.ColumnHeader>
                <Table.ColumnHeader w="40%">{t('stats.settings.use')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(license.data?.kinds ?? []).map((k) => (
                <Table.Row key={k.kind}>
                  <Table.Cell>{t(`dashboard.seat.${k.kind}`)}</Table.Cell>
                  <Table.Cell textAlign="end">{k.used}</Table.Cell>
                  <Table.Cell textAlign="end">{k.limit}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {k.used >= k.limit ? <Badge colorPalette="red">{t('stats.settings.full')}</Badge> : k.limit - k.used}
                  </Table.Cell>
                  <Table.Cell>
                    <Progress.Root value={k.limit > 0 ? Math.min(100, (k.used / k.limit) * 100) : 0} colorPalette={k.used >= k.limit ? 'red' : 'blue'} size="sm" aria-label={t(`dashboard.seat.${k.kind}`)}>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">{t('stats.settings.appUsage')}</Heading>
        </Card.Header>
        <Card.Body>
          {usage.error ? <ErrorBox error={usage.error} /> : null}
          {usage.data ? (
            <Box data-testid="app-usage">
              <Text>
                {(['user', 'customer', 'supplier', 'readonly'] as const).map((k) => `${t(`roles.${ROLE_OF[k]}`)}: ${usage.data![k]}`).join(' · ')}
              </Text>
              <Badge mt="2" colorPalette={usage.data.allowed ? 'green' : 'gray'}>
                {usage.data.allowed ? t('stats.settings.appAllowed') : t('stats.settings.appNotAllowed')}
              </Badge>
            </Box>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
