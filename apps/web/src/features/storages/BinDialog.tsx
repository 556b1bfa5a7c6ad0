import { Box, Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BIN_MEASURES, type BinMeasure, NOISE_BAND_DEFAULTS, NOISE_BAND_MAX } from '@kanban/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/apiError';
import { FormDialog } from '../../shared/forms/FormDialog';
import { SelectField } from '../../shared/forms/SelectField';
import { useSubmitLock } from '../../shared/forms/useSubmitLock';
import { useAppDispatch } from '../../shared/hooks';
import { Icon } from '../../shared/icons';
import { snackbarShown } from '../../shared/layout/layoutSlice';
import { ConfirmDialog } from '../../shared/lists/ConfirmDialog';
import { useDebounced } from '../../shared/lists/useDebounced';
import { useFormat } from '../../i18n/useFormat';
import { FillLevelSection, useRulesQuery } from '../rules';
import { CalibrateNow } from './CalibrateNow';
import {
  type StorageBinDto,
  type StorageBinInput,
  type StorageIds,
  useClearStorageBinMutation,
  usePutStorageBinMutation,
  useSensorChoicesQuery,
} from './storagesApi';

/** The calibration fields shown for each measured kind (the server keeps only these). */
const CALIBRATION: Record<BinMeasure, readonly NumberField[]> = {
  weight_g: ['tare', 'piece_weight'],
  distance_mm: ['empty_distance', 'full_distance'],
  count: ['pieces_per_bin'],
};
type NumberField = 'tare' | 'piece_weight' | 'empty_distance' | 'full_distance' | 'pieces_per_bin' | 'plausibility_min' | 'plausibility_max' | 'dead_time_seconds' | 'noise_band';
const NUMBER_FIELDS: readonly NumberField[] = ['tare', 'piece_weight', 'empty_distance', 'full_distance', 'pieces_per_bin', 'plausibility_min', 'plausibility_max', 'dead_time_seconds', 'noise_band'];

/** The i18n key of the server's message for a field of a 1000 answer (the server speaks English). */
const SERVER_FIELD_TEXT: Record<string, string> = {
  kanban_rule_id: 'storages.bin.validation.rule',
  sensor_id: 'storages.bin.validation.sensor',
  measured: 'storages.bin.validation.measured',
  wanted: 'storages.bin.validation.wanted',
  piece_weight: 'storages.bin.validation.positive',
  pieces_per_bin: 'storages.bin.validation.positive',
  tare: 'storages.bin.validation.amount',
  empty_distance: 'storages.bin.validation.amount',
  full_distance: 'storages.bin.validation.fullDistance',
  plausibility_min: 'storages.bin.validation.number',
  plausibility_max: 'storages.bin.validation.plausibility',
  dead_time_seconds: 'storages.bin.validation.deadTime',
  noise_band: 'storages.bin.validation.noiseBand',
};

/** The noise band typed: none (the sensor type's default) or 0..NOISE_BAND_MAX pieces; anything else is refused at the field. */
function badNoiseBand(value: number | null | 'bad'): boolean {
  return value !== null && (value === 'bad' || value < 0 || value > NOISE_BAND_MAX);
}

const text = (value: number | null) => (value === null ? '' : String(value));

/** A number field's value: '' is none, else a finite number (a comma is a decimal point). */
function numberOf(value: string): number | null | 'bad' {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 'bad';
}

/** A typed number, null when empty or not a number (calibrate now needs a value to compute from). */
function amountOf(value: string): number | null {
  const n = numberOf(value);
  return n === 'bad' ? null : n;
}

/**
 * What a bin holds (writers, from the plan): one of the location's kanban rules (searched by SKU, name or scan code)
 * and, once the company has sensors, a sensor with what it measures, what should be measured and the calibration
 * of that kind, plausibility bounds, dead time and noise band (empty: the sensor type's default, shown beside it). Saving replaces the bin; "Empty bin" clears it after asking.
 * Messages of a refused save stand at their field in the reader's language.
 */
