import { AccessGroup, hasRole } from '@kanban/access';
import { Box, Button, Card, Checkbox, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import {
  BUSINESS_DAYS,
  REQUISITION_SLOTS,
  SCHEDULE_DAYS,
  WEEKDAYS,
  type ScheduleDay,
} from '@kanban/contracts';
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

/** Business days first (they apply Monday to Friday), then the single weekdays. */
const ROWS: readonly ScheduleDay[] = ['business_days', ...WEEKDAYS];

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
  const dayLabel = (day: ScheduleDay) =>
    day === 'business_days' ? t('locations.times.businessDays') : t(`locations.weekdays.${day}`);
  /** A slot's checkbox; a weekday slot that only the business-days row sets shows as indeterminate. */
  const box = (
    testId: string,
    label: string,
    checked: boolean,
    implied: boolean,
    onChange: (on: boolean) => void,
  ) => (
    <Checkbox.Root
      data-testid={testId}
      data-implied={implied && !checked ? 'true' : undefined}
      checked={checked ? true : implied ? 'indeterminate' : false}
      disabled={!canWrite}
      onCheckedChange={(e) => onChange(e.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
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
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('locations.times.scheduleTitle')}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {t('locations.times.scheduleHelp')}
              </Text>
            </Card.Header>
            <Card.Body>
              <Box overflowX="auto">
                <Table.Root size="sm" data-testid="times-schedule">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('locations.times.day')}</Table.ColumnHeader>
                      {REQUISITION_SLOTS.map((slot) => (
                        <Table.ColumnHeader key={slot} textAlign="center">
                          {slot}
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {ROWS.map((day) => (
                      <Table.Row key={day}>
                        <Table.Cell fontWeight={day === 'business_days' ? 'semibold' : undefined}>
                          {dayLabel(day)}
                        </Table.Cell>
                        {REQUISITION_SLOTS.map((slot) => {
                          const byBusinessDays =
                            day !== 'business_days' &&
                            (BUSINESS_DAYS as readonly string[]).includes(day) &&
                            current.schedule.business_days.includes(slot);
                          return (
                            <Table.Cell
                              key={slot}
                              textAlign="center"
                              title={byBusinessDays ? t('locations.times.viaBusinessDays') : undefined}
                            >
                              {box(
                                `times-${day}-${slot}`,
                                t('locations.times.slotLabel', { day: dayLabel(day), slot }),
                                current.schedule[day].includes(slot),
                                byBusinessDays,
                                (on) => toggleSlot(day, slot, on),
                              )}
                            </Table.Cell>
                          );
                        })}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('locations.fields.delivery_days')}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {t('locations.times.deliveryHelp')}
              </Text>
            </Card.Header>
            <Card.Body>
              <Flex gap="5" wrap="wrap">
                {WEEKDAYS.map((day) => (
                  <Checkbox.Root
                    key={day}
                    data-testid={`delivery-${day}`}
                    checked={current.delivery.includes(day)}
                    disabled={!canWrite}
                    onCheckedChange={(e) => toggleDay(day, e.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`locations.weekdays.${day}`)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Flex>
            </Card.Body>
          </Card.Root>
        </>
      ) : null}
    </Stack>
  );
}
