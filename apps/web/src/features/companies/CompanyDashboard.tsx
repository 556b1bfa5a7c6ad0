import { Badge, Box, Card, Flex, Heading, Progress, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole, Role } from '@kanban/access';
import type { CompanyUserDto } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../i18n/useFormat';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { CompanyEditButton } from '../settings';
import { useViewer } from '../../shared/session/useViewer';
import { useCompanyQuery, useCompanyUsersQuery, useLicenseStatsQuery } from './companiesApi';
import { CompanyHeader } from './CompanyHeader';
import { ReplenishmentOverview } from '../dashboards';
import { SensorAlarmsCard } from '../sensors';
import { RoleHome } from './RoleHome';

const RECENT = 5;

/** Members per role, for the counts card. */
export function countByRole(users: readonly CompanyUserDto[]): Partial<Record<Role, number>> {
  const counts: Partial<Record<Role, number>> = {};
  for (const u of users) counts[u.role] = (counts[u.role] ?? 0) + 1;
  return counts;
}

/**
 * /c/{companyID}/: the company, its members and licence use, recent activity; for customer and supplier users first
 * their daily work (RoleHome: their locations with stock entry, their open supplies).
 */
export function CompanyDashboard() {
  const { t } = useTranslation();
  const format = useFormat();
  const companyID = Number(useParams().companyID);
  const viewer = useViewer();
  const staff = hasRole(viewer.role, AccessGroup.user);
  const owner = hasRole(viewer.role, AccessGroup.owner);
  const { data: company } = useCompanyQuery(companyID);
  const users = useCompanyUsersQuery(
    { companyID, per_page: 200, sort: 'created_at', order: 'desc' },
    { skip: !staff },
  );
  const license = useLicenseStatsQuery(companyID, { skip: !owner });
  const members = users.data?.items ?? [];
  const counts = countByRole(members);

  return (
    <Stack gap="6" data-testid="company-dashboard">
      <CompanyHeader companyID={companyID} />
      {owner ? <CompanyEditButton companyID={companyID} /> : null}
      {/* a supplier user's open supplies, a customer user's locations (their daily work), before the figures */}
      <RoleHome companyID={companyID} role={viewer.role} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Card.Root size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('dashboard.yourRole')}</Stat.Label>
              <Stat.ValueText fontSize="xl">
                {viewer.role !== undefined ? t(`roles.${viewer.role}`) : '–'}
              </Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('dashboard.since')}</Stat.Label>
              <Stat.ValueText fontSize="xl" data-testid="dashboard-date">
                {format.date(company?.created_at)}
              </Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
        {staff ? (
          <Card.Root size="sm">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{t('dashboard.members')}</Stat.Label>
                <Stat.ValueText fontSize="xl" data-testid="dashboard-members">
                  {users.data?.total ?? '…'}
                </Stat.ValueText>
              </Stat.Root>
              <Text fontSize="xs" color="gray.600">
                {t('dashboard.pending', { count: members.filter((m) => m.invitation_pending).length })}
              </Text>
            </Card.Body>
          </Card.Root>
        ) : null}
        {staff ? (
          <Card.Root size="sm">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{t('dashboard.appUsers')}</Stat.Label>
                <Stat.ValueText fontSize="xl">
                  {users.data ? members.filter((m) => m.app).length : '…'}
                </Stat.ValueText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ) : null}
      </SimpleGrid>
      <ReplenishmentOverview scope={{ companyID }} />
      <SensorAlarmsCard scope={{ companyID }} />

      {staff ? (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('dashboard.byRole')}
              </Heading>
            </Card.Header>
            <Card.Body>
              {users.error ? <ErrorBox error={users.error} /> : null}
              <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
                {[Role.Owner, Role.Admin, Role.Writer, Role.Readonly, Role.Customer, Role.Supplier].map(
                  (role) => (
                    <Flex as="li" key={role} justify="space-between">
                      <Text>{t(`roles.${role}`)}</Text>
                      <Badge variant="subtle" colorPalette="blue">
                        {counts[role] ?? 0}
                      </Badge>
                    </Flex>
                  ),
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('dashboard.recentActivity')}
              </Heading>
            </Card.Header>
            <Card.Body>
              {members.length === 0 ? (
                <Text color="gray.600">{t('dashboard.noActivity')}</Text>
              ) : (
                <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="dashboard-activity">
                  {members.slice(0, RECENT).map((m) => (
                    <Flex as="li" key={m.id} justify="space-between" gap="3">
                      <Text>
                        {t(m.invitation_pending ? 'dashboard.invited' : 'dashboard.joined', {
                          name: `${m.first_name} ${m.last_name}`.trim() || m.email,
                          role: t(`roles.${m.role}`),
                        })}
                      </Text>
                      <Text color="gray.600" fontSize="sm" flexShrink={0} data-testid="dashboard-date">
                        {format.date(m.created_at)}
                      </Text>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      ) : null}

      {owner ? (
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md">
              {t('dashboard.license')}
            </Heading>
          </Card.Header>
          <Card.Body>
            {license.error ? <ErrorBox error={license.error} /> : null}
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              {(license.data?.kinds ?? []).map((k) => (
                <Box key={k.kind}>
                  <Flex justify="space-between" fontSize="sm" mb="1">
                    <Text>{t(`dashboard.seat.${k.kind}`)}</Text>
                    <Text>{t('dashboard.usedOf', { used: k.used, limit: k.limit })}</Text>
                  </Flex>
                  <Progress.Root
                    value={k.limit > 0 ? Math.min(100, (k.used / k.limit) * 100) : 0}
                    colorPalette={k.used >= k.limit ? 'red' : 'blue'}
                    size="sm"
                    aria-label={t(`dashboard.seat.${k.kind}`)}
                  >
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                </Box>
              ))}
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      ) : null}
    </Stack>
  );
}
