import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordDialog } from '../../shared/forms/RecordDialog';
import { useForm } from '../../shared/forms/useForm';
import { useRecordSave } from '../../shared/forms/useRecordSave';
import { isValid } from '../../shared/forms/validation';
import { StorageFields } from './StorageFields';
import { storageBody, storageErrors, storageValues, translatedSaveError } from './storageForm';
import { type LocationIds, type StorageDto, useCreateStorageMutation } from './storagesApi';

/** Create a rack at the location (every field of spec 3; the sensor comes with the plan). */
export function StorageDialog({
  ids,
  onClose,
  onCreated,
}: {
  ids: LocationIds;
  onClose: () => void;
  onCreated: (storage: StorageDto) => void;
}) {
  const { t } = useTranslation();
  const [create] = useCreateStorageMutation();
  const [initial] = useState(() => storageValues(null));
  const form = useForm(initial);
  const [stocked, setStocked] = useState(true);
  const save = useRecordSave<StorageDto>(null, onClose);
  const errors = storageErrors(form.values);
  const submit = () =>
    form.submit(async () => {
      try {
        await save(
          async () => {
            const created = await create({ ...ids, body: storageBody(form.values, stocked) }).unwrap();
            onCreated(created);
            return created;
          },
          t('storages.saved'),
        );
      } catch (error) {
        throw translatedSaveError(error, t);
      }
    });
  return (
    <RecordDialog
      testId="storage-dialog"
      title={t('storages.create')}
      form={form}
      canSubmit={isValid(errors)}
      onSubmit={submit}
      onClose={onClose}
    >
      <StorageFields companyID={ids.companyID} form={form} errors={errors} stocked={stocked} onStocked={setStocked} />
    </RecordDialog>
  );
}
