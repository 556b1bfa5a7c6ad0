import { Checkbox, SimpleGrid, Text } from '@chakra-ui/react';
import { SENSOR_TYPES } from '@kanban/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { SelectField } from '../../shared/forms/SelectField';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid } from '../../shared/forms/validation';
import { sensorBody, sensorErrors, sensorValues, translatedSensorError, unitsOf } from './sensorForm';
import { type SensorDto, useCreateSensorMutation, useUpdateSensorMutation } from './sensorsApi';

/** Create or edit a sensor: every master-data field (the reported battery, signal and reading are not editable). */
export function SensorDialog({ companyID, sensor, onClose }: { companyID: number; sensor: SensorDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [create] = useCreateSensorMutation();
  const [update] = useUpdateSensorMutation();
  const save = useRecordSave(sensor, onClose);
  const [initial] = useState(() => sensorValues(sensor));
  const form = useForm(initial);
  const [active, setActive] = useState(sensor?.active ?? true);
  const errors = sensorErrors(form.values);
  const serverError = (field: 'type' | 'unit') => form.field(field).serverError;
  const submit = () =>
    form.submit(async () => {
      const body = sensorBody(form.values, active);
      try {
        await save(
          (existing) => (existing ? update({ companyID, id: existing.id, body }) : create({ companyID, body })).unwrap(),
          t('sensors.saved'),
        );
      } catch (error) {
        throw translatedSensorError(error, t);
      }
    });
  const chooseType = (type: string) => {
    form.set('type')(type);
    // a new type keeps the unit when it fits, else takes the type's first
    if (!unitsOf(type).includes(form.values.unit)) form.set('unit')(unitsOf(type)[0] ?? '');
  };
  return (
    <RecordDialog
      testId="sensor-dialog"
      title={sensor ? t('sensors.edit') : t('sensors.create')}
      form={form}
      canSubmit={isValid(errors)}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField {...form.field('name')} label={t('sensors.fields.name')} error={errors.name} required maxLength={200} />
        <TextField {...form.field('external_id')} label={t('sensors.fields.external_id')} error={errors.external_id} required maxLength={100} />
        <SelectField
          name="type"
          label={t('sensors.fields.type')}
          value={form.values.type}
          onChange={chooseType}
          options={SENSOR_TYPES.map((type) => ({ value: type, label: t(`sensors.types.${type}`) }))}
          error={serverError('type')}
          required
        />
        <SelectField
          name="unit"
          label={t('sensors.fields.unit')}
          value={form.values.unit}
          onChange={form.set('unit')}
          options={unitsOf(form.values.type).map((unit) => ({ value: unit, label: t(`sensors.units.${unit}`) }))}
          error={serverError('unit') ?? (errors.unit ? t(errors.unit) : undefined)}
          required
        />
        <TextField {...form.field('version')} label={t('sensors.fields.version')} maxLength={50} />
        <TextField
          {...form.field('interval_minutes')}
          label={t('sensors.fields.interval_minutes')}
          error={errors.interval_minutes}
          required
          type="number"
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t('sensors.externalIdHint')}
      </Text>
      <Checkbox.Root checked={active} onCheckedChange={(e) => setActive(e.checked === true)} name="active">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('sensors.fields.active')}</Checkbox.Label>
      </Checkbox.Root>
    </RecordDialog>
  );
}
