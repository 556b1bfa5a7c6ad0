import { Box, Card, Checkbox, Flex, Heading, Table, Text } from '@chakra-ui/react';
import { BUSINESS_DAYS, REQUISITION_SLOTS, WEEKDAYS, type ScheduleDay } from '@kanban/contracts';
import { useTranslation } from 'react-i18next';
import type { LocationSchedule, Weekday } from './locationsApi';

/** Business days first (they apply Monday to Friday), then the single weekdays. */
const ROWS: readonly ScheduleDay[] = ['business_days', ...WEEKDAYS];

/**
 * The requisition slots of a location, a row per day (business days first) and a box per slot; a weekday slot that
 * only the business-days row sets shows as indeterminate (with a hint).
 */
export function ScheduleCard({
  schedule,
  canWrite,
  onToggle,
  title,
  help,
}: {
  schedule: LocationSchedule;
  canWrite: boolean;
  onToggle: (day: ScheduleDay, slot: (typeof REQUISITION_SLOTS)[number], on: boolean) => void;
  /** the card's heading and help (default: the location's requisition schedule; a rack's reading times use their own) */
  title?: string;
  help?: string;
}) {
  const { t } = useTranslation();
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
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {title ?? t('locations.times.scheduleTitle')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {help ?? t('locations.times.scheduleHelp')}
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
                      schedule.business_days.includes(slot);
                    return (
                      <Table.Cell
                        key={slot}
                        textAlign="center"
                        title={byBusinessDays ? t('locations.times.viaBusinessDays') : undefined}
                      >
                        {box(
                          `times-${day}-${slot}`,
                          t('locations.times.slotLabel', { day: dayLabel(day), slot }),
                          schedule[day].includes(slot),
                          byBusinessDays,
                          (on) => onToggle(day, slot, on),
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
  );
}

/** The weekdays on which a location accepts deliveries, a box per weekday. */
export function DeliveryDaysCard({
  delivery,
  canWrite,
  onToggle,
}: {
  delivery: Weekday[];
  canWrite: boolean;
  onToggle: (day: Weekday, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
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
              checked={delivery.includes(day)}
              disabled={!canWrite}
              onCheckedChange={(e) => onToggle(day, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`locations.weekdays.${day}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
