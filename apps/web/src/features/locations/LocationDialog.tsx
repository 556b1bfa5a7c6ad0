import { SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AddressField, AddressFields } from '../../shared/forms/AddressFields';
import { FlagFields, useFlags } from '../../shared/forms/FlagFields';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { textValues, trimmedValues } from '../../shared/forms/recordForm';
import { SelectField } from '../../shared/forms/SelectField';
import { textFieldsOf } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid, required } from '../../shared/forms/validation';
import { CustomValueFields, useCustomValues } from '../settings';
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
const TAKE_PICTURE: readonly TakePicture[] = [0, 1, 2];

function initialValues(location: LocationDto | null): Record<FieldName, string> {
  return {
    ...textValues(TEXT_FIELDS, location),
    geo_lat: location?.geo_lat == null ? '' : String(location.geo_lat),
    geo_long: location?.geo_long == null ? '' : String(location.geo_long),
    sort: String(location?.sort ?? 0),
    service_fee_quantity: location ? location.service_fee_quantity.toFixed(2) : '0.00',
    service_fee_item_id: location?.service_fee_item_id ? String(location.service_fee_item_id) : '',
  };
}

/**
 * Create or edit a location: every field of spec 3 in groups (delivery days and schedule are on the times page)
 * and its custom fields.
 */
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
  const [create] = useCreateLocationMutation();
  const [update] = useUpdateLocationMutation();
  const [initial] = useState(() => initialValues(location));
  const form = useForm(initial);
  // a new location orders the consumed difference (deltakanban on), as locations always did (docs/ordering-flags.md)
  const { flags, set: setFlag } = useFlags(FLAGS, location ?? { deltakanban: true });
  const [takePicture, setTakePicture] = useState<TakePicture>(location?.take_picture ?? 0);
  const custom = useCustomValues(companyID, 'location', location?.id ?? null);
  const save = useRecordSave(location, onClose);
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
      const body: LocationInput = {
        ...flags,
        take_picture: takePicture,
        ...trimmedValues(TEXT_FIELDS, values),
        geo_lat: values.geo_lat.trim() ? decimal(values.geo_lat) : null,
        geo_long: values.geo_long.trim() ? decimal(values.geo_long) : null,
        sort: Number(values.sort.trim()),
        service_fee_quantity: decimal(values.service_fee_quantity),
        service_fee_item_id: values.service_fee_item_id.trim() ? Number(values.service_fee_item_id.trim()) : 0,
      };
      try {
        await save(
          (existing) =>
            existing
              ? update({ companyID, customerID, locationID: existing.id, body }).unwrap()
              : create({ companyID, customerID, body }).unwrap(),
          t('locations.saved'),
          (saved) => custom.save(saved.id),
        );
      } catch (error) {
        throw withCatalogueText(error, t);
      }
    });
  const text = textFieldsOf<Exclude<FieldName, AddressField>>(form, errors, (name) => t(`locations.fields.${name}`));
  return (
    <RecordDialog
      testId="location-dialog"
      title={location ? t('locations.edit') : t('locations.create')}
      form={form}
      canSubmit={isValid(errors) && custom.ready}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name', { required: true })}
        {text('nr')}
        {text('extended_name')}
        {text('sort', { required: true })}
      </SimpleGrid>
      {text('description', { multiline: true })}
      <AddressFields field={form.field}>
        {text('geo_lat')}
        {text('geo_long')}
      </AddressFields>
      <Text fontWeight="semibold">{t('locations.groups.site')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('recipient')}
        {text('building')}
        {text('room')}
        {text('plant')}
        {text('site_code')}
        {text('trolley_number')}
      </SimpleGrid>
      <Text fontWeight="semibold">{t('locations.groups.erp')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('cost_center')}
        {text('r3_plant')}
        {text('account_assignment_number')}
        {text('account_assignment_type')}
        {text('ext_system_id')}
      </SimpleGrid>
      <Text fontWeight="semibold">{t('locations.groups.service')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('service_fee_quantity', { required: true })}
        {text('service_fee_item_id')}
        <SelectField
          name="take_picture"
          label={t('locations.fields.take_picture')}
          value={String(takePicture)}
          onChange={(v) => setTakePicture(Number(v) as TakePicture)}
          options={TAKE_PICTURE.map((mode) => ({ value: String(mode), label: t(`locations.takePicture.${mode}`) }))}
        />
      </SimpleGrid>
      <Text fontSize="sm" color="gray.600" data-testid="service-fee-hint">
        {t('orderingFlags.location.serviceFee')}
      </Text>
      <FlagFields names={FLAGS} flags={flags} onChange={setFlag} label={(name) => t(`locations.fields.${name}`)} hint={(name) => t(`orderingFlags.location.${name}`)} />
      <CustomValueFields custom={custom} />
    </RecordDialog>
  );
}
