import { Badge, Flex, Stack, Text } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { SENSOR_TYPES, type SensorSort, type SensorType } from '@kanban/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { listTexts, ListPage, useListPage } from '../../shared/lists/ListPage';
import { useViewer } from '../../shared/session/useViewer';
import { SettingsTabs, translatedError } from '../settings';
import { DeviceKeyPanel } from './DeviceKeyPanel';
import { SensorDialog } from './SensorDialog';
import { type SensorDto, useDeleteSensorMutation, useSensorsQuery } from './sensorsApi';
import { ageText, sensorState } from './sensorStatus';
import { FilterSelect } from '../../shared/lists/FilterSelect';

/** The time the ages are measured against, moved on every half minute (the ages stay current). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /c/{companyID}/settings/sensors: the company's sensors, searched (name, external id), filtered by type, sorted and
 * paged on the server; last seen as an age ("never reported" without a reading) with the alarms' badges (offline,
 * battery low: the server's flags by the shared rule, docs/sensors.md "Alarms"), battery and signal; writers create, edit and delete (after asking). Admin and owner see the device key below.
 */
export function SensorsPage() {
  const { t, i18n } = useTranslation();
  const companyID = Number(useParams().companyID);
  const state = useListPage<SensorDto, SensorSort>('name');
  const [type, setType] = useState<SensorType | ''>('');
  const result = useSensorsQuery({ companyID, ...state.params, type: type || undefined }, { pollingInterval: 60_000 });
  const [remove] = useDeleteSensorMutation();
  const mayKey = hasRole(useViewer().role, AccessGroup.owner);
  const now = useNow();
  const lastSeen = (s: SensorDto) => {
    const seen = sensorState(s);
    return (
      <Flex gap="2" align="center" wrap="wrap" data-testid={`sensor-seen-${s.id}`}>
        <Text as="span" title={s.last_seen_at ?? undefined}>
          {s.last_seen_at ? ageText(s.last_seen_at, now, i18n.language) : t('sensors.never')}
        </Text>
        {seen === 'offline' ? (
          <Badge colorPalette="red" variant="subtle" data-testid={`sensor-offline-${s.id}`}>
            {t('sensors.offline')}
          </Badge>
        ) : null}
        {s.alarms.includes('battery_low') ? (
          <Badge colorPalette="orange" variant="subtle" data-testid={`sensor-battery-low-${s.id}`}>
            {t('sensors.batteryLow')}
          </Badge>
        ) : null}
        {!s.active ? (
          <Badge colorPalette="gray" variant="subtle">
            {t('sensors.inactive')}
          </Badge>
        ) : null}
      </Flex>
    );
  };
  return (
    <Stack gap="6">
      <ListPage
        kind="sensor"
        state={state}
        result={result}
        texts={listTexts(t, 'sensors')}
        header={<SettingsTabs companyID={companyID} />}
        filters={
          <FilterSelect
            label={t('sensors.fields.type')}
            value={type}
            testId="sensor-type-filter"
            maxW="320px"
            allLabel={t('sensors.allTypes')}
            options={SENSOR_TYPES.map((value) => ({ value, label: t(`sensors.types.${value}`) }))}
            onChange={(value) => {
              setType(value);
              state.list.setPage(1);
            }}
          />
        }
        filtered={type !== ''}
        onResetFilters={() => setType('')}
        columns={[
          { label: t('sensors.fields.name'), sort: 'name', render: (s) => s.name },
          { label: t('sensors.fields.external_id'), sort: 'external_id', render: (s) => s.external_id },
          { label: t('sensors.fields.type'), sort: 'type', render: (s) => `${t(`sensors.types.${s.type}`)} (${t(`sensors.units.${s.unit}`)})` },
          { label: t('sensors.fields.last_seen_at'), sort: 'last_seen_at', render: lastSeen },
          { label: t('sensors.fields.battery'), render: (s) => (s.battery === null ? '–' : `${s.battery} %`) },
          { label: t('sensors.fields.signal'), render: (s) => (s.signal === null ? '–' : `${s.signal} dBm`) },
        ]}
        failureText={translatedError}
        actions={{ remove: (s) => remove({ companyID, id: s.id }).unwrap() }}
        dialog={(sensor, onClose) => <SensorDialog companyID={companyID} sensor={sensor} onClose={onClose} />}
      />
      {mayKey ? <DeviceKeyPanel companyID={companyID} /> : null}
    </Stack>
  );
}
