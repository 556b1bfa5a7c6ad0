import { Badge, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import type { SensorAlarmEntry, SensorPlace } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../shared/errors/ErrorBox';
import { useViewer } from '../../shared/session/useViewer';
import { useSensorAlarmsQuery } from './sensorsApi';

/** How often the card asks again (alarms come from the catalog's check, which runs every minute). */
const POLL_MS = 60_000;
/** The sensors the card lists (the counts cover all). */
const SHOWN = 8;

/** The rack plan a place links to. */
export function planPath(companyID: number, place: SensorPlace): string {
  return `/c/${companyID}/customer/${place.customer_id}/location/${place.location_id}/storage/${place.storage_id}/plan`;
}

function Place({ companyID, place }: { companyID: number; place: SensorPlace }) {
  const { t } = useTranslation();
  return (
    <RouterLink to={planPath(companyID, place)} data-testid="sensor-alarm-place">
      <Text as="span" color="blue.700" fontSize="sm">
        {place.label ? t('sensors.alarms.bin', { rack: place.storage_name, bin: place.label }) : place.storage_name}
      </Text>
    </RouterLink>
  );
}

function Entry({ companyID, entry, staff }: { companyID: number; entry: SensorAlarmEntry; staff: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex as="li" gap="2" wrap="wrap" align="center" justify="space-between" data-testid={`sensor-alarm-${entry.sensor.id}`}>
      <Stack gap="0" minW="0">
        {staff ? (
          <RouterLink to={`/c/${companyID}/settings/sensors`}>
            <Text as="span" color="blue.700" fontWeight="medium" wordBreak="break-word">
              {entry.sensor.name}
            </Text>
          </RouterLink>
        ) : (
          <Text fontWeight="medium" wordBreak="break-word">
            {entry.sensor.name}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          {entry.places.map((p) => (
            <Place key={`${p.storage_id}-${p.label ?? ''}`} companyID={companyID} place={p} />
          ))}
        </Flex>
      </Stack>
      <Flex gap="1" wrap="wrap">
        {entry.alarms.map((a) => (
          <Badge key={a} colorPalette={a === 'offline' ? 'red' : 'orange'} variant="subtle" data-testid={`sensor-alarm-kind-${a}`}>
            {t(`sensors.alarms.${a}`)}
          </Badge>
        ))}
      </Flex>
    </Flex>
  );
}

/**
 * "Sensor alarms" on the company, customer and location dashboards (docs/sensors.md "Alarms"): how many sensors are
 * offline or low on battery, and the first of them with the racks and bins they sit in, each linking to the rack's
 * plan (staff: the sensor's name to the sensor settings). For staff and customer users (the server leaves out what a
 * customer user's locations do not hold); nothing while no rack has a sensor with an alarm and none is unplaced.
 */
export function SensorAlarmsCard({ scope }: { scope: { companyID: number; customerID?: number; locationID?: number } }) {
  const { t } = useTranslation();
  const role = useViewer().role;
  const reads = hasRole(role, AccessGroup.customer);
  const staff = hasRole(role, AccessGroup.user);
  const result = useSensorAlarmsQuery(scope, { skip: !reads, pollingInterval: POLL_MS });
  if (!reads) return null;
  const data = result.data;
  return (
    <Card.Root size="sm" data-testid="sensor-alarms">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="sm">
            {t('sensors.alarms.title')}
          </Heading>
          <Badge colorPalette={data && data.total > 0 ? 'red' : 'green'} variant="subtle" data-testid="sensor-alarms-total">
            {data ? data.total : '…'}
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body>
        {result.error ? <ErrorBox error={result.error} /> : null}
        {data && data.total === 0 ? <Text color="gray.600">{t('sensors.alarms.none')}</Text> : null}
        {data && data.total > 0 ? (
          <Stack gap="3">
            <Text fontSize="sm" color="gray.600" data-testid="sensor-alarms-counts">
              {t('sensors.alarms.counts', { offline: data.offline, battery: data.battery_low })}
            </Text>
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
              {data.items.slice(0, SHOWN).map((entry) => (
                <Entry key={entry.sensor.id} companyID={scope.companyID} entry={entry} staff={staff} />
              ))}
            </Stack>
            {data.total > SHOWN ? <Text fontSize="sm">{t('sensors.alarms.more', { count: data.total - SHOWN })}</Text> : null}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
