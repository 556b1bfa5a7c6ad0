import { Checkbox, Field, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store';
import { AddressFields } from '../forms/AddressFields';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/useForm';
import { isValid, required } from '../forms/validation';
import { snackbarShown } from '../layout/layoutSlice';
import {
  type LocationDto,
  type LocationInput,
  type TakePicture,
  useCreateLocationMutation,
  useUpdateLocationMutation,
} from './locationsApi';
import { coordinateError, decimal, feeError, idError, sortError, withCatalogueText } from './locationForm';

const TEXT_FIELDS = [
  'name',
  'nr',
  'extended_name',
  'description',
  'street',
  'postal',
  'city',
  'state',
  'country_iso',
  'cost_center',
  'building',
  'room',
  'plant',
  'site_code',
  'recipient',
  'trolley_number',
  'r3_plant',
  'account_assignment_number',
  'account_assignment_type',
  'ext_system_id',
] as const;
type NumberField = 'geo_lat' | 'geo_long' | 'sort' | 'service_fee_quantity' | 'service_fee_item_id';
type FieldName = (typeof TEXT_FIELDS)[number] | NumberField;
const FLAGS = ['deltakanban', 'adhoc'] as const;
type Flag = (typeof FLAGS)[number];
const TAKE_PICTURE: readonly TakePicture[] = [0, 1, 2];

function initialValues(location: LocationDto | null): Record<FieldName, string> {
  const out = {} as Record<FieldName, string>;
  for (const name of TEXT_FIELDS) out[name] = location ? location[name] : '';
  out.geo_lat = location?.geo_lat == null ? '' : String(location.geo_lat);
  out.geo_long = location?.geo_long == null ? '' : String(location.geo_long);
  out.sort = String(location?.sort ?? 0);
  out.service_fee_quantity = location ? location.service_fee_quantity.toFixed(2) : '0.00';
  out.service_fee_item_id = location?.service_fee_item_id ? String(location.service_fee_item_id) : '';
  return out;
}

/** Create or edit a location: every field of spec 3 in groups (delivery days and schedule are on the times page). */
export function LocationDialog({
  companyID,
  customerID,
  location,
  onClose,
}: {
  companyID: number;
  customerID: number;
  location: LocationDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [create] = useCreateLocationMutation();
  const [update] = useUpdateLocationMutation();
  const [initial] = useState(() => initialValues(location));
  const form = useForm(initial);
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    deltakanban: location?.deltakanban ?? false,
    adhoc: location?.adhoc ?? false,
  });
  const [takePicture, setTakePicture] = useState<TakePicture>(location?.take_picture ?? 0);
  const { values } = form;
  const errors: Partial<Record<FieldName, string>> = {
    name: required(values.name),
    geo_lat: coordinateError(values.geo_lat, 90),
    geo_long: coordinateError(values.geo_long, 180),
    sort: sortError(values.sort),
    service_fee_quantity: feeError(values.service_fee_quantity),
    service_fee_item_id: idError(values.service_fee_item_id),
  };
  const submit = () =>
    form.submit(async () => {
      const body: LocationInput = { ...flags, take_picture: takePicture };
      for (const name of TEXT_FIELDS) body[name] = values[name].trim();
      body.geo_lat = values.geo_lat.trim() ? decimal(values.geo_lat) : null;
      body.geo_long = values.geo_long.trim() ? decimal(values.geo_long) : null;
      body.sort = Number(values.sort.trim());
      body.service_fee_quantity = decimal(values.service_fee_quantity);
      body.service_fee_item_id = values.service_fee_item_id.trim()
        ? Number(values.service_fee_item_id.trim())
        : 0;
      try {
        if (location) await update({ companyID, customerID, locationID: location.id, body }).unwrap();
        else await create({ companyID, customerID, body }).unwrap();
      } catch (error) {
        throw withCatalogueText(error, t);
      }
      dispatch(snackbarShown({ message: t('locations.saved'), variant: 'success' }));
      onClose();
    });
  const text = (name: FieldName, label: string, extra: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField {...form.field(name)} label={label} error={errors[name]} {...extra} />
  );
  const flag = (name: Flag) => (
    <Checkbox.Root
      key={name}
      checked={flags[name]}
      onCheckedChange={(e) => setFlags((f) => ({ ...f, [name]: e.checked === true }))}
      name={name}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t(`locations.fields.${name}`)}</Checkbox.Label>
    </Checkbox.Root>
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={location ? t('locations.edit') : t('locations.create')}
      testId="location-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', t('locations.fields.name'), { required: true })}
        {text('nr', t('locations.fields.nr'))}
        {text('extended_name', t('locations.fields.extended_name'))}
        {text('sort', t('locations.fields.sort'), { required: true })}
      </SimpleGrid>
      {text('description', t('locations.fields.description'), { multiline: true })}
      <AddressFields field={form.field}>
        {text('geo_lat', t('locations.fields.geo_lat'))}
        {text('geo_long', t('locations.fields.geo_long'))}
      </AddressFields>
      <Text fontWeight="semibold">{t('locations.groups.site')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('recipient', t('locations.fields.recipient'))}
        {text('building', t('locations.fields.building'))}
        {text('room', t('locations.fields.room'))}
        {text('plant', t('locations.fields.plant'))}
        {text('site_code', t('locations.fields.site_code'))}
        {text('trolley_number', t('locations.fields.trolley_number'))}
      </SimpleGrid>
      <Text fontWeight="semibold">{t('locations.groups.erp')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('cost_center', t('locations.fields.cost_center'))}
        {text('r3_plant', t('locations.fields.r3_plant'))}
        {text('account_assignment_number', t('locations.fields.account_assignment_number'))}
        {text('account_assignment_type', t('locations.fields.account_assignment_type'))}
        {text('ext_system_id', t('locations.fields.ext_system_id'))}
      </SimpleGrid>
      <Text fontWeight="semibold">{t('locations.groups.service')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('service_fee_quantity', t('locations.fields.service_fee_quantity'), { required: true })}
        {text('service_fee_item_id', t('locations.fields.service_fee_item_id'))}
        <Field.Root>
          <Field.Label>{t('locations.fields.take_picture')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="take_picture"
              value={String(takePicture)}
              onChange={(e) => setTakePicture(Number(e.target.value) as TakePicture)}
            >
              {TAKE_PICTURE.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`locations.takePicture.${mode}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Stack gap="2">{FLAGS.map(flag)}</Stack>
    </FormDialog>
  );
}
