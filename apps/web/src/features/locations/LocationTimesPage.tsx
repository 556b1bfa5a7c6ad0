import { AccessGroup, hasRole } from '@kanban/access';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { REQUISITION_SLOTS, SCHEDULE_DAYS, WEEKDAYS, type ScheduleDay } from '@kanban/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/apiError';
import { useAppDispatch } from '../../shared/hooks';
import { FormMessage } from '../../shared/forms/FormMessage';
import { useSubmitLock } from '../../shared/forms/useSubmitLock';
import { LocationHeader } from '../headers';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { useViewer } from '../../shared/session/useViewer';
import {
  type LocationDto,
  type LocationSchedule,
  type Weekday,
  useUpdateLocationDeliveryMutation,
} from './locationsApi';
import { useLocationContext } from './useLocationContext';
import { DeliveryDaysCard, ScheduleCard } from './LocationTimesCards';

interface Draft {
  delivery: Weekday[];
  schedule: LocationSchedule;
}

function draftOf(location: LocationDto): Draft {
  const schedule = {} as LocationSchedule;
  for (const day of SCHEDULE_DAYS) schedule[day] = [...location.schedule[day]];
  return { delivery: [...location.delivery_days], schedule };
}

const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * /c/.../location/{locationID}/times: when the location is checked and ordered (requisition slots per weekday
 * and for business days) and on which weekdays it accepts deliveries; saved with PATCH location/{id}/delivery.
 */
export function LocationTimesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canWrite = hasRole(useViewer().role, AccessGroup.user);
  const { ids, location } = useLocationContext();
  const [save] = useUpdateLocationDeliveryMutation();
  const { locked, run } = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const saved = location.data ? draftOf(location.data) : null;
  useEffect(() => {
    if (location.data) setDraft(draftOf(location.data));
  }, [location.data]);
  const current = draft ?? saved;
  const changed = Boolean(current && saved && !same(current, saved));

  const toggleSlot = (day: ScheduleDay, slot: (typeof REQUISITION_SLOTS)[number], on: boolean) =>
    setDraft((d) => {
      const base = d ?? saved!;
      const slots = on ? [...base.schedule[day], slot] : base.schedule[day].filter((s) => s !== slot);
      return {
        ...base,
        schedule: { ...base.schedule, [day]: REQUISITION_SLOTS.filter((s) => slots.includes(s)) },
      };
    });
  const toggleDay = (day: Weekday, on: boolean) =>
    setDraft((d) => {
      const base = d ?? saved!;
      const days = on ? [...base.delivery, day] : base.delivery.filter((x) => x !== day);
      return { ...base, delivery: WEEKDAYS.filter((x) => days.includes(x)) };
    });
  const submit = () =>
    void run(async () => {
      if (!current) return;
      setFailure(null);
      try {
        await save({
          ...ids,
          body: { delivery_days: current.delivery, schedule: current.schedule },
        }).unwrap();
        dispatch(snackbarShown({ message: t('locations.times.saved'), variant: 'success' }));
      } catch (error) {
        setFailure(errorText(error, t));
      }
    });
  return (
    <Stack gap="4" data-testid="location-times">
      <LocationHeader {...ids} />
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('locations.times.title')}
        </Heading>
        {canWrite ? (
          <Button onClick={submit} disabled={!changed || locked} loading={locked} data-testid="times-save">
            {t('common.save')}
          </Button>
        ) : null}
      </Flex>
      <FormMessage outcome={failure ? { ok: false, text: failure } : null} testId="times-error" />
      {current ? (
        <>
          <ScheduleCard schedule={current.schedule} canWrite={canWrite} onToggle={toggleSlot} />
          <DeliveryDaysCard delivery={current.delivery} canWrite={canWrite} onToggle={toggleDay} />
        </>
      ) : null}
    </Stack>
  );
}