export function BinDialog({ ids, bin, onClose }: { ids: StorageIds; bin: StorageBinDto; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [put] = usePutStorageBinMutation();
  const [clear, clearing] = useClearStorageBinMutation();
  const { locked, run } = useSubmitLock();
  const [ruleId, setRuleId] = useState<number | null>(bin.kanban_rule_id);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const rules = useRulesQuery({ companyID: ids.companyID, customer_id: ids.customerID, location_id: ids.locationID, all: true, q: q || undefined, per_page: 8, sort: 'sku' });
  const sensors = useSensorChoicesQuery({ companyID: ids.companyID });
  const sensorList = sensors.isError ? [] : (sensors.data?.items ?? []);
  const [sensorId, setSensorId] = useState(bin.sensor_id === null ? '' : String(bin.sensor_id));
  const [measured, setMeasured] = useState<string>(bin.measured ?? '');
  const [wanted, setWanted] = useState<string>(bin.wanted ?? (bin.sensor_id === null ? 'pieces' : ''));
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(() => Object.fromEntries(NUMBER_FIELDS.map((f) => [f, text(bin[f])])) as Record<NumberField, string>);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);
  const [asking, setAsking] = useState(false);
  // a server message stands until the reader changes something
  useEffect(() => setFieldError(null), [ruleId, sensorId, measured, wanted, numbers]);
  const chosen = useMemo(() => rules.data?.items.find((r) => r.id === ruleId), [rules.data, ruleId]);
  const shown = sensorId !== '' ? [...(measured ? CALIBRATION[measured as BinMeasure] : []), 'plausibility_min', 'plausibility_max', 'dead_time_seconds', 'noise_band'] as NumberField[] : [];
  const badNumber = shown.find((f) => (f === 'noise_band' ? badNoiseBand(numberOf(numbers[f])) : numberOf(numbers[f]) === 'bad'));
  const errorAt = (field: string) =>
    fieldError?.field === field
      ? fieldError.text
      : field === badNumber
        ? field === 'noise_band'
          ? t('storages.bin.validation.noiseBand', { max: format.number(NOISE_BAND_MAX) })
          : t('storages.bin.validation.number')
        : undefined;
  // the band that applies when the field is left empty: the chosen sensor's type's (docs/storages.md "Noise band")
  const sensorType = sensorList.find((s) => String(s.id) === sensorId)?.type;
  const bandDefault = sensorType ? NOISE_BAND_DEFAULTS[sensorType] : null;
  const hintOf = (field: NumberField) =>
    field !== 'noise_band'
      ? undefined
      : bandDefault === null
        ? t('storages.bin.noiseBandHint')
        : t('storages.bin.noiseBandDefault', { value: format.number(bandDefault), type: t(`sensors.types.${sensorType}`) });

  const body = (): StorageBinInput => {
    const out: StorageBinInput = { kanban_rule_id: ruleId, sensor_id: sensorId === '' ? null : Number(sensorId) };
    if (sensorId === '') return out;
    out.measured = measured === '' ? null : (measured as BinMeasure);
    out.wanted = wanted === '' ? null : 'pieces';
    for (const field of shown) out[field] = numberOf(numbers[field]) as number | null;
    return out;
  };
  const save = () =>
    void run(async () => {
      setFailure(null);
      setFieldError(null);
      try {
        await put({ ...ids, row: bin.row, column: bin.column, body: body() }).unwrap();
        dispatch(snackbarShown({ message: t('storages.bin.saved', { label: bin.label }), variant: 'success' }));
        onClose();
      } catch (error) {
        if (isApiError(error) && error.code === 1000 && error.field) {
          const inOther = error.field === 'sensor_id' && /already in bin/.test(error.message);
          const key = inOther ? 'storages.bin.validation.sensorInOther' : SERVER_FIELD_TEXT[error.field];
          setFieldError({ field: error.field, text: key ? t(key, { max: format.number(NOISE_BAND_MAX) }) : error.message });
          setFailure(t('errors.code.1000'));
        } else setFailure(isApiError(error) && error.message ? error.message : t('errors.unknown'));
      }
    });
  const confirmClear = () =>
    clear({ ...ids, row: bin.row, column: bin.column })
      .unwrap()
      .then(() => {
        dispatch(snackbarShown({ message: t('storages.bin.cleared', { label: bin.label }), variant: 'success' }));
        onClose();
      })
      .catch(() => setFailure(t('errors.unknown')))
      .finally(() => setAsking(false));

  return (
    <>
      <FormDialog
        open
        onClose={onClose}
        title={t('storages.bin.title', { label: bin.label, number: bin.number })}
        testId="bin-dialog"
        submitLabel={t('common.save')}
        canSubmit={!badNumber}
        busy={locked}
        failure={failure}
        onSubmit={save}
        size="lg"
      >
        {bin.rule ? (
          <FillLevelSection
            companyID={ids.companyID}
            ruleID={bin.rule.id}
            customerID={ids.customerID}
            locationID={ids.locationID}
            sku={bin.rule.sku}
            onNavigate={onClose}
          />
        ) : null}
        <Stack gap="2">
          <Text fontWeight="semibold">{t('storages.bin.rule')}</Text>
          <Text fontSize="sm" data-testid="bin-dialog-rule">
            {ruleId === null
              ? t('storages.bin.noRule')
              : chosen
                ? `${chosen.item.sku} · ${chosen.item.name}`
                : bin.rule && bin.rule.id === ruleId
                  ? `${bin.rule.sku} · ${bin.rule.name}`
                  : t('storages.bin.ruleNumber', { id: ruleId })}
          </Text>
          <Field.Root invalid={Boolean(errorAt('kanban_rule_id'))}>
            <Field.Label>{t('storages.bin.searchRule')}</Field.Label>
            <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('storages.bin.searchPlaceholder')} data-testid="bin-rule-search" />
            {errorAt('kanban_rule_id') ? <Field.ErrorText>{errorAt('kanban_rule_id')}</Field.ErrorText> : null}
          </Field.Root>
          <Stack gap="1" role="listbox" aria-label={t('storages.bin.rules')} data-testid="bin-rule-options">
            {(rules.data?.items ?? []).map((rule) => (
              <Button
                key={rule.id}
                role="option"
                aria-selected={rule.id === ruleId}
                variant={rule.id === ruleId ? 'solid' : 'outline'}
                size="sm"
                justifyContent="flex-start"
                onClick={() => setRuleId(rule.id)}
                data-testid={`bin-rule-${rule.id}`}
              >
                <Text truncate>
                  {rule.item.sku} · {rule.item.name}
                </Text>
              </Button>
            ))}
            {rules.data && rules.data.items.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('storages.bin.noRules')}
              </Text>
            ) : null}
          </Stack>
          {/* outside the listbox: a listbox holds options only */}
          {ruleId !== null ? (
            <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={() => setRuleId(null)} data-testid="bin-rule-none">
              {t('storages.bin.removeRule')}
            </Button>
          ) : null}
        </Stack>
        <Stack gap="3">
          <Text fontWeight="semibold">{t('storages.bin.sensor')}</Text>
          {sensorList.length === 0 && bin.sensor_id === null ? (
            <Text fontSize="sm" color="fg.muted" data-testid="bin-no-sensors">
              {t('storages.bin.noSensors')}
            </Text>
          ) : (
            <>
              <SelectField
                name="sensor_id"
                label={t('storages.bin.sensor')}
                value={sensorId}
                onChange={setSensorId}
                options={[{ value: '', label: t('storages.bin.noSensor') }, ...sensorList.map((s) => ({ value: String(s.id), label: `${s.name} (${s.external_id})` }))]}
                error={errorAt('sensor_id')}
              />
              {sensorId !== '' ? (
                <>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    <SelectField
                      name="measured"
                      label={t('storages.bin.fields.measured')}
                      required
                      value={measured}
                      onChange={setMeasured}
                      options={[{ value: '', label: t('storages.bin.choose') }, ...BIN_MEASURES.map((m) => ({ value: m, label: t(`storages.bin.measures.${m}`) }))]}
                      error={errorAt('measured')}
                    />
                    <SelectField
                      name="wanted"
                      label={t('storages.bin.fields.wanted')}
                      required
                      value={wanted}
                      onChange={setWanted}
                      options={[
                        { value: '', label: t('storages.bin.choose') },
                        { value: 'pieces', label: t('storages.bin.wanted.pieces') },
                      ]}
                      error={errorAt('wanted')}
                    />
                  </SimpleGrid>
                  <CalibrateNow
                    companyID={ids.companyID}
                    sensorId={Number(sensorId)}
                    measured={measured as BinMeasure | ''}
                    tare={amountOf(numbers.tare)}
                    emptyDistance={amountOf(numbers.empty_distance)}
                    onValue={(field, value) => setNumbers((n) => ({ ...n, [field]: String(value) }))}
                  />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    {shown.map((field) => (
                      <Field.Root key={field} invalid={Boolean(errorAt(field))}>
                        <Field.Label>{t(`storages.bin.fields.${field}`)}</Field.Label>
                        <Input
                          name={field}
                          inputMode="decimal"
                          value={numbers[field]}
                          placeholder={field === 'noise_band' && bandDefault !== null ? format.number(bandDefault) : undefined}
                          onChange={(e) => setNumbers((n) => ({ ...n, [field]: e.target.value }))}
                        />
                        {errorAt(field) ? (
                          <Field.ErrorText data-testid={`bin-${field}-error`}>{errorAt(field)}</Field.ErrorText>
                        ) : hintOf(field) ? (
                          <Field.HelperText data-testid={`bin-${field}-hint`}>{hintOf(field)}</Field.HelperText>
                        ) : null}
                      </Field.Root>
                    ))}
                  </SimpleGrid>
                </>
              ) : null}
            </>
          )}
        </Stack>
        {bin.kanban_rule_id !== null || bin.sensor_id !== null ? (
          <Box>
            <Button variant="outline" colorPalette="red" size="sm" onClick={() => setAsking(true)} data-testid="bin-clear">
              <Icon name="close" />
              {t('storages.bin.clear')}
            </Button>
          </Box>
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={asking}
        title={t('storages.bin.clearTitle')}
        text={t('storages.bin.clearText', { label: bin.label })}
        confirmLabel={t('storages.bin.clear')}
        busy={clearing.isLoading}
        onConfirm={confirmClear}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
