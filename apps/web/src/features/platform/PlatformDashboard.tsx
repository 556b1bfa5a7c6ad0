import { Badge, Card, Heading, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { usePlatformCompaniesQuery } from './platformApi';

const RECENT = 10;

/** /platform: the operator's dashboard: companies, their users and licences, the newest companies. */
export function PlatformDashboard() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, error, isLoading } = usePlatformCompaniesQuery();
  const companies = data ?? [];
  const users = companies.reduce((sum, c) => sum + c.user_count, 0);
  const newest = [...companies].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, RECENT);
  return (
    <Stack gap="6" data-testid="platform-dashboard">
      <Heading as="h1" size="xl">
        {t('platform.title')}
      </Heading>
      {error ? <ErrorBox error={error} /> : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        <Card.Root size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('platform.companies')}</Stat.Label>
              <Stat.ValueText fontSize="2xl">{isLoading ? '…' : companies.length}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('platform.users')}</Stat.Label>
              <Stat.ValueText fontSize="2xl">{isLoading ? '…' : users}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {t('platform.recent')}
          </Heading>
        </Card.Header>
        <Card.Body overflowX="auto">
          {newest.length === 0 && !isLoading ? (
            <Text color="gray.600">{t('platform.none')}</Text>
          ) : (
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('platform.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('platform.created')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('platform.users')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('platform.maxUsers')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {newest.map((c) => (
                  <Table.Row key={c.id}>
                    <Table.Cell>
                      {c.name} {c.nr ? <Badge variant="subtle">{c.nr}</Badge> : null}
                    </Table.Cell>
                    <Table.Cell data-testid="dashboard-date">{format.date(c.created_at)}</Table.Cell>
                    <Table.Cell textAlign="end">{c.user_count}</Table.Cell>
                    <Table.Cell textAlign="end">{c.license.max_users}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
