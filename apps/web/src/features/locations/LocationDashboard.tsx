import { AccessGroup, hasRole } from '@kanban/access';
import { Badge, Button, Card, DataList, Flex, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { BUSINESS_DAYS, REQUISITION_SLOTS, WEEKDAYS } from '@kanban/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LocationHeader } from '../headers';
import { EntityImages } from '../../shared/images';
import { useViewer } from '../../shared/session/useViewer';
import { LocationDialog } from './LocationDialog';
import { useLocationContext } from './useLocationContext';
import { ReplenishmentOverview } from '../dashboards';
import { SensorAlarmsCard } from '../sensors';

/** /c/{companyID}/customer/{customerID}/location/{locationID}/: the location's header, data, delivery, schedule and images. */
export function LocationDashboard() {
  const { t, i18n } = useTranslation();
  const number = (value: number, options?: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(i18n.language, options).format(value);
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const { ids, location } = useLocationContext();
  const [editing, setEditing] = useState(false);
  const l = location.data;
  const row = (label: string, value: string | number) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value === '' ? '–' : value}</DataList.ItemValue>
    </DataList.Item>
  );
  const card = (title: string, rows: [string, string | number][], extra?: ReactNode) => (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal">
          {rows.map(([label, value]) => row(label, value))}
        </DataList.Root>
        {extra}
      </Card.Body>
    </Card.Root>
  );
  const days = (list: readonly string[]) =>
    list.length
      ? WEEKDAYS.filter((d) => list.includes(d))
          .map((d) => t(`locations.weekdays.${d}`))
          .join(', ')
      : t('locations.noDays');
  return (
    <Stack gap="4" data-testid="location-dashboard">
      <LocationHeader {...ids} />
      <ReplenishmentOverview scope={ids} />
      <SensorAlarmsCard scope={ids} />
      {l ? (
        <>
          <Flex gap="2" wrap="wrap" align="center">
            {l.inactive_at ? <Badge colorPalette="gray">{t('lists.inactive')}</Badge> : null}
            {canWrite ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(true)}
                data-testid="location-edit"
              >
                {t('locations.edit')}
              </Button>
            ) : null}
            <Button size="sm" variant="outline" asChild>
              <RouterLink
                to={`/c/${ids.companyID}/customer/${ids.customerID}/location/${ids.locationID}/times`}
                data-testid="location-times-link"
              >
                {t('locations.times.title')}
              </RouterLink>
            </Button>
          </Flex>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {card(t('locations.address'), [
              [t('locations.fields.street'), l.street],
              [t('locations.fields.city'), [l.postal, l.city].filter(Boolean).join(' ')],
              [t('locations.fields.country_iso'), l.country_iso ? t(`countries.${l.country_iso}`) : ''],
              [
                t('locations.geo'),
                l.geo_lat !== null && l.geo_long !== null
                  ? `${number(l.geo_lat, { maximumFractionDigits: 6 })}, ${number(l.geo_long, { maximumFractionDigits: 6 })}`
                  : '',
              ],
              [t('locations.fields.nr'), l.nr],
              [t('locations.fields.extended_name'), l.extended_name],
            ])}
            {card(t('locations.groups.site'), [
              [t('locations.fields.recipient'), l.recipient],
              [t('locations.fields.building'), l.building],
              [t('locations.fields.room'), l.room],
              [t('locations.fields.plant'), l.plant],
              [t('locations.fields.site_code'), l.site_code],
              [t('locations.fields.trolley_number'), l.trolley_number],
            ])}
            {card(t('locations.groups.erp'), [
              [t('locations.fields.cost_center'), l.cost_center],
              [t('locations.fields.r3_plant'), l.r3_plant],
              [t('locations.fields.account_assignment_number'), l.account_assignment_number],
              [t('locations.fields.account_assignment_type'), l.account_assignment_type],
              [t('locations.fields.ext_system_id'), l.ext_system_id],
            ])}
            {card(t('locations.groups.service'), [
              [t('locations.fields.delivery_days'), days(l.delivery_days)],
              [
                t('locations.fields.service_fee_quantity'),
                number(l.service_fee_quantity, { style: 'currency', currency: 'EUR' }),
              ],
              [t('locations.fields.take_picture'), t(`locations.takePicture.${l.take_picture}`)],
              [t('locations.fields.deltakanban'), t(l.deltakanban ? 'common.yes' : 'common.no')],
              [t('locations.fields.adhoc'), t(l.adhoc ? 'common.yes' : 'common.no')],
            ])}
            {card(
              t('locations.times.scheduleTitle'),
              WEEKDAYS.map((day): [string, string] => {
                const slots = REQUISITION_SLOTS.filter(
                  (slot) =>
                    l.schedule[day].includes(slot) ||
                    (BUSINESS_DAYS.includes(day) && l.schedule.business_days.includes(slot)),
                );
                return [t(`locations.weekdays.${day}`), slots.join(', ')];
              }),
            )}
          </SimpleGrid>
          <EntityImages
            companyID={ids.companyID}
            owner={{ field: 'location_id', id: ids.locationID }}
            entityTag={{ type: 'Location', id: ids.locationID }}
          />
          {editing ? (
            <LocationDialog
              companyID={ids.companyID}
              customerID={ids.customerID}
              location={l}
              onClose={() => setEditing(false)}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
