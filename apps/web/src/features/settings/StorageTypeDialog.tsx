import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/store';
import { FormDialog } from '../forms/FormDialog';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/useForm';
import { isValid, required } from '../forms/validation';
import { snackbarShown } from '../layout/layoutSlice';
import {
  type StorageTypeDto,
  useCreateStorageTypeMutation,
  useUpdateStorageTypeMutation,
} from './settingsApi';
import { withTranslatedMessage } from './translatedError';

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
  const dispatch = useAppDispatch();
  const [create] = useCreateStorageTypeMutation();
  const [update] = useUpdateStorageTypeMutation();
  const form = useForm({ name: storageType?.name ?? '', description: storageType?.description ?? '' });
  const errors = { name: required(form.values.name) };
  const submit = () =>
    form.submit(async () => {
      const body = { name: form.values.name.trim(), description: form.values.description.trim() };
      try {
        if (storageType) await update({ companyID, id: storageType.id, body }).unwrap();
        else await create({ companyID, body }).unwrap();
      } catch (error) {
        throw withTranslatedMessage(error, t);
      }
      dispatch(snackbarShown({ message: t('settings.storageTypes.saved'), variant: 'success' }));
      onClose();
    });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={storageType ? t('settings.storageTypes.edit') : t('settings.storageTypes.create')}
      testId="storage-type-dialog"
      submitLabel={t('common.save')}
      canSubmit={isValid(errors)}
      busy={form.locked}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField {...form.field('name')} label={t('settings.storageTypes.fields.name')} error={errors.name} required maxLength={100} />
      <TextField {...form.field('description')} label={t('settings.storageTypes.fields.description')} multiline />
    </FormDialog>
  );
}
