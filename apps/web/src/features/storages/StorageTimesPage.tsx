import { Alert, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { AccessGroup, hasRole } from '@kanban/access';
import { REQUISITION_SLOTS, SCHEDULE_DAYS, type LocationSchedule, type ScheduleDay } from '@kanban/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { PageSpinner } from '../../shared/errors/PageSpinner';
import { FormMessage } from '../../shared/forms/FormMessage';
import { useSubmitLock } from '../../shared/forms/useSubmitLock';
import { useAppDispatch } from '../../shared/hooks';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { useViewer } from '../../shared/session/useViewer';
import { LocationHeader } from '../headers';
import { ScheduleCard } from '../locations';
import { useStorageQuery, useUpdateStorageMutation } from './storagesApi';
import { useStorageNamed, useStoragePageIds } from './useStorageContext';

const copy = (schedule: LocationSchedule): LocationSchedule => {
  const out = {} as LocationSchedule;
  for (const day of SCHEDULE_DAYS) out[day] = [...schedule[day]];
  return out;
};

/**
 * …/storage/{storageID}/times: when the rack is read or counted, a weekly schedule in the location's structure
 * (times per weekday and for business days, the location's schedule card); saved with PATCH storage/{id}.
 */
export function StorageTimesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const ids = useStoragePageIds();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const storage = useStorageQuery(ids);
  const [save] = useUpdateStorageMutation();
  const { locked, run } = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<LocationSchedule | null>(null);
  const data = storage.data;
  useStorageNamed(data);
  useEffect(() => {
    if (data) setDraft(copy(data.schedule));
  }, [data]);
  const changed = Boolean(draft && data && JSON.stringify(draft) !== JSON.stringify(copy(data.schedule)));
  const toggle = (day: ScheduleDay, slot: (typeof REQUISITION_SLOTS)[number], on: boolean) =>
    setDraft((d) => {
      if (!d) return d;
      const slots = on ? [...d[day], slot] : d[day].filter((s) => s !== slot);
      return { ...d, [day]: REQUISITION_SLOTS.filter((s) => slots.includes(s)) };
    });
  const submit = () =>
    void run(async () => {
      if (!draft) return;
      setFailure(null);
      try {
        await save({ ...ids, body: { schedule: draft } }).unwrap();
        dispatch(snackbarShown({ message: t('storages.times.saved'), variant: 'success' }));
      } catch (error) {
        setFailure(errorText(error, t));
      }
    });
  return (
    <Stack gap="4" data-testid="storage-times">
      <LocationHeader companyID={ids.companyID} customerID={ids.customerID} locationID={ids.locationID} />
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {data ? t('storages.times.heading', { name: data.name }) : t('storages.times.title')}
        </Heading>
        {canWrite ? (
          <Button onClick={submit} disabled={!changed || locked} loading={locked} data-testid="times-save">
            {t('common.save')}
          </Button>
        ) : null}
      </Flex>
      <FormMessage outcome={failure ? { ok: false, text: failure } : null} testId="times-error" />
      {storage.error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorText(storage.error, t)}</Alert.Title>
        </Alert.Root>
      ) : draft ? (
        <ScheduleCard schedule={draft} canWrite={canWrite} onToggle={toggle} title={t('storages.times.scheduleTitle')} help={t('storages.times.scheduleHelp')} />
      ) : (
        <PageSpinner />
      )}
    </Stack>
  );
}
