import { Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { BinMeasure, SensorUnit } from '@kanban/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/useFormat';
import { ageText, useSensorQuery } from '../sensors';
import { calibrate, type CalibrationResult, calibrationSteps, type CalibrationStep } from './calibration';

type CalibrationField = Extract<CalibrationResult, { ok: true }>['field'];

/** how often the sensor's newest reading is fetched while the panel is open */
const POLL_MS = 5_000;

/**
 * "Calibrate now" in the bin dialog (docs/storages.md): the sensor's newest reading with its age, refreshed every few
 * seconds, and one button per step that takes it into the form (weight: empty bin → tare, N pieces → weight per
 * piece; distance: empty and full). The reader empties or fills the bin, waits until the reading shown is newer than
 * that, and presses the step's button; saving the bin keeps the values as typed ones.
 */
export function CalibrateNow({
  companyID,
  sensorId,
  measured,
  tare,
  emptyDistance,
  onValue,
}: {
  companyID: number;
  sensorId: number;
  measured: BinMeasure | '';
  tare: number | null;
  emptyDistance: number | null;
  onValue: (field: CalibrationField, value: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const steps = calibrationSteps(measured);
  const sensor = useSensorQuery({ companyID, id: sensorId }, { pollingInterval: POLL_MS, skip: steps.length === 0 });
  const [pieces, setPieces] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => setOutcome(null), [sensorId, measured]);
  if (steps.length === 0 || measured === '') return null;

  const data = sensor.data;
  const unit = (data?.unit ?? 'g') as SensorUnit;
  const reading = data && data.last_value !== null ? data.last_value : null;
  const run = (step: CalibrationStep) => {
    const count = pieces.trim() === '' ? null : Number(pieces.replace(',', '.'));
    const result = calibrate(measured, step, { value: reading, unit }, { tare, emptyDistance, pieces: count });
    if (result.ok) {
      onValue(result.field, result.value);
      setOutcome({ ok: true, text: t(`storages.bin.calibrate.set.${result.field}`, { value: format.number(result.value) }) });
    } else setOutcome({ ok: false, text: t(`storages.bin.calibrate.refused.${result.reason}`) });
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="bin-calibrate">
      <Stack gap="2">
        <Text fontWeight="semibold">{t('storages.bin.calibrate.title')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t(measured === 'weight_g' ? 'storages.bin.calibrate.hintWeight' : 'storages.bin.calibrate.hintDistance')}
        </Text>
        <Text fontSize="sm" data-testid="bin-calibrate-reading" aria-live="polite">
          {data && data.last_value !== null && data.last_seen_at
            ? t('storages.bin.calibrate.latest', {
                value: format.number(data.last_value),
                unit: t(`sensors.units.${unit}`, { defaultValue: unit }),
                age: ageText(data.last_seen_at, now, i18n.language),
              })
            : sensor.isLoading
              ? t('storages.bin.calibrate.loading')
              : t('storages.bin.calibrate.never')}
        </Text>
        <Flex gap="2" wrap="wrap" align="flex-end">
          <Button size="sm" variant="outline" onClick={() => run('empty')} data-testid="bin-calibrate-empty">
            {t('storages.bin.calibrate.readEmpty')}
          </Button>
          {measured === 'weight_g' ? (
            <>
              <Field.Root width="auto">
                <Field.Label fontSize="sm">{t('storages.bin.calibrate.pieces')}</Field.Label>
                <Input size="sm" width="24" inputMode="numeric" name="calibrate_pieces" value={pieces} onChange={(e) => setPieces(e.target.value)} data-testid="bin-calibrate-count" />
              </Field.Root>
              <Button size="sm" variant="outline" onClick={() => run('pieces')} data-testid="bin-calibrate-pieces">
                {t('storages.bin.calibrate.readPieces')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => run('full')} data-testid="bin-calibrate-full">
              {t('storages.bin.calibrate.readFull')}
            </Button>
          )}
        </Flex>
        {outcome ? (
          <Text fontSize="sm" color={outcome.ok ? 'green.700' : 'red.600'} role={outcome.ok ? 'status' : 'alert'} data-testid="bin-calibrate-outcome">
            {outcome.text}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
