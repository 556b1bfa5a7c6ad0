import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { textValues, trimmedValues } from '../../shared/forms/recordForm';
import { TextField } from '../../shared/forms/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid, required } from '../../shared/forms/validation';
import {
  type StorageTypeDto,
  useCreateStorageTypeMutation,
  useUpdateStorageTypeMutation,
} from './settingsApi';
import { withTranslatedMessage } from './translatedError';

const FIELDS = ['name', 'description'] as const;

/** Create or edit a storage type (spec 3: name, description). */
export function StorageTypeDialog({
  companyID,
  storageType,
  onClose,
}: {
  companyID: number;
  storageType: StorageTypeDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [create] = useCreateStorageTypeMutation();
  const [update] = useUpdateStorageTypeMutation();
  const save = useRecordSave(storageType, onClose);
  const form = useForm(textValues(FIELDS, storageType));
  const errors = { name: required(form.values.name) };
  const submit = () =>
    form.submit(async () => {
      const body = trimmedValues(FIELDS, form.values);
      try {
        await save(
          (existing) => (existing ? update({ companyID, id: existing.id, body }) : create({ companyID, body })).unwrap(),
          t('settings.storageTypes.saved'),
        );
      } catch (error) {
        throw withTranslatedMessage(error, t);
      }
    });
  return (
    <RecordDialog
      testId="storage-type-dialog"
      title={storageType ? t('settings.storageTypes.edit') : t('settings.storageTypes.create')}
      form={form}
      canSubmit={isValid(errors)}
      onSubmit={submit}
      onClose={onClose}
      size="md"
    >
      <TextField {...form.field('name')} label={t('settings.storageTypes.fields.name')} error={errors.name} required maxLength={100} />
      <TextField {...form.field('description')} label={t('settings.storageTypes.fields.description')} multiline />
    </RecordDialog>
  );
}
